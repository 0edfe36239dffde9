import Foundation
import PaywallCore
import Profiles
import StoreSim
import Testing
import TestSupport

/// A profile's cards drawn from its state and a context alone: no session, store or terminal.
@Suite("Profile panels")
struct ProfilePanelsTests {
    static func context(_ profile: Profile, backendUp: Bool = true, entitlements: [SignedTransaction] = [],
                        products: @escaping () throws -> [StoreProduct] = { [] }) -> ProfilePanelContext {
        ProfilePanelContext(base: ProfileReducerTests.context(profile, backendUp: backendUp),
                            format: { key, arguments in "<\(key)\(arguments.isEmpty ? "" : " \(arguments)")>" },
                            currentEntitlements: { entitlements }, templateProducts: products,
                            purchasesEnabled: true, sheetAccount: "sandbox.user@example.com")
    }

    static func keys(_ panel: ProfilePanel?) -> [String] {
        panel?.lines.compactMap { if case let .copy(key, _) = $0.content { key } else { nil } } ?? []
    }

    @Test func noCardNoPanel() {
        #expect(ProfilePanels.panel(ProfileModel(), Self.context(BuiltInProfiles.voip)) == nil)
    }

    @Test func theUsageCardSaysTheCachedReceiptStandsWhileTheServerIsDown() {
        var model = ProfileModel(card: .usage)
        model.saved.receiptCache = SubscriptionStatus(tier: .premium, expiresAt: FixedDates.start.addingTimeInterval(86_400),
                                                      validatedAt: FixedDates.start)
        let down = ProfilePanels.panel(model, Self.context(BuiltInProfiles.voip, backendUp: false))
        #expect(down?.name == "usage")
        #expect(Self.keys(down).first == SubscriptionTier.premium.copyKey, "the cached tier, with the server down")
        #expect(Self.keys(down).last == "voip.receipt.cached")
        let up = ProfilePanels.panel(model, Self.context(BuiltInProfiles.voip, backendUp: true))
        #expect(Self.keys(up).first == SubscriptionTier.free.copyKey, "the server's answer: no entitlement")
        #expect(!Self.keys(up).contains("voip.receipt.cached"))
    }

    @Test func theTemplateStoreSaysWhyItCouldNotLoad() {
        let panel = ProfilePanels.panel(ProfileModel(card: .templates(outcome: nil)),
                                        Self.context(BuiltInProfiles.templates, products: { throw StoreKitFailure("networkError") }))
        #expect(panel?.name == "templates")
        #expect(panel?.lines == [.copy("templates.loadFailed", [.string("networkError")], role: .warning)])
        #expect(panel?.keys == ["p": .goPro])
    }

    @Test func aMessageCardKeepsEachLinesTone() {
        let panel = ProfilePanels.panel(ProfileModel(card: .message([ProfileLine("voip.call.ended", [.integer(5)], tone: .success)])),
                                        Self.context(BuiltInProfiles.voip))
        #expect(panel == ProfilePanel(name: "profileMessage", titleKey: "app.name",
                                      lines: [.copy("voip.call.ended", [.integer(5)], role: .success)]))
    }
}
