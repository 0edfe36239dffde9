import Foundation
import PaywallCore
import Synchronization
import Testing
@testable import StoreSim

@Suite("Prices per storefront and locale")
struct PriceFormatterTests {
    struct Row: Sendable, CustomStringConvertible {
        var amount: String
        var storefront: String
        var locale: String?
        var expected: String
        var description: String { "\(amount) \(storefront) \(locale ?? "-") → \(expected)" }
    }

    static let table: [Row] = [
        Row(amount: "9.99", storefront: "USA", locale: "en_US", expected: "$9.99"),
        Row(amount: "59.99", storefront: "USA", locale: nil, expected: "$59.99"),
        Row(amount: "1199.5", storefront: "USA", locale: "en-US", expected: "$1,199.50"),
        Row(amount: "68", storefront: "CHN", locale: "zh_Hans", expected: "¥68.00"),
        Row(amount: "68", storefront: "CHN", locale: "zh-Hans", expected: "¥68.00"),
        Row(amount: "68", storefront: "CHN", locale: nil, expected: "¥68.00"),
        Row(amount: "388", storefront: "CHN", locale: "en_US", expected: "CN¥388.00"),
        Row(amount: "99", storefront: "TWN", locale: "en_US", expected: "NT$99.00"),
        Row(amount: "99", storefront: "TWN", locale: "zh-Hant", expected: "$99.00"),
        Row(amount: "12000", storefront: "KOR", locale: "ko", expected: "₩12,000"),
        Row(amount: "79000", storefront: "KOR", locale: "ko-KR", expected: "₩79,000"),
        Row(amount: "12000", storefront: "KOR", locale: "en_US", expected: "₩12,000"),
        Row(amount: "980", storefront: "JPN", locale: "ja", expected: "¥980"),
        Row(amount: "980", storefront: "JPN", locale: "en_US", expected: "¥980"),
        Row(amount: "98.0", storefront: "JPN", locale: "ja", expected: "¥98"),
        Row(amount: "4.80", storefront: "JPN", locale: "ja", expected: "¥4.80"),
        Row(amount: "9.99", storefront: "DEU", locale: "de", expected: "9,99 €"),
        Row(amount: "9.99", storefront: "FRA", locale: "fr", expected: "9,99 €"),
        Row(amount: "1059.99", storefront: "DEU", locale: "de_DE", expected: "1.059,99 €"),
        Row(amount: "9.99", storefront: "DEU", locale: "en_US", expected: "€9.99"),
    ]

    @Test("formatting table", arguments: table)
    func formats(_ row: Row) throws {
        let storefront = try #require(Storefront(code: row.storefront))
        let amount = try #require(Decimal(string: row.amount))
        #expect(PriceFormatter.format(amount, storefront: storefront, locale: row.locale) == row.expected)
    }

    @Test("currencies and fraction digits")
    func currencies() {
        #expect(Storefront(code: "kor")?.currencyCode == "KRW")
        #expect(Storefront(code: "CHN")?.currencyCode == "CNY")
        #expect(Storefront(code: "FRA")?.currencyCode == "EUR")
        #expect(Storefront(code: "ATL") == nil)
        #expect(Storefront.resolve("ATL").currencyCode == "USD")
        #expect(PriceFormatter.fractionDigits(forCurrency: "KRW") == 0)
        #expect(PriceFormatter.fractionDigits(forCurrency: "JPY") == 0)
        #expect(PriceFormatter.fractionDigits(forCurrency: "USD") == 2)
        #expect(PriceFormatter.appleFractionDigits(forCurrency: "USD") == 2, "the default storefront's digits, known without ICU, are Apple's")
        #expect(PriceFormatter.fractionDigits(forCurrency: "TWD") == 2)
        #expect(PriceFormatter.fractionDigits(forCurrency: "IDR") == 0)
        #expect(PriceFormatter.fractionDigits(of: Decimal(string: "98.0")!) == 0)
        #expect(PriceFormatter.fractionDigits(of: Decimal(string: "0.5")!) == 1)
    }

