@testable import PaywallApp
@testable import SimRuntime
import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit
import TestSupport
import Testing

/// The profile screens as the app shows them: commands in chat, panel keys, outcomes, state across launches.
@Suite("Profile screens")
struct ProfileFeaturesTests {
    /// A controller for `profile` starting in chat, on a fresh state directory (or `directory`).
    static func app(_ profile: String, start: StartScreen = .chat, directory: URL? = nil, config: String? = nil) throws -> (AppController, URL) {
        let dir = directory ?? TestPaths.scratchDirectory("profile")
        var inputs = SessionInputs()
        inputs.profile = profile
        inputs.start = start
        inputs.config = config
        return (try AppHost.launch(inputs, workspace: StateWorkspace(root: dir), clock: ManualClock(FixedDates.start)), dir)
    }

    static func type(_ text: String, into app: AppController) {
        for character in text { app.handle(.character(character)) }
        app.handle(.enter)
    }

    static func screen(_ app: AppController) -> String { app.render(size: TerminalSize(width: 80, height: 24)).plainText }

    @Test func unknownAndForeignCommandsAnswerWithTheListNotAMessage() throws {
        let (app, _) = try Self.app("chat")
        Self.type("/usage", into: app)
        #expect(app.screenContext().panel?.name == "profileMessage")
        #expect(Self.screen(app).contains("/usage is not a command here. Try: /status"))
        #expect(app.session.model.quota.used == 0, "a command is not a chat message and costs no quota")
        app.handle(.escape)
        #expect(app.screenContext().panel == nil)
    }

    @Test func featureGateNamesTheLowestHigherTierAndUpgradeOpensThePaywallOnIt() throws {
        let (app, _) = try Self.app("voip")
        Self.type("/feature videoCall", into: app)
        #expect(app.screenContext().panel?.name == "featureGate")
        #expect(Self.screen(app).contains("Video calls: included with Premium."))
        #expect(Self.screen(app).contains("Premium  $9.99 / month"), "the price with its period")
        app.handle(.enter)
        #expect(app.session.model.state.name == "paywall")
        #expect(app.session.model.selectedPlanID == "com.voipapp.premium.monthly")
    }

    @Test func featureWithoutANameSaysHowAndShortNamesWork() throws {
        let (app, _) = try Self.app("voip")
        Self.type("/feature", into: app)
        let usage = Self.screen(app)
        #expect(usage.contains("Try /feature NAME, one of: basicCalling (Basic calling)"), "\(usage)")
        #expect(!usage.contains(" is not a feature"), "no empty subject")
        app.handle(.escape)
        Self.type("/feature video", into: app)
        #expect(app.screenContext().panel?.name == "featureGate", "the start of a name finds videoCall")
    }

    @Test func freeCallsShowAnInterstitialAndTheBillCountsOverage() throws {
        let (app, _) = try Self.app("voip")
        Self.type("/call 130 3", into: app)
        #expect(app.screenContext().panel?.name == "interstitial")
        app.handle(.escape)
        Self.type("/usage", into: app)
        let text = Self.screen(app)
        #expect(text.contains("Extra minutes: 30 × $0.05 = $1.50"))
        #expect(text.contains("Extra data: 2 GB × $2.00 = $4.00"))
        #expect(text.contains("Overage this month: $5.50"))
    }

    @Test func badCallArgumentsAreExplainedNotRecorded() throws {
        let (app, _) = try Self.app("voip")
        for bad in ["/call", "/call -5", "/call x", "/call 10 nan", "/call 10 -1"] {
            Self.type(bad, into: app)
            #expect(Self.screen(app).contains("Type /call MINUTES [GB]"), "\(bad)")
            app.handle(.escape)
        }
        Self.type("/usage", into: app)
        #expect(Self.screen(app).contains("Calls: 0 min of 100"))
    }

    @Test func usageAndAdsSurviveARelaunchAndABrokenStateFileIsRefused() throws {
        let (first, dir) = try Self.app("voip")
        Self.type("/ad", into: first)
        first.handle(.enter)
        #expect(Self.screen(first).contains("You earned 10 free minutes."))
        let (second, _) = try Self.app("voip", directory: dir)
        Self.type("/usage", into: second)
        #expect(Self.screen(second).contains("110 minutes left this month"))
        try Data("{ not json".utf8).write(to: dir.appendingPathComponent("profile-state.json"))
        #expect(throws: (any Error).self) { _ = try Self.app("voip", directory: dir) }
    }

