import Testing
@testable import CopyDeck

@Suite("CLDR plural rules and plural variations")
struct PluralTests {
    @Test("English: one only for exactly 1")
    func english() {
        #expect(PluralRules.category(for: 1, locale: "en") == .one)
        #expect(PluralRules.category(for: 0, locale: "en") == .other)
        #expect(PluralRules.category(for: 2, locale: "en-US") == .other)
        #expect(PluralRules.category(for: PluralOperands(1.0, fractionDigits: 1), locale: "en") == .other)
    }

    @Test("Russian: one, few, many", arguments: [
        (1, PluralCategory.one), (21, .one), (101, .one), (2, .few), (3, .few), (4, .few), (22, .few),
        (5, .many), (11, .many), (12, .many), (14, .many), (0, .many), (111, .many), (25, .many),
    ])
    func russian(_ number: Int, _ expected: PluralCategory) {
        #expect(PluralRules.category(for: number, locale: "ru") == expected)
    }

    @Test("Arabic: zero, one, two, few, many, other", arguments: [
        (0, PluralCategory.zero), (1, .one), (2, .two), (3, .few), (10, .few), (103, .few),
        (11, .many), (99, .many), (111, .many), (100, .other), (102, .other),
    ])
    func arabic(_ number: Int, _ expected: PluralCategory) {
        #expect(PluralRules.category(for: number, locale: "ar") == expected)
    }

    /// CLDR's rules for the three languages whose forms `copy lint` already asked for (six in Welsh,
    /// five in Irish, four in Slovenian) but whose counts fell to the English rule (2 Slovenian days
    /// were "other", never "two"). Expected values are CLDR's, checked against ICU's Intl.PluralRules.
    @Test("Welsh, Irish and Slovenian: every form CLDR gives, for sample counts", arguments: [
        ("cy", 0, PluralCategory.zero), ("cy", 1, .one), ("cy", 2, .two), ("cy", 3, .few), ("cy", 4, .other),
        ("cy", 6, .many), ("cy", 7, .other), ("cy", 10, .other), ("cy", 103, .other),
        ("ga", 0, .other), ("ga", 1, .one), ("ga", 2, .two), ("ga", 3, .few), ("ga", 6, .few), ("ga", 7, .many),
        ("ga", 10, .many), ("ga", 11, .other), ("ga", 101, .other),
        ("sl", 0, .other), ("sl", 1, .one), ("sl", 2, .two), ("sl", 3, .few), ("sl", 4, .few), ("sl", 5, .other),
        ("sl", 11, .other), ("sl", 101, .one), ("sl", 102, .two), ("sl", 104, .few), ("sl", 111, .other),
    ])
    func celticAndSlovenian(_ locale: String, _ number: Int, _ expected: PluralCategory) {
        #expect(PluralRules.category(for: number, locale: locale) == expected)
        #expect(PluralCategorySet.of(locale)?.whole.contains(expected) == true, "a form copy lint asks for")
    }

    @Test("Welsh, Irish and Slovenian decimals")
    func celticAndSlovenianDecimals() {
        #expect(PluralRules.category(for: PluralOperands(1.5, fractionDigits: 1), locale: "sl") == .few)
        #expect(PluralRules.category(for: PluralOperands(1.0, fractionDigits: 1), locale: "sl") == .few)
        #expect(PluralRules.category(for: PluralOperands(2.5, fractionDigits: 1), locale: "cy") == .other)
        #expect(PluralRules.category(for: PluralOperands(2.0, fractionDigits: 1), locale: "cy") == .two)
        #expect(PluralRules.category(for: PluralOperands(1.5, fractionDigits: 1), locale: "ga") == .other)
    }

    @Test("a Welsh plural entry shows its zero, two and many forms")
    func welshVariations() {
        let cy = pluralEntry([.zero: "Dim diwrnod", .one: "%lld diwrnod", .two: "%lld ddiwrnod", .few: "%lld diwrnod",
                              .many: "%lld niwrnod", .other: "%lld diwrnod"])
        let welsh = CopyFormatter(locale: "cy")
        #expect(welsh.render(cy, language: "cy", [0]).text == "Dim diwrnod")
        #expect(welsh.render(cy, language: "cy", [2]).text == "2 ddiwrnod")
        #expect(welsh.render(cy, language: "cy", [6]).text == "6 niwrnod")
    }

