import BuiltInCopy
import Foundation
import Testing
import TestSupport
@testable import StoreSim

/// A price is formatted as CLDR formats it for the customer's language on the storefront's
/// country, judged by an independent CLDR implementation: Babel (PyPI, in the venv `.ci/run`
/// makes), through `Scripts/cldr/babel_prices.py`.
@Suite("Prices follow CLDR for every storefront and deck language")
struct PriceFormatCLDRTests {
    /// The number as written (digits and separators) and whether the currency comes first.
    struct Layout: Equatable, CustomStringConvertible {
        var number: String
        var symbolFirst: Bool
        var description: String { "\(number) (symbol \(symbolFirst ? "first" : "last"))" }

        init(_ text: String) {
            let scalars = Array(text.unicodeScalars.filter { !PriceFormatter.invisibleMarks.contains($0) })
            func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
                scalar.properties.numericType != nil || ".,'’ \u{00A0}\u{202F}٫٬".unicodeScalars.contains(scalar)
            }
            let firstDigit = scalars.firstIndex { $0.properties.numericType != nil } ?? 0
            let lastDigit = scalars.lastIndex { $0.properties.numericType != nil } ?? 0
            // The number runs from its first digit to its last; spaces count as grouping only inside.
            number = String(String.UnicodeScalarView(scalars[firstDigit...lastDigit].map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 }))
            symbolFirst = scalars[..<firstDigit].contains { !isNumeric($0) && $0 != "-" }
        }
    }

    static let fixtureLanguages = ["ar", "de", "es", "fr", "he", "hi", "id", "it", "ja", "nl", "pl", "pt-BR", "ru", "sv", "th",
                                   "tr", "uk", "vi", "zh-Hant"]

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everyStorefrontAndDeckLanguageAgreesWithBabel() throws {
        // The shipped deck's languages and those of the real String Catalogs in Tests/Fixtures.
        let shipped = try #require(DefaultCopyDeck.catalog?.languages)
        let languages = Array(Set(shipped + Self.fixtureLanguages)).sorted()
        var requests: [(storefront: Storefront, language: String, locale: String)] = []
        for storefront in Storefront.all {
            for language in languages {
                requests.append((storefront, language, PriceFormatter.formattingLocale(for: language, storefront: storefront)))
            }
        }
        let input = requests.map { "12345.67 USD \($0.locale)" }.joined(separator: "\n") + "\n"
        let file = TestPaths.scratchDirectory("cldr").appendingPathComponent("requests.txt")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(input.utf8).write(to: file)
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/cldr/babel_prices.py").path
        let run = try CleanSpawn.shell("\(CleanSpawn.quote(AppStoreServerLibraryTests.python)) \(CleanSpawn.quote(script)) < \(CleanSpawn.quote(file.path))")
        #expect(run.status == 0, "\(run.output)")
        let answers = run.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        try #require(answers.count == requests.count, "\(answers.count) answers for \(requests.count) requests: \(run.output.prefix(500))")
        var differ: [String] = []
        for (request, answer) in zip(requests, answers) {
            let babel = answer.split(separator: "\t", maxSplits: 1).map(String.init)
            let ours = PriceFormatter.format(Decimal(string: "12345.67")!, currencyCode: "USD", locale: request.locale)
            if Layout(ours) != Layout(babel[1]) {
                differ.append("\(request.language) on \(request.storefront.code) (\(request.locale)): \(ours) vs CLDR \(babel[0]) \(babel[1])")
            }
        }
        // Where this machine's ICU and Babel carry different CLDR data for a regional locale (English
        // in Belgium, Arabic digits in Oman, the Swiss apostrophe), the difference is listed, with
        // both texts, in the fixture: any other difference, or one gone, fails.
        let known = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/cldr/icu-vs-babel.txt")
        let listed = differ.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["PAYWALLSIM_UPDATE_CLDR"] == "1" { try Data(listed.utf8).write(to: known) }
        let expected = (try? String(contentsOf: known, encoding: .utf8)) ?? ""
        let unexpected = differ.filter { !expected.contains($0 + "\n") }
        #expect(unexpected.isEmpty, "\(unexpected.count) of \(requests.count) differ from CLDR:\n\(unexpected.prefix(40).joined(separator: "\n"))")
        #expect(expected.split(separator: "\n").count == differ.count, "the differences listed in \(known.lastPathComponent) changed: PAYWALLSIM_UPDATE_CLDR=1 rewrites it")
        // Every difference is between two sets of regional data: none is a pair formatted without
        // a locale of its own (German on a Japanese storefront).
        #expect(requests.filter { !PriceFormatter.availableLocales.contains($0.locale) }.isEmpty)
    }

    @Test(arguments: [
        ("de", "JPN", "JPY", Decimal(1200), "1.200 ¥"), ("de", "GBR", "GBP", Decimal(string: "4.99")!, "4,99 £"),
        ("fr", "JPN", "JPY", Decimal(1200), "1 200 ¥"), ("ja", "JPN", "JPY", Decimal(1200), "¥1,200"),
    ])
    func aLanguageOnAForeignStorefrontUsesItsOwnSeparators(_ language: String, _ code: String, _ currency: String,
                                                             _ amount: Decimal, _ expected: String) throws {
        let storefront = try #require(Storefront.all.first { $0.code == code })
        #expect(storefront.currencyCode == currency)
        #expect(PriceFormatter.format(amount, storefront: storefront, locale: language) == expected)
    }
}
