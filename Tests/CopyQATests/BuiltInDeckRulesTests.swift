import BuiltInCopy
import CopyDeck
import CopyQA
import Foundation
import Profiles
import Testing

/// The decks PaywallSim ships follow the house rules, and the rules catch what they are for.
@Suite("Built-in deck rules")
struct BuiltInDeckRulesTests {
    @Test func theDefaultDeckFollowsTheRules() throws {
        let catalog = try #require(DefaultCopyDeck.catalog)
        let problems = BuiltInDeckRules().problems(in: catalog)
        #expect(problems.isEmpty, "\(problems.count) problem(s):\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    @Test(arguments: BuiltInProfiles.names)
    func eachProfileDeckFollowsTheRules(name: String) throws {
        let catalog = try #require(ProfileDecks.catalog(name))
        var rules = BuiltInDeckRules()
        rules.properNames.formUnion(["DeepChat", "Callio", "Templa"])
        let problems = rules.problems(in: catalog)
        #expect(problems.isEmpty, "\(name): \(problems.count) problem(s):\n\(problems.prefix(20).joined(separator: "\n"))")
    }

    static func catalog(_ entries: String) throws -> StringCatalog {
        try StringCatalog.decode(Data(#"{"sourceLanguage":"en","version":"1.0","strings":{\#(entries)}}"#.utf8), origin: "t.xcstrings")
    }

    static func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    @Test func aWideButtonALostGlyphAnUntranslatedTextAndAMissingCommentAreFound() throws {
        let catalog = try Self.catalog("""
        "paywall.cta.trial":{"comment":"CTA","localizations":{"en":\(Self.unit("Start")),"ko":\(Self.unit("무료 체험을 지금 바로 시작하기"))}},
        "hint.continue":{"comment":"hint","localizations":{"en":\(Self.unit("Enter Continue")),"ko":\(Self.unit("계속"))}},
        "value.title":{"localizations":{"en":\(Self.unit("Premium")),"ko":\(Self.unit("Premium"))}}
        """)
        let problems = BuiltInDeckRules().problems(in: catalog)
        #expect(problems.contains { $0.hasPrefix("paywall.cta.trial [ko]: 30 columns; a CTA/button may use 16") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("hint.continue [ko]: lost the key glyph or name 'Enter'") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("value.title [ko]: identical to the en text “Premium”") }, "\(problems)")
        #expect(problems.contains("value.title: no comment; say where the text appears"), "\(problems)")
        #expect(problems.count == 4, "nothing else: \(problems)")
    }

    @Test func pluralFormsAndArgumentsAreChecked() throws {
        let plural = #"{"variations":{"plural":{"one":\#(Self.unit("%lld day")),"other":\#(Self.unit("%lld days"))}}}"#
        let koreanPlural = #"{"variations":{"plural":{"one":\#(Self.unit("%lld일")),"other":\#(Self.unit("%lld일"))}}}"#
        let catalog = try Self.catalog("""
        "trial.days":{"comment":"c","localizations":{"en":\(plural),"ko":\(koreanPlural),"de":\(Self.unit("%@ Tage"))}}
        """)
        let problems = BuiltInDeckRules().problems(in: catalog)
        #expect(problems.contains("trial.days [ko plural]: one form never chosen: Korean has only other"), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("trial.days [de]: one form for every number, but the en text varies by plural") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("trial.days [de]: argument 1 is read as text but the en text reads it as integer") }, "\(problems)")
    }

    @Test func aLiteralPercentLostIsFoundAndTheSourceIsHeldToTheWidthToo() throws {
        let catalog = try Self.catalog("""
        "paywall.badge.save":{"comment":"badge","localizations":{"en":\(Self.unit("Save 50%% every year")),"ko":\(Self.unit("50% 절약"))}}
        """)
        let problems = BuiltInDeckRules().problems(in: catalog)
        #expect(problems.contains("paywall.badge.save [ko]: another number of literal %% than the en text"), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("paywall.badge.save [en]: 19 columns; a badge may use 12") }, "\(problems)")
    }

    @Test func argumentsCountAsSampleColumns() {
        #expect(BuiltInDeckRules.columns("Try %lld days") == 11)
        #expect(BuiltInDeckRules.columns("%@ / year") == 15)
        #expect(BuiltInDeckRules.columns("무료") == 4)
        #expect(BuiltInDeckRules.columns("100%%") == 4)
    }
}
