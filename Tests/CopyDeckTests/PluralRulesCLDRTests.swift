#if canImport(_FoundationICU)
import _FoundationICU
#endif
import Foundation
import Testing
@testable import CopyDeck

/// Every language of CLDR's category table (`PluralCategorySet`) has its own rule: before, Croatian,
/// Romanian, Lithuanian, Latvian, Macedonian, Scottish Gaelic, Maltese and the others fell to the
/// English rule, so 2 or 21 Croatian days showed the `other` form.
@Suite("CLDR plural rules for every language of the table")
struct PluralRulesCLDRTests {
    /// CLDR 44's documented samples (plurals.xml `@integer` lists), a few per category.
    @Test("integer samples from CLDR", arguments: [
        // hr, bs, sr: one 1, 21, 31; few 2–4, 22–24; other 0, 5–19, 100 (CLDR has no `many` here).
        ("hr", [1, 21, 31, 101], PluralCategory.one), ("hr", [2, 3, 4, 22, 23, 24, 102], .few),
        ("hr", [0, 5, 11, 12, 14, 19, 20, 100], .other),
        ("bs", [1, 21], .one), ("bs", [2, 24], .few), ("bs", [0, 5, 11, 12], .other),
        ("sr", [1, 21, 31], .one), ("sr", [2, 3, 4, 22], .few), ("sr", [0, 5, 11, 13, 20], .other),
        ("sr-Latn", [21], .one), ("sh", [22], .few),
        // ro: one 1; few 0, 2–16, 101, 1001; other 20–35, 100, 1000.
        ("ro", [1], .one), ("ro", [0, 2, 16, 19, 101, 119, 1001], .few), ("ro", [20, 35, 100, 120, 1000], .other), ("mo", [2], .few),
        // lt: one 1, 21, 31; few 2–9, 22–29; other 0, 10–20, 30.
        ("lt", [1, 21, 31, 101], .one), ("lt", [2, 9, 22, 29, 102], .few), ("lt", [0, 10, 11, 19, 20, 30, 111], .other),
        // lv: zero 0, 10–20, 30; one 1, 21, 31; other 2–9, 22–29.
        ("lv", [0, 10, 11, 19, 20, 30, 100, 111], .zero), ("lv", [1, 21, 31, 101], .one), ("lv", [2, 9, 22, 29, 102], .other),
        // mk: one 1, 21, 31; other 0, 2–16, 100.
        ("mk", [1, 21, 31, 101], .one), ("mk", [0, 2, 11, 16, 100, 111], .other),
        // gd: one 1, 11; two 2, 12; few 3–10, 13–19; other 0, 20–34.
        ("gd", [1, 11], .one), ("gd", [2, 12], .two), ("gd", [3, 10, 13, 19], .few), ("gd", [0, 20, 21, 22, 34, 101], .other),
        // mt: one 1; two 2; few 0, 3–10, 103–109; many 11–19, 111–117; other 20–35, 100.
        ("mt", [1], .one), ("mt", [2], .two), ("mt", [0, 3, 10, 103, 109], .few), ("mt", [11, 19, 111, 117], .many),
        ("mt", [20, 35, 100, 101, 102], .other),
        // dsb, hsb: one 1, 101; two 2, 102; few 3, 4, 103; other 0, 5–19.
        ("hsb", [1, 101], .one), ("hsb", [2, 102], .two), ("hsb", [3, 4, 103], .few), ("dsb", [0, 5, 11, 19], .other),
        // is: one 1, 21, 31; other 0, 2–16, 100. da: one 1. fil: other 4, 6, 9, 14.
        ("is", [1, 21, 31], .one), ("is", [0, 2, 11, 100], .other), ("da", [1], .one), ("da", [0, 2], .other),
        ("fil", [0, 1, 2, 3, 5, 7, 8, 10, 11], .one), ("fil", [4, 6, 9, 14, 16, 19], .other),
        // hi and its group: one 0, 1. ak and its group: one 0, 1. hy: one 0, 1.
        ("hi", [0, 1], .one), ("hi", [2, 10], .other), ("pa", [0, 1], .one), ("pa", [2], .other), ("hy", [0, 1], .one), ("si", [0, 1], .one),
        // br: one 1, 21, 31; two 2, 22, 32; few 3, 4, 9, 23; many 1000000; other 0, 5–8, 10–20, 71, 91.
        ("br", [1, 21, 31, 81], .one), ("br", [2, 22, 32], .two), ("br", [3, 4, 9, 23, 29], .few), ("br", [1_000_000], .many),
        ("br", [0, 5, 8, 10, 11, 19, 71, 72, 73, 91, 100], .other),
        // gv: one 1, 11, 21; two 2, 12, 22; few 0, 20, 40, 60, 80, 100; other 3–10, 13–19.
        ("gv", [1, 11, 21], .one), ("gv", [2, 12, 22], .two), ("gv", [0, 20, 40, 100], .few), ("gv", [3, 10, 13, 19], .other),
        // kw: zero 0; one 1; two 2, 22, 42; few 3, 23; many 21, 41; other 4–19, 100.
        ("kw", [0], .zero), ("kw", [1], .one), ("kw", [2, 22, 42, 1000, 100_000], .two), ("kw", [3, 23], .few), ("kw", [21, 41, 101], .many),
        ("kw", [4, 19, 100], .other),
        // The other one-two-other languages, ksh, lag, shi and the it-like vec.
        ("se", [1], .one), ("se", [2], .two), ("se", [0, 3], .other), ("iw", [2], .two),
        ("ksh", [0], .zero), ("ksh", [1], .one), ("ksh", [2], .other), ("lag", [0], .zero), ("lag", [1], .one), ("lag", [2], .other),
        ("shi", [0, 1], .one), ("shi", [2, 10], .few), ("shi", [11], .other), ("vec", [1], .one), ("vec", [1_000_000], .many),
    ] as [(String, [Int], PluralCategory)])
    func integers(_ language: String, _ numbers: [Int], _ expected: PluralCategory) {
        for number in numbers {
            #expect(PluralRules.category(for: number, locale: language) == expected, "\(language) \(number)")
        }
    }