    @Test("Chinese, Korean and Japanese are always other")
    func cjk() {
        for locale in ["zh-Hans", "zh_Hant", "ko-KR", "ja"] {
            for number in [0, 1, 2, 5, 21] {
                #expect(PluralRules.category(for: number, locale: locale) == .other)
            }
        }
    }

    @Test("French, German, Spanish, Portuguese")
    func romanceAndGermanic() {
        #expect(PluralRules.category(for: 0, locale: "fr") == .one)
        #expect(PluralRules.category(for: PluralOperands(1.5, fractionDigits: 1), locale: "fr") == .one)
        #expect(PluralRules.category(for: 2, locale: "fr") == .other)
        #expect(PluralRules.category(for: 1_000_000, locale: "fr") == .many)
        #expect(PluralRules.category(for: 1, locale: "de") == .one)
        #expect(PluralRules.category(for: 0, locale: "de") == .other)
        #expect(PluralRules.category(for: 1, locale: "es") == .one)
        #expect(PluralRules.category(for: 0, locale: "pt-BR") == .one)
        #expect(PluralRules.category(for: 0, locale: "pt-PT") == .other)
    }

    private func pluralEntry(_ forms: [PluralCategory: String]) -> Localization {
        Localization(variations: Variations(plural: forms.mapValues { .unit($0) }))
    }

    @Test("plural variations pick the form for en, ru, ar and zh")
    func variations() {
        let en = pluralEntry([.one: "%lld message left", .other: "%lld messages left"])
        #expect(CopyFormatter(locale: "en").render(en, language: "en", [1]).text == "1 message left")
        #expect(CopyFormatter(locale: "en").render(en, language: "en", [7]).text == "7 messages left")

        let ru = pluralEntry([.one: "%lld сообщение", .few: "%lld сообщения", .many: "%lld сообщений", .other: "%lld сообщения"])
        let russian = CopyFormatter(locale: "ru")
        #expect(russian.render(ru, language: "ru", [21]).text == "21 сообщение")
        #expect(russian.render(ru, language: "ru", [3]).text == "3 сообщения")
        #expect(russian.render(ru, language: "ru", [11]).text == "11 сообщений")

        let ar = pluralEntry([.zero: "لا رسائل", .one: "رسالة واحدة", .two: "رسالتان", .few: "%lld رسائل",
                              .many: "%lld رسالة", .other: "%lld رسالة"])
        let arabic = CopyFormatter(locale: "ar")
        #expect(arabic.render(ar, language: "ar", [0]).text == "لا رسائل")
        #expect(arabic.render(ar, language: "ar", [2]).text == "رسالتان")
        #expect(arabic.render(ar, language: "ar", [5]).text == "5 رسائل")
        #expect(arabic.render(ar, language: "ar", [11]).text == "11 رسالة")

        let zh = pluralEntry([.other: "还剩 %lld 条消息"])
        #expect(CopyFormatter(locale: "zh-Hans").render(zh, language: "zh-Hans", [1]).text == "还剩 1 条消息")
    }

    @Test("a missing plural form falls back to other and is reported")
    func missingForm() {
        let ru = pluralEntry([.one: "%lld день", .other: "%lld дня"])
        let rendered = CopyFormatter(locale: "ru").render(ru, language: "ru", [5])
        #expect(rendered.text == "5 дня")
        #expect(rendered.problems == [.missingPluralForm(category: .many, language: "ru")])
    }

    @Test("the plural argument is the numeric placeholder's, even when it is not first")
    func positionalPluralArgument() {
        let en = pluralEntry([.one: "%1$@: %2$lld day left", .other: "%1$@: %2$lld days left"])
        #expect(CopyFormatter(locale: "en").render(en, language: "en", ["Trial", 1]).text == "Trial: 1 day left")
        #expect(CopyFormatter(locale: "en").render(en, language: "en", ["Trial", 3]).text == "Trial: 3 days left")
    }
}
