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
