import BuiltInCopy
import CopyDeck
import PaywallFoundation
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

    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everyStorefrontAndDeckLanguageAgreesWithBabel() throws {
        let requests = try Self.requests()
        let input = requests.map { "12345.67 USD \($0.natural)" }.joined(separator: "\n") + "\n"
        let answers = try Self.babel(input)
        try #require(answers.count == requests.count, "\(answers.count) answers for \(requests.count) requests")
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
        try Self.expectListed(differ, in: "icu-vs-babel.txt", of: requests.count)
        // A pair is formatted in its parent's locale only where CLDR, as Babel reads it, has no
        // locale for it either (German on a Japanese storefront): never English in Spain (`en_ES`,
        // which `Locale.availableIdentifiers` does not list), whatever this machine's list says.
        let parentOnly = zip(requests, answers).filter { request, answer in
            guard let code = LocaleCode(request.natural), answer.hasPrefix(request.natural + "\t") else { return false }
            return [code.language, LocaleCode.identifier(language: code.language, script: code.script, region: nil)].contains(request.locale)
        }.map { request, _ in "\(request.language) on \(request.storefront.code): formatted as \(request.locale), CLDR has \(request.natural)" }
        try Self.expectListed(parentOnly, in: "parent-vs-babel.txt", of: requests.count)
    }

    /// Each storefront's own currency in every deck language, the whole text: where Babel's differs,
    /// ours is Apple's formatter's (`Decimal.FormatStyle.Currency`, StoreKit's `priceFormatStyle`),
    /// and the difference is listed in `Tests/Fixtures/cldr/prices-vs-babel.txt` by kind.
    @Test(.enabled(if: AppStoreServerLibraryTests.available, "make .venv-appstore with .ci/run"))
    func everyStorefrontsOwnCurrencyAgreesWithBabelOrIsApples() throws {
        // 1,234.50 where the currency has cents, 1,234 where it has none (a price it can have).
        func amount(_ storefront: Storefront) -> Decimal {
            PriceFormatter.fractionDigits(forCurrency: storefront.currencyCode) == 0 ? 1234 : Decimal(string: "1234.5")!
        }
        let requests = try Self.requests()
        let input = requests.map { "\(amount($0.storefront)) \($0.storefront.currencyCode) \($0.natural)" }.joined(separator: "\n") + "\n"
        let answers = try Self.babel(input)
        try #require(answers.count == requests.count, "\(answers.count) answers for \(requests.count) requests")
        func plain(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                if scalar == "\u{00A0}" || scalar == "\u{202F}" { return " " }
                return PriceFormatter.invisibleMarks.contains(scalar) ? nil : scalar
            }))
        }
        var differ: [String] = []
        var notApples: [String] = []
        for (request, answer) in zip(requests, answers) {
            let babel = answer.split(separator: "\t", maxSplits: 1).map(String.init)
            let ours = PriceFormatter.format(amount(request.storefront), storefront: request.storefront, locale: request.language)
            let apples = plain(amount(request.storefront).formatted(Decimal.FormatStyle.Currency(code: request.storefront.currencyCode, locale: Locale(identifier: request.locale))))
            if ours != apples { notApples.append("\(request.language) on \(request.storefront.code): ours \(ours), Apple's formatter \(apples)") }
            if ours != plain(babel[1]) {
                differ.append("\(Self.kind(ours: ours, babel: plain(babel[1]))): \(request.language) on \(request.storefront.code) (\(request.locale)): \(ours) vs CLDR \(babel[0]) \(plain(babel[1]))")
            }
        }
        #expect(notApples.isEmpty, "\(notApples.count) prices are not what Apple's formatter gives:\n\(notApples.prefix(20).joined(separator: "\n"))")
        try Self.expectListed(differ, in: "prices-vs-babel.txt", of: requests.count)
        // Taiwan dollars have two decimals in Apple's formatter and in CLDR alike; yen is ¥ in Japanese.
        let taiwan = try #require(Storefront(code: "TWN"))
        #expect(PriceFormatter.format(99, storefront: taiwan, locale: "en_US") == "NT$99.00")
        #expect(PriceFormatter.format(99, storefront: taiwan, locale: "zh-Hant") == "$99.00")
        #expect(PriceFormatter.format(1200, storefront: try #require(Storefront(code: "JPN")), locale: "ja") == "¥1,200")
    }

    /// Every storefront with every deck language (`deckLanguages`): the identifier a device has for
    /// the pair (`en_ES`, the language with the storefront's region, which Babel judges) and the
    /// locale we format it in.
    static func requests() throws -> [Request] {
        let languages = try deckLanguages()
        return Storefront.all.flatMap { storefront in
            languages.map { language in
                var code = LocaleCode(language)!
                if code.region == nil { code.region = storefront.regionCode }
                return Request(storefront: storefront, language: language, natural: code.identifier,
                               locale: PriceFormatter.formattingLocale(for: language, storefront: storefront))
            }
        }
    }

    /// One (language, storefront) pair.
    struct Request { var storefront: Storefront; var language: String; var natural: String; var locale: String }

    /// The languages of the shipped deck and the profiles' decks, read from the files, and the
    /// languages of the real String Catalogs in Tests/Fixtures a team brings most (`fixtureLanguages`).
    static func deckLanguages() throws -> [String] {
        var languages = Set(try #require(DefaultCopyDeck.catalog?.languages))
        let profiles = TestPaths.packageRoot.appendingPathComponent("Themes/profiles")
        for name in try FileManager.default.contentsOfDirectory(atPath: profiles.path) where name.hasSuffix(".xcstrings") {
            languages.formUnion(try StringCatalog.load(contentsOf: profiles.appendingPathComponent(name)).languages)
        }
        return languages.union(fixtureLanguages).sorted()
    }

    static let fixtureLanguages = ["ar", "de", "es", "fr", "he", "hi", "id", "it", "ja", "nl", "pl", "pt-BR", "ru", "sv", "th",
                                   "tr", "uk", "vi", "zh-Hant"]

    /// `differ` is exactly the list kept in `Tests/Fixtures/cldr/NAME` (`PAYWALLSIM_UPDATE_CLDR=1`
    /// rewrites it): a new difference, or one gone, fails.
    static func expectListed(_ differ: [String], in name: String, of total: Int) throws {
        let known = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/cldr/\(name)")
        if ProcessInfo.processInfo.environment["PAYWALLSIM_UPDATE_CLDR"] == "1" { try Data((differ.joined(separator: "\n") + "\n").utf8).write(to: known) }
        let expected = (try? String(contentsOf: known, encoding: .utf8)) ?? ""
        let unexpected = differ.filter { !expected.contains($0 + "\n") }
        #expect(unexpected.isEmpty, "\(unexpected.count) of \(total) differ from CLDR:\n\(unexpected.prefix(40).joined(separator: "\n"))")
        #expect(expected.split(separator: "\n").count == differ.count, "the differences listed in \(name) changed: PAYWALLSIM_UPDATE_CLDR=1 rewrites it")
    }

    /// What kind of difference there is between our price and Babel's.
    static func kind(ours: String, babel: String) -> String {
        func digits(_ text: String) -> String { String(text.unicodeScalars.filter { $0.properties.numericType != nil }.map(Character.init)) }
        if ours.replacingOccurrences(of: " ", with: "") == babel.replacingOccurrences(of: " ", with: "") { return "spacing" }
        if digits(ours) != digits(babel) { return digits(ours).count == digits(babel).count ? "digits" : "fraction" }
        return "symbol or separators"
    }

    /// Babel's answers (`LOCALE_USED<TAB>TEXT`) for `input`'s lines, through `Scripts/cldr/babel_prices.py`.
    static func babel(_ input: String) throws -> [Substring] {
        let file = TestPaths.scratchDirectory("cldr").appendingPathComponent("requests-\(UUID().uuidString).txt")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(input.utf8).write(to: file)
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/cldr/babel_prices.py").path
        let run = try CleanSpawn.shell("\(CleanSpawn.quote(AppStoreServerLibraryTests.python)) \(CleanSpawn.quote(script)) < \(CleanSpawn.quote(file.path))")
        #expect(run.status == 0, "\(run.output)")
        return run.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
    }

    @Test(arguments: [
        ("de", "JPN", "JPY", Decimal(1200), "1.200 ¥"), ("de", "GBR", "GBP", Decimal(string: "4.99")!, "4,99 £"),
        // Locales ICU and CLDR have that `Locale.availableIdentifiers` does not list: through `en_150`.
        ("en", "ESP", "EUR", Decimal(string: "9.99")!, "9,99 €"), ("en", "ITA", "EUR", Decimal(string: "9.99")!, "9,99 €"),
        ("en", "ROU", "RON", Decimal(string: "9.99")!, "9,99 RON"),
        ("fr", "JPN", "JPY", Decimal(1200), "1 200 JPY"), ("ja", "JPN", "JPY", Decimal(1200), "¥1,200"),
    ])
    func aLanguageOnAForeignStorefrontUsesItsOwnSeparators(_ language: String, _ code: String, _ currency: String,
                                                             _ amount: Decimal, _ expected: String) throws {
        let storefront = try #require(Storefront.all.first { $0.code == code })
        #expect(storefront.currencyCode == currency)
        #expect(PriceFormatter.format(amount, storefront: storefront, locale: language) == expected)
    }
}
