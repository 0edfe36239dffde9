import Foundation
import PaywallCore
import Testing
@testable import TerminalUI

/// Every screen's plain text against `Goldens/<screen>-<offer>-<locale>-<W>x<H>.txt`.
///
/// A missing or different golden fails. With `PAYWALLSIM_RECORD_GOLDENS=1` the goldens are
/// (re)written and the test still fails once, so that recording is always an explicit step.
@Suite struct ScreenGoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let recording = ProcessInfo.processInfo.environment["PAYWALLSIM_RECORD_GOLDENS"] == "1"

    static func goldenName(_ screen: String, _ offer: String, _ locale: String, _ size: TerminalSize) -> String {
        "\(screen)-\(offer)-\(locale)-\(size.width)x\(size.height).txt"
    }

    @Test func everyScreenMatchesItsGolden() throws {
        var mismatches: [String] = []
        var recorded = 0
        for (c, offer, offerName) in ScreenFixtures.variants {
            for locale in ScreenFixtures.locales {
                for size in ScreenFixtures.sizes {
                    let text = ScreenFixtures.render(c, offer: offer, locale: locale, size: size).plainText + "\n"
                    let url = Self.directory.appendingPathComponent(Self.goldenName(c.name, offerName, locale, size))
                    let golden = try? String(contentsOf: url, encoding: .utf8)
                    if golden == text { continue }
                    if Self.recording {
                        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                        try text.write(to: url, atomically: true, encoding: .utf8)
                        recorded += 1
                    } else {
                        mismatches.append(url.lastPathComponent + (golden == nil ? " (missing)" : " (differs)"))
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "goldens differ; re-record with PAYWALLSIM_RECORD_GOLDENS=1 after checking the screens: \(mismatches)")
        #expect(recorded == 0, "recorded \(recorded) golden(s); review them (git diff) and run the tests again without PAYWALLSIM_RECORD_GOLDENS")
    }

    @Test func tooSmallScreenHasAGolden() throws {
        let size = TerminalSize(width: 50, height: 15)
        for locale in ScreenFixtures.locales {
            let rendered = ScreenRenderer.render(ScreenFixtures.context(ScreenFixtures.paywallModel(.A), locale: locale),
                                                 theme: ScreenFixtures.theme, deck: ScreenFixtures.deck, size: size)
            let url = Self.directory.appendingPathComponent(Self.goldenName("tooSmall", "any", locale, size))
            let text = rendered.plainText + "\n"
            if Self.recording, (try? String(contentsOf: url, encoding: .utf8)) != text {
                try text.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("recorded \(url.lastPathComponent)")
                continue
            }
            #expect((try? String(contentsOf: url, encoding: .utf8)) == text, "\(url.lastPathComponent) differs or is missing")
        }
    }
}
