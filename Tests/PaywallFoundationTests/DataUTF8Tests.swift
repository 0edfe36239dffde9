import Foundation
import Testing
@testable import PaywallFoundation

/// `Data(utf8:)` holds the bytes `Data(text.utf8)` holds, for strings and substrings of every kind.
@Suite("Data from UTF-8 text")
struct DataUTF8Tests {
    static let texts: [String] = ["", "\n", "{}", "plain ASCII", "Premium · unlimited", "무료 체험", "免费试用 7 天", "👩‍👩‍👧 é\u{301}",
                                  String(repeating: "x", count: 100_000), NSString(string: "bridged ✓").substring(from: 0)]

    @Test func stringsMatchTheirUTF8View() {
        for text in Self.texts {
            #expect(Data(utf8: text) == Data(text.utf8), "\(text.prefix(20))")
        }
    }

    @Test func substringsMatchTheirUTF8View() {
        for text in Self.texts where !text.isEmpty {
            let middle = text.dropFirst().dropLast()
            #expect(Data(utf8: middle) == Data(middle.utf8), "\(text.prefix(20))")
            #expect(Data(utf8: text[...]) == Data(text.utf8))
        }
    }
}