    @Test func aTemplateIsBoughtOnceAndIsNotPro() throws {
        let (app, _) = try Self.app("templates")
        Self.type("/templates", into: app)
        #expect(app.screenContext().panel?.keys["1"] == .buyTemplate("resume"))
        app.handle(.character("1"))
        #expect(app.screenContext().panel?.name == "templateSheet", "1 opens the App Store sheet; nothing is bought yet")
        #expect(app.session.store.allTransactions.isEmpty)
        app.handle(.enter)
        let text = Self.screen(app)
        #expect(text.contains("Résumé is yours."))
        #expect(text.contains("1  Résumé — Owned"))
        #expect(app.screenContext().panel?.keys["1"] == nil, "an owned template has no buy key")
        #expect(!app.session.model.entitlement.isPremium)
        #expect(app.session.store.unfinishedTransactions.isEmpty)
    }

    @Test func aRestoredTemplateIsStillNotProButProIs() throws {
        let (app, _) = try Self.app("templates", start: .paywall)
        Self.typeKey(app, "n")                                  // not now → skipped
        let session = app.session
        _ = session.store.purchase(productID: "com.templates.template.resume")
        session.send(.restore)
        session.advance(to: session.clock.now().addingTimeInterval(5))
        #expect(!session.model.entitlement.isPremium, "Restore posts the template; the backend must not call it premium")
        #expect(session.backend.compute(now: session.clock.now(), source: .restore).isPremium == false)
        _ = session.store.purchase(productID: "com.templates.pro.yearly")
        session.send(.restore)
        session.advance(to: session.clock.now().addingTimeInterval(5))
        #expect(session.model.entitlement.isPremium)
        #expect(session.model.entitlement.productID == "com.templates.pro.yearly")
    }

    @Test func theTemplateStoreUsesTheCatalogCache() throws {
        let (app, _) = try Self.app("templates")
        let store = app.session.store
        var failing = store.settings
        failing.forcedErrors["Load Products"] = "networkError"
        try store.setSettings(failing)
        Self.type("/templates", into: app)
        #expect(Self.screen(app).contains("The store could not load the templates (networkError)."))
        var fine = failing
        fine.forcedErrors["Load Products"] = nil
        try store.setSettings(fine)
        #expect(Self.screen(app).contains("1  Résumé — Buy $2.99"), "a failed fetch caches nothing; the next one loads")
        try store.setSettings(failing)
        #expect(Self.screen(app).contains("1  Résumé — Buy $2.99"), "once loaded, the products come from the cache")
        #expect(app.features?.catalogService.fetchCount == 2)
    }

    static func typeKey(_ app: AppController, _ character: Character) { app.handle(.character(character)) }

    @Test func applePayCancelChargesNothingAndAuthoriseBuysTheSelectedPlan() throws {
        let (app, _) = try Self.app("chat", start: .paywall)
        #expect(app.screenContext().paywallButton?.key == "a")
        app.handle(.character("a"))
        #expect(app.screenContext().panel?.name == "applePay")
        app.handle(.escape)
        #expect(Self.screen(app).contains("Payment cancelled. Nothing was charged."))
        #expect(app.session.store.allTransactions.isEmpty)
        app.handle(.escape)
        app.handle(.character("a"))
        app.handle(.character("x"))
        #expect(Self.screen(app).contains("Apple Pay could not complete the payment (cardDeclined)."))
        #expect(app.session.store.allTransactions.isEmpty, "a declined card buys nothing")
        app.handle(.escape)
        app.handle(.character("a"))
        app.handle(.enter)
        #expect(app.session.model.state.name == "purchasing")
        #expect(app.session.store.allTransactions.count == 1)
    }

    @Test func theDefaultAppHasNoProfileScreens() throws {
        var inputs = SessionInputs()
        inputs.start = .chat
        let app = try AppHost.launch(inputs, workspace: StateWorkspace(root: TestPaths.scratchDirectory("default-app")), clock: ManualClock(FixedDates.start))
        #expect(app.features == nil)
        #expect(app.screenContext().paywallButton == nil)
    }
}
