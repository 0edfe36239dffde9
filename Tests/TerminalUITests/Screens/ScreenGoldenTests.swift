import Foundation
import PaywallCore
import Testing
import TestSupport
@testable import PaywallScreens
@testable import TerminalKit

/// Every screen's plain text against `Goldens/<screen>-<offer>-<locale>-<W>x<H>.txt`.
///
/// A missing or different golden fails with a line diff; `PAYWALLSIM_UPDATE_GOLDENS=1` rewrites
/// them (see `GoldenFile`).
@Suite struct ScreenGoldenTests {
    static let directory = TestPaths.path("Tests/TerminalUITests/Screens/Goldens")

    static func goldenName(_ screen: String, _ offer: String, _ locale: String, _ size: TerminalSize) -> String {
        "\(screen)-\(offer)-\(locale)-\(size.width)x\(size.height).txt"
    }

    @Test func everyScreenMatchesItsGolden() throws {
        var problems: [String] = []
        for (c, offer, offerName) in ScreenFixtures.variants {
            for locale in ScreenFixtures.locales {
                for size in ScreenFixtures.sizes {
                    let text = ScreenFixtures.render(c, offer: offer, locale: locale, size: size).plainText + "\n"
                    let url = Self.directory.appendingPathComponent(Self.goldenName(c.name, offerName, locale, size))
                    if let problem = GoldenFile.problem(text, golden: url) { problems.append(problem) }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) screen golden(s):\n\(problems.prefix(5).joined(separator: "\n"))")
    }

    @Test func tooSmallScreenHasAGolden() throws {
        let size = TerminalSize(width: 50, height: 15)
        for locale in ScreenFixtures.locales {
            let rendered = ScreenRenderer.render(ScreenFixtures.context(ScreenFixtures.paywallModel(.A), locale: locale),
                                                 theme: ScreenFixtures.theme, deck: ScreenFixtures.deck, size: size)
            let url = Self.directory.appendingPathComponent(Self.goldenName("tooSmall", "any", locale, size))
            let problem = GoldenFile.problem(rendered.plainText + "\n", golden: url)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }
}