    @Test("the formatting locale completes a bare language with the storefront's region")
    func formattingLocale() throws {
        let korea = try #require(Storefront(code: "KOR"))
        #expect(PriceFormatter.formattingLocale(for: "ko", storefront: korea) == "ko_KR")
        #expect(PriceFormatter.formattingLocale(for: "en_US", storefront: korea) == "en_US")
        #expect(PriceFormatter.formattingLocale(for: nil, storefront: korea) == "ko_KR")
        #expect(PriceFormatter.formattingLocale(for: "zh-Hans", storefront: try #require(Storefront(code: "CHN"))) == "zh_Hans_CN")
    }
}

@Suite("Storefront table")
struct StorefrontTableTests {
    @Test("every known storefront formats a price with its currency and a parseable default locale")
    func everyStorefront() throws {
        #expect(Storefront.all.count == 175)
        #expect(Set(Storefront.all.map(\.code)).count == Storefront.all.count)
        for storefront in Storefront.all {
            #expect(storefront.regionCode != nil, "\(storefront.code)")
            // In the storefront's own locale: its digits (Arabic-Indic in Saudi Arabia), never a bidi mark or NBSP.
            let text = PriceFormatter.format(Decimal(string: "9.99")!, storefront: storefront)
            #expect(text.contains { $0.isNumber }, "\(storefront.code): \(text)")
            #expect(!text.unicodeScalars.contains { PriceFormatter.invisibleMarks.contains($0) }, "\(storefront.code): \(text)")
            // In US English: the currency's minor units.
            let english = PriceFormatter.format(Decimal(string: "9")!, storefront: storefront, locale: "en_US")
            let digits = PriceFormatter.fractionDigits(forCurrency: storefront.currencyCode)
            #expect(english.contains(digits == 0 ? "9" : "9." + String(repeating: "0", count: digits)) , "\(storefront.code): \(english)")
        }
    }

    /// US dollars in US English are written without ICU: the same text as ICU gives, amount by amount.
    @Test func usDollarsMatchICU() throws {
        var generator = SystemRandomNumberGenerator()
        var amounts: [Decimal] = [0, 0.5, 0.99, 1, 4.8, 9.99, 59.99, 98, 999.99, 1_000, 1_299, 12_345.67, 999_999.99,
                                  1_000_000, Decimal(string: "123456789.5")!, Decimal(string: "1.2345")!, Decimal(string: "0.125")!, Decimal(string: "3.333")!]
        for _ in 0..<2_000 {
            let cents = Int.random(in: 0...100_000_000, using: &generator)
            amounts.append(Decimal(cents) / 100)
        }
        for _ in 0..<300 {
            amounts.append(Decimal(Int.random(in: 0...10_000_000, using: &generator)) / 10_000)
        }
        var compared = 0
        for amount in amounts {
            let icu = PriceFormatter.icuText(amount, currencyCode: "USD", locale: "en_US")
            let fast = try #require(PriceFormatter.usDollars(amount, currencyCode: "USD", locale: "en_US"), "\(amount)")
            #expect(fast == icu, "\(amount): \(fast) vs ICU \(icu)")
            compared += 1
        }
        #expect(compared == amounts.count)
        // Anything else goes to ICU.
        #expect(PriceFormatter.usDollars(9.99, currencyCode: "USD", locale: "en_GB") == nil)
        #expect(PriceFormatter.usDollars(9.99, currencyCode: "EUR", locale: "en_US") == nil)
        #expect(PriceFormatter.usDollars(-1, currencyCode: "USD", locale: "en_US") == nil)
        #expect(PriceFormatter.usDollars(Decimal(string: "1.23456")!, currencyCode: "USD", locale: "en_US") == nil)
    }

}
