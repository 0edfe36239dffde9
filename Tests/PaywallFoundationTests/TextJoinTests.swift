import Testing
@testable import PaywallFoundation

/// `TextJoin` joins as `joined(separator:)` does.
@Suite("Text joining")
struct TextJoinTests {
    static let lists: [[String]] = [[], [""], ["a"], ["", ""], ["a", "b", "c"], ["Premium", "·", "無制限", "👩‍👩‍👧"], ["x", "", "y", ""]]

    @Test func stringsJoinAsTheStandardLibraryJoins() {
        for parts in Self.lists {
            for separator in ["", "/", ", ", "|", "—"] {
                #expect(TextJoin.join(parts, separator: separator) == parts.joined(separator: separator))
                let substrings = parts.map { Substring($0) }
                #expect(TextJoin.join(substrings, separator: separator) == substrings.joined(separator: separator))
            }
        }
    }
}
