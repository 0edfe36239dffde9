import TestSupport
import CopyDeck
import Foundation
import Testing
@testable import Profiles

@Suite struct ProfileDecksTests {
    static let languages = ["en", "zh-Hans", "ko"]

    func defaultDeck() throws -> StringCatalog {
        try StringCatalog.load(contentsOf: TestPaths.themes.appendingPathComponent("PaywallSim.xcstrings"))
    }

    @Test(arguments: BuiltInProfiles.names)
    func theEmbeddedDeckEqualsItsFileAndParses(name: String) throws {
        let url = TestPaths.themes.appendingPathComponent("profiles/\(name).xcstrings")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(ProfileDecks.catalogText(name) == text, "run `swift run embed-resources`")
        let catalog = try StringCatalog.load(contentsOf: url)
        #expect(ProfileDecks.catalog(name) == catalog)
        #expect(catalog.keys.count > 10)
    }

    @Test(arguments: BuiltInProfiles.names)
    func everyKeyIsTranslatedInAllThreeLanguages(name: String) throws {
        let catalog = try #require(ProfileDecks.catalog(name))
        #expect(Set(catalog.languages) == Set(Self.languages))
        let missing = CatalogLint.missingTranslations(in: catalog, languages: Self.languages)
        for language in Self.languages { #expect(missing[language] == [], "\(name) \(language)") }
        #expect(CatalogLint.unitsNeedingWork(in: catalog).isEmpty)
        #expect(CatalogLint.specifierMismatches(in: catalog).isEmpty)
        #expect(CatalogLint.identicalToSource(in: catalog).filter { !Self.properNames.contains($0.key) }.isEmpty)
    }

    /// Default-deck keys a profile deck may replace: the ones that name the app, its offer and its main screen.
    static let overridable: Set<String> = {
        var keys: Set<String> = ["app.name", "chat.title", "chat.assistant", "chat.placeholder", "chat.welcome", "chat.quota.premium",
                                 "value.title", "value.subtitle", "value.sample.question", "value.sample.answer",
                                 "paywall.title", "purchased.title", "purchased.continue", "notice.alreadyPremium", "chat.hint"]
        for n in 1...3 { keys.formUnion(["onboarding.\(n).title", "onboarding.\(n).body", "proof.quote.\(n)", "proof.author.\(n)"]) }
        for n in 1...5 { keys.insert("chat.reply.\(n)") }
        for b in ["unlimited", "model", "images", "files"] { keys.formUnion(["benefit.\(b)", "benefit.\(b).detail"]) }
        keys.formUnion(["default", "chat", "limit", "noTrial", "discount"].map { "paywall.promise.\($0)" })
        return keys
    }()

    /// Keys whose value is a proper name, the same in every language.
    static let properNames: Set<String> = ["app.name", "chat.title", "chat.assistant"]

    @Test(arguments: BuiltInProfiles.names)
    func profileDecksOverrideOnlyTheAppAndOfferKeysAndKeepTheirSpecifiers(name: String) throws {
        let defaults = try defaultDeck()
        let catalog = try #require(ProfileDecks.catalog(name))
        var overridden = 0
        for key in catalog.keys where defaults[key] != nil {
            overridden += 1
            #expect(Self.overridable.contains(key), "\(name): \(key) overrides a default-deck key that is not an app or offer key")
            for language in Self.languages {
                let ours = CopyDeck(catalog).resolve(key, locale: language, [.integer(2)]).text
                let theirs = CopyDeck(defaults).resolve(key, locale: language, [.integer(2)]).text
                #expect(!ours.contains("%") && !theirs.contains("%"), "\(name) \(key) \(language): unresolved specifier")
                let mine = try #require(catalog[key]), base = try #require(defaults[key])
                #expect(Self.signature(mine, language) == Self.signature(base, language),
                        "\(name) \(key) \(language): specifiers differ from the default deck")
            }
        }
        #expect(overridden >= 20, "\(name): expected the app name, onboarding, benefits and paywall to be overridden")
        let deck = CopyDeck(primary: catalog, fallback: defaults)
        for language in Self.languages {
            for key in ["app.name", "paywall.title", "value.subtitle", "onboarding.1.body"] {
                #expect(!deck.resolve(key, locale: language).text.contains("Nova"), "\(name) \(key) \(language) still says Nova")
            }
        }
    }

    /// Format specifiers of every form of one language of an entry, as one sorted list.
    static func signature(_ entry: CatalogEntry, _ language: String) -> [String] {
        guard let localization = entry.localizations[language] else { return [] }
        var texts: [String] = []
        if let unit = localization.stringUnit { texts.append(unit.value) }
        if let other = localization.variations?.plural?[.other]?.stringUnit { texts.append(other.value) }
        return texts.flatMap { FormatSpecifier.parse($0).map(\.text) }.sorted()
    }

    @Test func theUpgradePromptReadsWellInEveryLanguage() throws {
        let catalog = try #require(ProfileDecks.catalog("voip"))
        let deck = CopyDeck(primary: catalog, fallback: try defaultDeck())
        #expect(deck.resolve("voip.upgrade.message", locale: "en", ["Video calls", "Premium"]).text == "Video calls: included with Premium.")
        #expect(deck.resolve("voip.upgrade.message", locale: "ko", ["영상 통화", "프리미엄"]).text == "영상 통화 기능은 프리미엄 요금제가 필요합니다.")
        #expect(deck.resolve("voip.minutes.included", locale: "en", [.integer(1)]).text == "1 minute a month")
        #expect(deck.resolve("voip.minutes.included", locale: "zh-Hans", [.integer(100)]).text == "每月 100 分钟")
        let fromDefault = deck.resolve("paywall.cta.subscribe", locale: "ko")
        #expect(fromDefault.fromFallbackDeck)
    }

    @Test func everyKeyTheDomainEmitsIsInSomeDeck() throws {
        let defaults = try defaultDeck()
        let decks = BuiltInProfiles.names.compactMap { ProfileDecks.catalog($0) } + [defaults]
        var keys = VoIPFeature.allCases.map(\.copyKey) + SubscriptionTier.allCases.map(\.copyKey)
        keys += TemplatesCatalog.templates.map(\.nameKey) + ChatMembership.benefits.flatMap { [$0.titleKey, $0.detailKey] }
        keys += ["guideline.3.1.1", "voip.upgrade.message", "voip.ad.rewarded.granted", "voip.ad.noFill", "voip.ad.dailyCap",
                 "voip.ad.closedEarly", "voip.bill.minutes", "voip.bill.data", "voip.bill.total", "voip.bill.none",
                 "applePay.authorized", "applePay.cancelled", "applePay.failed", "applePay.unavailable",
                 "member.status.active", "member.status.activeNoExpiry", "member.status.none",
                 "templates.outcome.templatePurchased", "templates.outcome.proActive", "templates.outcome.cancelled",
                 "templates.buy", "templates.unavailable", "notice.purchasesDisabled", "notice.pendingApproval",
                 "error.verificationFailed", "error.purchaseFailed", "error.entitlementInactive"]
        for key in keys { #expect(decks.contains { $0[key] != nil }, "\(key) is in no deck") }
    }
}
