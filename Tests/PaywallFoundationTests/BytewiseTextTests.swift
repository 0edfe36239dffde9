import Testing
@testable import PaywallFoundation

@Suite("Text compared and hashed by its bytes")
struct BytewiseTextTests {
    @Test("equal bytes are equal and hash alike; canonically equivalent text with other bytes is not equal")
    func bytes() {
        let composed = "caf\u{E9} · plan", decomposed = "cafe\u{301} · plan"
        #expect(composed == decomposed)                    // String's own ==: canonical equivalence
        #expect(BytewiseText(composed) != BytewiseText(decomposed))
        let copy = String(decoding: Array(composed.utf8), as: UTF8.self)
        #expect(BytewiseText(composed) == BytewiseText(copy))
        #expect(BytewiseText(composed).hashValue == BytewiseText(copy).hashValue)
        #expect(Set([BytewiseText(composed), BytewiseText(copy), BytewiseText(decomposed)]).count == 2)
    }

    @Test("nil, empty, small and long text, and a substring's copy")
    func edges() {
        #expect(BytewiseText.same(nil, nil))
        #expect(!BytewiseText.same(nil, ""))
        #expect(BytewiseText.same("", ""))
        #expect(!BytewiseText.same("ab", "abc"))
        let long = String(repeating: "·x", count: 40)
        #expect(BytewiseText.same(long, String(("--" + long).dropFirst(2))))
        #expect(!BytewiseText.same(long, String(long.dropLast()) + "y"))
        var a = Hasher(), b = Hasher()
        BytewiseText.combine(nil, into: &a)
        BytewiseText.combine("", into: &b)
        #expect(a.finalize() != b.finalize())
    }

    @Test("starts(_:with:) compares bytes, as UTF-8's starts(with:) does, for short, long and bridged text")
    func prefixes() {
        let long = String(repeating: "eyJhbGciOiJFUzI1NiJ9", count: 200)
        let cases: [(String, String)] = [
            ("", ""), ("abc", ""), ("", "a"), ("abc", "ab"), ("ab", "abc"), ("abc", "abd"),
            (long + ".payload", long), (long, long + "."), ("é.x", "é"), ("e\u{301}.x", "é"),
            (String(("--" + long).dropFirst(2)), String(long.prefix(100))),
        ]
        for (text, prefix) in cases {
            #expect(BytewiseText.starts(text, with: prefix) == text.utf8.starts(with: prefix.utf8), "\(text.prefix(12)) / \(prefix.prefix(12))")
        }
        #expect(BytewiseText.starts(long + ".x", with: long))
        #expect(!BytewiseText.starts("e\u{301}", with: "é")) // equal as text, not as bytes
    }
}
