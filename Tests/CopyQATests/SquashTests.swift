import Foundation
import Testing
@testable import CopyQA

@Suite("The 3.1.2 rules squash whitespace as Foundation's whitespacesAndNewlines does")
struct SquashTests {
    @Test("every Unicode scalar, alone and between letters: the same as filtering by CharacterSet.whitespacesAndNewlines")
    func everyScalar() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b 9,99\u{00A0}€"
            let foundation = String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }))
            if PaywallRules.squash(text) != foundation { differing.append(value) }
        }
        #expect(differing.isEmpty, "differ at \(differing.prefix(10).map { String($0, radix: 16) })")
        // ASCII text takes the byte path: every ASCII character between letters.
        let asciiDiffering = (UInt8(0)..<0x80).filter { byte in
            let text = "a" + String(UnicodeScalar(byte)) + "b 9.99 $"
            return PaywallRules.squash(text) != String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }))
        }
        #expect(asciiDiffering.isEmpty, "differ at \(asciiDiffering)")
        #expect(PaywallRules.squash(" $59.99 /\tyear\n") == "$59.99/year")
        #expect(PaywallRules.squash("59,99\u{00A0}€ / an") == "59,99€/an")
    }
}
