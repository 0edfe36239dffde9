import Testing
@testable import PaywallScreens
@testable import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5), ("한국어", 6), ("简体中文", 8), ("e\u{301}", 1), ("é", 1),
        ("👍🏽", 2), ("👨‍👩‍👧", 2), ("①", 1), ("！", 2), ("A！B", 4), ("\u{7}", 0),
        ("\u{301}", 0), ("₩12,000", 7), ("¥68.00", 6), ("9,99 €", 6), ("…", 1), ("★✓▸●○", 5),
        ("╭─╮", 3), ("ｶﾀｶﾅ", 4), ("カタカナ", 8), ("\u{3000}", 2), ("❤️", 1),
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func terminalFormKeepsBaseAndCombiningMarksOnly() throws {
        #expect(try #require(DisplayWidth.terminalForm("👨‍👩‍👧")) == ("👨", 2))
        #expect(try #require(DisplayWidth.terminalForm("👍🏽")) == ("👍", 2))
        #expect(try #require(DisplayWidth.terminalForm("e\u{301}")) == ("e\u{301}", 1))
        #expect(DisplayWidth.terminalForm("\u{1B}") == nil)
        #expect(DisplayWidth.terminalForm("\r\n") == nil)
    }

    #if canImport(Glibc)
    /// The glibc version this process runs on ("" when it cannot be asked).
    static var glibcVersion: String {
        typealias Version = @convention(c) () -> UnsafePointer<CChar>
        guard let symbol = dlsym(nil, "gnu_get_libc_version") else { return "" }
        return String(cString: unsafeBitCast(symbol, to: Version.self)())
    }

    /// The table was generated from glibc 2.36; on that glibc every scalar must agree.
    @Test(.enabled(if: glibcVersion == "2.36", "the width table was generated from glibc 2.36; this is another glibc"))
    func tableMatchesGlibcWcwidth() throws {
        typealias Wcwidth = @convention(c) (Int32) -> Int32
        let wcwidthSymbol = try #require(dlsym(nil, "wcwidth"))
        let wcwidth = unsafeBitCast(wcwidthSymbol, to: Wcwidth.self)
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil, "the C.UTF-8 locale is missing")
        var mismatches: [String] = []
        var compared = 0
        for v in UInt32(0x20)...0x10FFFF {
            guard v < 0x7F || v >= 0xA0, let scalar = Unicode.Scalar(v) else { continue }
            let glibc = Int(wcwidth(Int32(bitPattern: v)))
            guard glibc >= 0 else { continue }              // unassigned: we say 1, glibc says -1
            compared += 1
            if DisplayWidth.of(scalar) != glibc { mismatches.append(String(v, radix: 16)) }
        }
        #expect(compared > 100_000)
        #expect(mismatches.isEmpty, "differs from wcwidth at \(mismatches.prefix(20))")
    }
    #endif
}
