import Foundation
import PaywallCore
import Profiles
import StoreSim
import Testing
import TestSupport

/// The profile screens' logic as a pure function: cards, saved state and the effects it asks for.
@Suite("Profile reducer")
struct ProfileReducerTests {
    static func context(_ profile: Profile, premium tier: SubscriptionTier? = nil, backendUp: Bool = true,
                        plan: String? = nil) -> ProfileContext {
        let entitlement = tier.map { Entitlement(isPremium: true, productID: $0.productID, source: .purchase) }
            ?? Entitlement(isPremium: false)
        return ProfileContext(profile: profile, now: FixedDates.start, timeZone: TimeZone(identifier: "UTC") ?? .current,
                              seed: 1, entitlement: entitlement, backendUp: backendUp, paywallPlanID: plan,
                              catalog: BuiltInProfiles.catalog(profile.name) ?? .embedded, storefront: "USA", locale: "en",
                              text: { "<\($0)>" })
    }

    static func reduce(_ events: [ProfileEvent], _ context: ProfileContext, from model: ProfileModel = ProfileModel())
        -> (ProfileModel, [ProfileEffect]) {
        var model = model
        var all: [ProfileEffect] = []
        for event in events {
            let (next, effects) = ProfileReducer.reduce(model, event, context: context)
            model = next
            all += effects
        }
        return (model, all)
    }

    @Test func anUnknownCommandAnswersWithTheCommandsThisProfileHas() {
        let (model, effects) = Self.reduce([.command("/status")], Self.context(BuiltInProfiles.voip))
        #expect(model.card == .message([ProfileLine("profile.unknownCommand", [.string("/status"),
                                                                                 .string("/usage  /call MIN [GB]  /feature NAME  /ad")], tone: .warning)]))
        #expect(effects.isEmpty)
    }

    @Test func aFreeCallIsCountedSavedAndFollowedByAnInterstitial() {
        let (model, effects) = Self.reduce([.command("/call 30 1.5")], Self.context(BuiltInProfiles.voip))
        #expect(model.saved.callsToday == 1 && model.saved.callsDay == "2026-01-30")
        #expect(model.saved.usage.usage.totalMinutes == 30)
        #expect(effects == [.save])
        #expect(model.card == .interstitial)
        let (paid, _) = Self.reduce([.command("/call 30")], Self.context(BuiltInProfiles.voip, premium: .premium))
        #expect(paid.card == .message([ProfileLine("voip.call.ended", [.integer(30)], tone: .success)]), "subscribers see no ad")
        let (bad, badEffects) = Self.reduce([.command("/call -3")], Self.context(BuiltInProfiles.voip))
        #expect(bad.card == .message([ProfileLine("voip.call.usage", tone: .warning)]) && badEffects.isEmpty)
    }

    @Test func theUsageCardAsksForTheReceiptAndSavesOnlyANewAnswer() {
        let context = Self.context(BuiltInProfiles.voip)
        let (model, effects) = Self.reduce([.command("/usage")], context)
        #expect(model.card == .usage && effects == [.validateReceipt])
        let status = SubscriptionStatus(tier: .basic, expiresAt: nil, validatedAt: FixedDates.start)
        let (cached, saved) = Self.reduce([.receiptValidated(status)], context, from: model)
        #expect(cached.saved.receiptCache == status && saved == [.save])
        let (_, again) = Self.reduce([.receiptValidated(status)], context, from: cached)
        #expect(again.isEmpty, "the same answer is not written again")
        let offline = Self.context(BuiltInProfiles.voip, backendUp: false)
        #expect(ProfileReducer.tier(cached, offline) == .basic, "with the server down the cache decides the tier")
    }

    @Test func theFeatureGateOpensThePaywallOnTheLowestTierThatHasIt() {
        let context = Self.context(BuiltInProfiles.voip)
        let (gate, _) = Self.reduce([.command("/feature videoCall")], context)
        #expect(gate.card == .featureGate(.videoCall, .premium))
        let (done, effects) = Self.reduce([.action(.confirm)], context, from: gate)
        #expect(done.card == nil)
        #expect(effects == [.flow(.openPaywall(reason: .chatTab)), .flow(.selectPlan(id: SubscriptionTier.premium.productID))])
    }

    @Test func applePayBuysThroughTheFlowOnlyWhenAuthorised() throws {
        let plan = try #require(ChatCatalog.catalog.products.first { $0.subscription != nil }?.id)
        let context = Self.context(BuiltInProfiles.chat, plan: plan)
        let (sheet, _) = Self.reduce([.action(.applePay)], context)
        #expect(sheet.card == .applePay(productID: plan))
        let (declined, none) = Self.reduce([.action(.declineCard)], context, from: sheet)
        #expect(none.isEmpty, "a declined card charges nothing")
        if case .message = declined.card {} else { Issue.record("expected the declined message, got \(String(describing: declined.card))") }
        let (paid, effects) = Self.reduce([.action(.confirm)], context, from: sheet)
        #expect(paid.card == nil)
        #expect(effects == [.flow(.selectPlan(id: plan)), .flow(.buy), .flow(.sheetConfirmed)])
    }

    @Test func aTemplatePurchaseIsAnEffectAndItsOutcomeALine() throws {
        let context = Self.context(BuiltInProfiles.templates)
        let (store, _) = Self.reduce([.command("/templates")], context)
        let (sheet, none) = Self.reduce([.action(.buyTemplate("resume"))], context, from: store)
        #expect(sheet.card == .templateSheet(templateID: "resume") && none.isEmpty, "the App Store sheet first")
        let (_, effects) = Self.reduce([.action(.confirm)], context, from: sheet)
        #expect(effects == [.buyTemplate(id: "resume")])
        let (cancelled, nothing) = Self.reduce([.action(.close)], context, from: sheet)
        #expect(cancelled.card == .templates(outcome: nil) && nothing.isEmpty)
        let (after, _) = Self.reduce([.templatePurchased(templateID: "resume", outcome: .purchasesDisabled)], context, from: store)
        guard case let .templates(outcome?) = after.card else { Issue.record("no outcome line: \(String(describing: after.card))"); return }
        #expect(outcome.tone == .warning)
    }
}

/// The month's bill counts minutes earned from ads as included, and never overflows.
@Suite("VoIP bill with ad minutes")
struct VoIPBillBonusTests {
    @Test func adMinutesAreIncludedAndAnUnlimitedPlanDoesNotOverflow() {
        var usage = MonthlyUsage()
        usage.totalMinutes = 125
        let free = UsageBasedBilling.UsageRate.forTier(.free)
        #expect(UsageBasedBilling.itemize(usage: usage, plan: free, bonusMinutes: 10).overageMinutes == 125 - free.includedMinutes - 10)
        let unlimited = UsageBasedBilling.UsageRate.forTier(.premium)
        #expect(UsageBasedBilling.itemize(usage: usage, plan: unlimited, bonusMinutes: 10).overageMinutes == 0)
    }
}
