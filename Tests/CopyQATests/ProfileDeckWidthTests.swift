import CopyDeck
import Foundation
import Profiles
import TerminalKit
import Testing

/// Profile deck entries whose comment states a column limit fit it, measured with the renderer's
/// width rule (`DisplayWidth`).
@Suite struct ProfileDeckWidthTests {
    /// Entries whose comment says "At most N columns" fit N, with a long price in place of `%@`.
    @Test(arguments: BuiltInProfiles.names)
    func limitedEntriesFitTheirColumns(name: String) throws {
        let catalog = try #require(ProfileDecks.catalog(name))
        let deck = CopyDeck(catalog)
        let pattern = try NSRegularExpression(pattern: "At most ([0-9]+) columns")
        var checked = 0
        for key in catalog.keys {
            guard let comment = catalog[key]?.comment,
                  let match = pattern.firstMatch(in: comment, range: NSRange(comment.startIndex..., in: comment)),
                  let range = Range(match.range(at: 1), in: comment), let limit = Int(comment[range]) else { continue }
            for language in ["en", "zh-Hans", "ko"] {
                let text = deck.resolve(key, locale: language, ["₩12,000"]).text
                #expect(DisplayWidth.of(text) <= limit, "\(name) \(key) \(language): \(text) is over \(limit) columns")
                checked += 1
            }
        }
        #expect(checked > 0, "\(name): no entry states a column limit")
    }
}
