import Testing
@testable import CopyDeck

@Suite("Lookup with fallbacks and layering")
struct CopyDeckLookupTests {
    /// A small default deck: en source, zh-Hans and ko complete, ja partial.
    static func defaultDeck() throws -> StringCatalog {
        try Fixtures.decode("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "paywall.cta" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Start free trial" } },
                "ja" : { "stringUnit" : { "state" : "needs_review", "value" : "無料トライアルを開始" } },
                "ko" : { "stringUnit" : { "state" : "translated", "value" : "무료 체험 시작" } },
                "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "开始免费试用" } }
              }
            },
            "paywall.price" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ / %2$@" } },
                "ko" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ %1$@" } },
                "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "%1$@/%2$@" } }
              }
            },
            "paywall.notNow" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Not now" } },
                "ko" : { "stringUnit" : { "state" : "translated", "value" : "나중에" } },
                "zh-Hans" : { "stringUnit" : { "state" : "translated", "value" : "以后再说" } }
              }
            },
            "Restore purchases" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Restore Purchases" } },
                "ko" : { "stringUnit" : { "state" : "translated", "value" : "구매 복원" } }
              }
            },
            "Terms of Use" : {

            }
          },
          "version" : "1.0"
        }
        """, origin: "Default.xcstrings")
    }

    @Test("the requested language, normalised", arguments: ["zh_Hans", "zh-Hans", "zh-CN", "zh", "ZH-hans"])
    func requestedLanguage(_ locale: String) throws {
        let deck = CopyDeck(try Self.defaultDeck())
        let copy = deck.resolve("paywall.cta", locale: locale)
        #expect(copy.text == "开始免费试用")
        #expect(copy.localeUsed == "zh-Hans")
        #expect(copy.requestedLocale == locale)
        #expect(!copy.fellBack)
        #expect(copy.state == .translated)
        #expect(copy.origin == .localization)
        #expect(!copy.needsAttention)
    }

    @Test("ko-KR finds ko, en-US finds en")
    func regions() throws {
        let deck = CopyDeck(try Self.defaultDeck())
        #expect(deck.resolve("paywall.cta", locale: "ko-KR").text == "무료 체험 시작")
        #expect(deck.resolve("paywall.cta", locale: "en_US.UTF-8").text == "Start free trial")
        #expect(!deck.resolve("paywall.cta", locale: "en-GB").fellBack)
    }

    @Test("a missing translation falls back to the source language and says so")
    func fallbackToSource() throws {
        let deck = CopyDeck(try Self.defaultDeck())
        let copy = deck.resolve("paywall.notNow", locale: "ja")
        #expect(copy.text == "Not now")
        #expect(copy.localeUsed == "en")
        #expect(copy.fellBack)
        #expect(copy.needsAttention)
        let traditional = deck.resolve("paywall.cta", locale: "zh-TW")
        #expect(traditional.text == "Start free trial", "zh-Hant never borrows zh-Hans")
        #expect(traditional.fellBack)
        let review = deck.resolve("paywall.cta", locale: "ja")
        #expect(review.state == .needsReview)
        #expect(review.needsAttention)
    }

    @Test("no localization at all falls back to the key")
    func fallbackToKey() throws {
        let deck = CopyDeck(try Self.defaultDeck())
        let english = deck.resolve("Terms of Use", locale: "en")
        #expect(english.text == "Terms of Use")
        #expect(english.origin == .keyAsSourceText)
        #expect(!english.fellBack)
        #expect(english.state == nil)
        let korean = deck.resolve("Terms of Use", locale: "ko")
        #expect(korean.text == "Terms of Use")
        #expect(korean.fellBack)
    }

    @Test("a key in no deck shows the key and reports it")
    func missingKey() throws {
        let deck = CopyDeck(try Self.defaultDeck())
        let copy = deck.resolve("paywall.nothing", locale: "ko")
        #expect(copy.text == "paywall.nothing")
        #expect(copy.origin == .missingKey)
        #expect(copy.problems == [.missingKey("paywall.nothing")])
    }

    @Test("positional arguments reorder per language")
    func positionalReorder() throws {
        let deck = CopyDeck(try Self.defaultDeck())
        #expect(deck.resolve("paywall.price", locale: "en", ["$39.99", "year"]).text == "$39.99 / year")
        #expect(deck.resolve("paywall.price", locale: "ko", ["₩49,000", "연"]).text == "연 ₩49,000")
        #expect(deck.with(locale: "zh-Hans").text("paywall.price", "¥68.00", "月") == "¥68.00/月")
        let short = deck.resolve("paywall.price", locale: "en", ["$39.99"])
        #expect(short.text == "$39.99 / %2$@")
        #expect(short.problems == [.missingArgument(specifier: "%2$@", index: 2)])
    }

    @Test("layering: the team's catalog over the default deck; missing keys come from the default and are listed")
    func layering() throws {
        let team = try Fixtures.catalog("08")
        let deck = CopyDeck(primary: team, fallback: try Self.defaultDeck(), locale: "es")
        let restore = deck.resolve("Restore purchases")
        #expect(restore.text == "Restaurar Compras")
        #expect(!restore.fromFallbackDeck)
        let notNow = deck.resolve("paywall.notNow")
        #expect(notNow.text == "Not now")
        #expect(notNow.fromFallbackDeck)
        #expect(notNow.fellBack)
        #expect(deck.with(locale: "ko").resolve("paywall.notNow").text == "나중에")
        #expect(deck.keysFromFallback == ["paywall.cta", "paywall.notNow", "paywall.price", "Terms of Use"])
        // The team's key wins even where the default deck has the requested language.
        let koreanRestore = deck.resolve("Restore purchases", locale: "ko")
        #expect(koreanRestore.text == "Restore purchases")
        #expect(koreanRestore.localeUsed == "en")
        #expect(!koreanRestore.fromFallbackDeck)
        #expect(CopyDeck(team).keysFromFallback.isEmpty)
    }

    @Test("02: ko finds ko-KR and its reordered placeholders")
    func pureTodoKorean() throws {
        let deck = CopyDeck(try Fixtures.catalog("02"))
        let copy = deck.resolve("%lld Items Finished in %@", locale: "ko", [5, "3월"])
        #expect(copy.text == "3월에 5개의 일이 완료되었습니다")
        #expect(copy.localeUsed == "ko-KR")
        #expect(!copy.fellBack)
        #expect(deck.resolve("%lld Items Finished in %@", locale: "de", [5, "März"]).text == "März hat 5 Aufgaben abgeschlossen")
        let english = deck.resolve("%lld Items Finished in %@", locale: "en", [5, "March"])
        #expect(english.text == "5 Items Finished in March")
        #expect(english.state == .new)
    }

    @Test("05: the plural entry picks one or other, with that form's state")
    func superghostPlural() throws {
        let deck = CopyDeck(try Fixtures.catalog("05"))
        let one = deck.resolve("Superghost for %lld more days", locale: "en", [1])
        #expect(one.text == "One more day of Superghost left")
        #expect(one.state == .translated)
        let many = deck.resolve("Superghost for %lld more days", locale: "en", [4])
        #expect(many.text == "Superghost for 4 more days")
        #expect(many.state == .new)
        #expect(deck.resolve("    Loading Data...", locale: "en").text == "    Loading Data...")
        #expect(deck.resolve("~80% off", locale: "en").text == "~80% off")
    }

    @Test("06: identifier keys fall back to the explicit en value")
    func paywallKit() throws {
        let deck = CopyDeck(try Fixtures.catalog("06"))
        #expect(deck.resolve("paywall_title", locale: "zh-Hans").fellBack == false)
        let error = deck.resolve("paywall_error_title", locale: "zh-Hans")
        #expect(error.text == "Error")
        #expect(error.fellBack)
        #expect(error.localeUsed == "en")
    }

    @Test("07: a zh-Hans source deck shows its keys in zh-Hans and en where translated")
    func cisum() throws {
        let deck = CopyDeck(try Fixtures.catalog("07"))
        #expect(deck.locale == "zh-Hans")
        #expect(deck.text("恢复购买") == "恢复购买")
        #expect(!deck.resolve("恢复购买").fellBack)
        #expect(deck.with(locale: "en").text("恢复购买") == "Restore Purchase")
        let japanese = deck.resolve("恢复购买", locale: "ja")
        #expect(japanese.text == "恢复购买")
        #expect(japanese.fellBack)
        #expect(japanese.localeUsed == "zh-Hans")
        #expect(deck.resolve("%@ (%lld)", locale: "zh-Hans", ["订阅", 3]).text == "订阅 (3)")
    }

    /// Fixture 46 (NetNewsWire's account name in the revision that had Korean): one key whose en and
    /// ko values vary by 8 devices. The simulated app is an iPhone app: it shows the `iphone` form
    /// ("On My iPhone", "나의 iPhone"), as iOS on an iPhone does, in both languages, never `other`'s
    /// "On My Device"; and lint finds nothing.
    @Test("46: a device variation in en and ko resolves to the iPhone form in each language")
    func netNewsWireKorean() throws {
        let catalog = try Fixtures.catalog("46")
        let entry = try #require(catalog.entries["account.name.on-my-device"])
        for language in ["en", "ko"] {
            let devices = try #require(entry.localizations[language]?.variations?.device)
            #expect(devices.keys.sorted() == ["appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac", "other"])
        }
        #expect(entry.localizations["ko"]?.variations?.device?["iphone"]?.stringUnit?.value == "나의 iPhone")
        let deck = CopyDeck(catalog)
        #expect(deck.resolve("account.name.on-my-device", locale: "en").text == "On My iPhone")
        let korean = deck.resolve("account.name.on-my-device", locale: "ko")
        #expect(korean.text == "나의 iPhone")
        #expect(!korean.fellBack)
        #expect(deck.resolve("account.name.on-my-device", locale: "ko-KR").text == "나의 iPhone", "a region of ko finds ko")
    }

    /// Fixture 47 (Proton Pass's Screens catalog, 2024-08-20): the corpus's first Slovenian plural.
    /// `%lld item(s)` varies by plural in all 26 languages; sl writes one, two, few and other (plus an
    /// explicit zero), as CLDR's Slovenian rule asks, and the form is chosen by the last two digits:
    /// 1 and 101 are one, 2 and 102 two, 3, 4 and 104 few, 5 and 0 other. The file's own words are
    /// kept: its two form is "predmeti" and its few and other forms are both "predmeta".
    @Test("47: a Slovenian plural picks one, two, few and other by the last two digits")
    func protonPassSlovenian() throws {
        let catalog = try Fixtures.catalog("47")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.entries.count == 41)
        #expect(Set(catalog.languages) == ["be", "cs", "da", "de", "el", "en", "es", "es-419", "fi", "fr", "id", "it", "ja", "ka",
                                           "ko", "nb", "nl", "pl", "pt-BR", "ro", "sk", "sl", "sv", "tr", "uk", "vi"])
        let entry = try #require(catalog.entries["%lld item(s)"])
        #expect(entry.localizations.count == 26)
        let slovenian = try #require(entry.localizations["sl"]?.variations?.plural)
        #expect(Set(slovenian.keys) == [.zero, .one, .two, .few, .other])
        #expect(slovenian[.two]?.stringUnit?.value == "%lld predmeti")
        let plurals = catalog.entries.filter { $0.value.localizations.values.contains { $0.variations?.plural != nil } }
        #expect(plurals.map(\.key) == ["%lld item(s)"], "the one plural key")

        for (count, category) in [(1, PluralCategory.one), (101, .one), (2, .two), (102, .two), (3, .few), (4, .few), (104, .few),
                                  (5, .other), (11, .other), (0, .other)] {
            #expect(PluralRules.category(for: PluralOperands(count), locale: "sl") == category, "sl \(count)")
        }
        let deck = CopyDeck(catalog)
        for (count, text) in [(1, "1 predmet"), (101, "101 predmet"), (2, "2 predmeti"), (102, "102 predmeti"),
                              (3, "3 predmeta"), (104, "104 predmeta"), (5, "5 predmeta"), (11, "11 predmeta")] {
            let copy = deck.resolve("%lld item(s)", locale: "sl", [.integer(count)])
            #expect(copy.text == text, "sl \(count)")
            #expect(copy.localeUsed == "sl")
            #expect(!copy.fellBack)
        }
        #expect(deck.resolve("%lld item(s)", locale: "sl-SI", [2]).text == "2 predmeti", "a region of sl finds sl")
        // Czech, in the same entry, has no two: 2 is few there.
        #expect(deck.resolve("%lld item(s)", locale: "cs", [2]).text == "2 položky")
        #expect(deck.resolve("%lld item(s)", locale: "cs", [5]).text == "5 položek")
        #expect(deck.resolve("%lld item(s)", locale: "en", [2]).text == "2 items")
    }
}
