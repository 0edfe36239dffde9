import Foundation
import Testing
@testable import PaywallFoundation

/// `TrimmedText` answers exactly as Foundation's `trimmingCharacters(in:)` for both sets: every
/// pair of ASCII characters at the ends, and ends drawn from every Unicode space, line break and
/// control character plus seeded random scalars.
@Suite("Trimming without Foundation's character sets")
struct TrimmedTextTests {
    static func check(_ text: String, _ failures: inout [String]) {
        if TrimmedText.ofWhitespace(text) != text.trimmingCharacters(in: .whitespaces) { failures.append("whitespace \(Array(text.unicodeScalars))") }
        if TrimmedText.ofWhitespaceAndNewlines(text) != text.trimmingCharacters(in: .whitespacesAndNewlines) {
            failures.append("whitespace and newlines \(Array(text.unicodeScalars))")
        }
    }

    @Test func everyPairOfASCIIEndsAnswersAsFoundation() {
        var failures: [String] = [], compared = 0
        for head in 0..<128 {
            for tail in 0..<128 {
                let ends = (Character(Unicode.Scalar(UInt8(head))), Character(Unicode.Scalar(UInt8(tail))))
                for middle in ["", "a", " hello ", "\u{3000}"] {
                    Self.check("\(ends.0)\(middle)\(ends.1)", &failures)
                    compared += 1
                }
            }
        }
        #expect(compared == 128 * 128 * 4)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test func unicodeEndsAnswerAsFoundation() {
        var scalars: [Unicode.Scalar] = (0...0x3000).compactMap(Unicode.Scalar.init).filter {
            $0.properties.generalCategory == .spaceSeparator || $0.properties.generalCategory == .lineSeparator
                || $0.properties.generalCategory == .paragraphSeparator || $0.properties.generalCategory == .control
                || $0.properties.generalCategory == .format
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 { if let scalar = Unicode.Scalar(UInt32.random(in: 0x80...0x2FFFF, using: &random)) { scalars.append(scalar) } }
        var failures: [String] = []
        for head in scalars {
            for tail in ["x", " ", "\n", String(head)] {
                Self.check(String(head) + "chat message" + tail, &failures)
                Self.check(tail + "chat message" + String(head), &failures)
            }
        }
        Self.check("", &failures)
        #expect(scalars.count > 300)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }
}