    /// CLDR's `@decimal` samples: the visible decimals count (v, f and t operands).
    @Test("decimal samples from CLDR", arguments: [
        ("hr", 0.1, 1, PluralCategory.one), ("hr", 2.1, 1, .one), ("hr", 0.2, 1, .few), ("hr", 1.4, 1, .few),
        ("hr", 0.0, 1, .other), ("hr", 0.5, 1, .other), ("hr", 1.0, 1, .other),
        ("ro", 0.0, 1, .few), ("ro", 1.0, 1, .few), ("ro", 1.5, 1, .few),
        ("lt", 0.1, 1, .many), ("lt", 1.5, 1, .many), ("lt", 1.0, 1, .one), ("lt", 2.0, 1, .few), ("lt", 10.0, 1, .other),
        ("lv", 0.0, 1, .zero), ("lv", 10.0, 1, .zero), ("lv", 0.1, 1, .one), ("lv", 1.0, 1, .one), ("lv", 2.1, 1, .one),
        ("lv", 0.2, 1, .other), ("lv", 1.9, 1, .other), ("lv", 0.11, 2, .zero), ("lv", 0.21, 2, .one),
        ("mk", 0.1, 1, .one), ("mk", 1.1, 1, .one), ("mk", 0.0, 1, .other), ("mk", 0.2, 1, .other),
        ("is", 0.1, 1, .one), ("is", 1.0, 1, .one), ("is", 1.1, 1, .one), ("is", 0.0, 1, .other), ("is", 0.2, 1, .other),
        ("da", 0.1, 1, .one), ("da", 1.6, 1, .one), ("da", 0.0, 1, .other), ("da", 2.0, 1, .other),
        ("fil", 0.5, 1, .one), ("fil", 0.4, 1, .other), ("si", 0.1, 1, .one), ("si", 0.2, 1, .other),
        ("hi", 0.5, 1, .one), ("hi", 1.5, 1, .other), ("hy", 1.5, 1, .one), ("hy", 2.0, 1, .other),
        ("af", 1.0, 1, .one), ("af", 1.5, 1, .other), ("gd", 1.0, 1, .one), ("gd", 1.5, 1, .other),
        ("mt", 1.0, 1, .one), ("mt", 0.1, 1, .other), ("gv", 0.5, 1, .many), ("gv", 1.0, 1, .many),
        ("hsb", 0.1, 1, .one), ("hsb", 0.2, 1, .two), ("hsb", 0.3, 1, .few), ("hsb", 0.5, 1, .other),
        ("br", 1.0, 1, .one), ("br", 0.5, 1, .other),
        ("be", 1.0, 1, .one), ("be", 2.0, 1, .few), ("be", 5.0, 1, .many), ("be", 1.5, 1, .other),
    ] as [(String, Double, Int, PluralCategory)])
    func decimals(_ language: String, _ number: Double, _ digits: Int, _ expected: PluralCategory) {
        #expect(PluralRules.category(for: PluralOperands(number, fractionDigits: digits), locale: language) == expected,
                "\(language) \(number) with \(digits) decimals")
    }

    #if canImport(_FoundationICU)
    /// ICU's own plural rules (the CLDR data Foundation carries here), asked for every language of the
    /// table, whole numbers 0–1,200 and a few up to two million, and decimals shown with one and two digits.
    @Test("every language of the table agrees with ICU for whole numbers and decimals")
    func agreesWithICU() throws {
        var formats: [UnsafeMutablePointer<UNumberFormat?>] = []
        for digits in 0...2 {
            var status = U_ZERO_ERROR
            let format = try #require(swift_unum_open(UNUM_DECIMAL, nil, 0, "en", nil, &status))
            swift_unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, Int32(digits))
            swift_unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, Int32(digits))
            swift_unum_setAttribute(format, UNUM_GROUPING_USED, 0)
            formats.append(format)
        }
        defer { for format in formats { swift_unum_close(format) } }
        var disagreements: [String] = []
        var asked = 0
        // "doa" is in the table but is no language ICU has rules for (it answers root's: other).
        for language in PluralCategorySet.tableLanguages where !["root", "doa"].contains(language) {
            var status = U_ZERO_ERROR
            guard let rules = swift_uplrules_open(language, &status), status.rawValue <= 0 else { continue }
            defer { swift_uplrules_close(rules) }
            asked += 1
            func check(_ number: Double, digits: Int, _ ours: PluralCategory) {
                var status = U_ZERO_ERROR
                var buffer = [UChar](repeating: 0, count: 32)
                let length = swift_uplrules_selectWithFormat(rules, number, UnsafePointer(formats[digits]), &buffer, Int32(buffer.count), &status)
                let icu = status.rawValue <= 0 ? String(utf16CodeUnits: buffer, count: Int(length)) : "?"
                if ours.rawValue != icu {
                    disagreements.append("\(language) \(String(format: "%.\(digits)f", number)): ours \(ours.rawValue), ICU \(icu)")
                }
            }
            for number in Array(0...1_200) + [10_000, 100_000, 1_000_000, 2_000_000] {
                check(Double(number), digits: 0, PluralRules.category(for: number, locale: language))
            }
            for digits in [1, 2] {
                for hundredth in stride(from: 0, through: 2_500, by: digits == 1 ? 10 : 1) {
                    let number = Double(hundredth) / 100
                    check(number, digits: digits, PluralRules.category(for: PluralOperands(number, fractionDigits: digits), locale: language))
                }
            }
        }
        #expect(asked > 150, "ICU answered for \(asked) languages")
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(60).joined(separator: "; "))")
    }
    #endif
}
