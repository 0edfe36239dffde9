import Foundation
import StoreSim
import Testing
@testable import Profiles

@Suite struct ChatProfileTests {
    let catalog = ChatCatalog.catalog
    let now = Date(timeIntervalSince1970: 1_780_228_800)

    @Test func plansAreSortedByPriceInEveryStorefront() {
        let ids = [ChatCatalog.monthlyID, ChatCatalog.quarterlyID, ChatCatalog.yearlyID]
        #expect(catalog.products.map(\.id) != ids, "the catalog's own order is not price order")
        #expect(ChatMembership.plans(in: catalog, storefront: "CHN").map(\.id) == ids)
        #expect(ChatMembership.plans(in: catalog, storefront: "USA").map(\.id) == ids)
        #expect(ChatMembership.plans(in: catalog, storefront: "CHN").map { $0.price(in: "CHN") } == [30, 78, 298])
        #expect(catalog.product(ChatCatalog.monthlyID)?.price(in: "USA") == Decimal(string: "4.99"))
    }

    @Test func theDailyLimitAndBenefits() {
        #expect(ChatMembership.benefits.map(\.titleKey) == ["benefit.unlimited", "benefit.model", "benefit.images", "benefit.files"])
        #expect(ChatMembership.limitReached(isMember: false, sentToday: 10))
        #expect(!ChatMembership.limitReached(isMember: false, sentToday: 9))
        #expect(!ChatMembership.limitReached(isMember: true, sentToday: 500))
    }

    @Test func memberStatusSkipsExpiredAndRevokedTransactions() {
        let later = now.addingTimeInterval(30 * 86_400)
        let status = MemberStatus.from([
            .init(productID: ChatCatalog.monthlyID, expirationDate: now.addingTimeInterval(-1)),
            .init(productID: ChatCatalog.yearlyID, expirationDate: later, revocationDate: now),
            .init(productID: ChatCatalog.quarterlyID, expirationDate: later),
        ], catalog: catalog, now: now)
        #expect(status.isMember)
        #expect(status.currentPlan == ChatCatalog.quarterlyID)
        #expect(status.expirationDate == later)
        #expect(status.purchasedProductIDs == [ChatCatalog.quarterlyID])
        #expect(status.report(catalog: catalog, locale: "zh_Hans").contains("Current plan: 季度会员"))
        #expect(status.statusLine(planName: "季度会员", formattedExpiry: "2026/6/30") ==
                CopyLine("member.status.active", "季度会员", "2026/6/30"))
        let none = MemberStatus.from([], catalog: catalog, now: now)
        #expect(!none.isMember)
        #expect(none.report(catalog: catalog, locale: "en").contains("Member: no"))
        #expect(none.statusLine(planName: "", formattedExpiry: nil) == CopyLine("member.status.none"))
    }

    @Test func theApplePayRequestCarriesTheProduct() throws {
        let config = try #require(BuiltInProfiles.chat.applePay)
        let product = try #require(catalog.product(ChatCatalog.yearlyID))
        let request = ApplePaySheet.request(for: product, config: config, storefront: "CHN", locale: "zh_Hans")
        #expect(request.merchantIdentifier == "merchant.com.paywallsim.chat")
        #expect(request.supportedNetworks == [.visa, .masterCard, .chinaUnionPay])
        #expect(request.countryCode == "CN" && request.currencyCode == "CNY")
        #expect(request.summaryItems == [ApplePaySheet.SummaryItem(label: "年度会员", amount: 298)])
        #expect(request.total == 298)
    }

    @Test func theSheetEndsAuthorisedCancelledOrFailed() throws {
        let config = try #require(BuiltInProfiles.chat.applePay)
        let product = try #require(catalog.product(ChatCatalog.monthlyID))
        let request = ApplePaySheet.request(for: product, config: config, storefront: "USA", locale: "en")
        let cards: Set<PaymentNetwork> = [.visa]
        #expect(ApplePaySheet.present(request, deviceNetworks: cards, action: .authorize, tokenID: { "tok-1" }) == .authorized(token: "tok-1"))
        #expect(ApplePaySheet.present(request, deviceNetworks: cards, action: .cancel, tokenID: { "" }) == .cancelled)
        #expect(ApplePaySheet.present(request, deviceNetworks: cards, action: .fail("cardDeclined"), tokenID: { "" }) ==
                .failed(reason: "cardDeclined"))
        let noCard = ApplePaySheet.present(request, deviceNetworks: [.amex], action: .authorize, tokenID: { "" })
        #expect(noCard == .failed(reason: "unavailable"))
        #expect(ApplePaySheet.copy(for: noCard) == CopyLine("applePay.unavailable"))
        #expect(ApplePaySheet.copy(for: .cancelled) == CopyLine("applePay.cancelled"))
        #expect(ApplePaySheet.copy(for: .failed(reason: "cardDeclined")) == CopyLine("applePay.failed", "cardDeclined"))
    }

    @Test func applePayForSubscriptionsIsA311Warning() {
        let findings = GuidelineCheck.findings(profile: BuiltInProfiles.chat, catalog: catalog)
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.guideline == "3.1.1" && $0.severity == .warning && $0.messageKey == "guideline.3.1.1" })
        #expect(Set(findings.compactMap(\.productID)) == [ChatCatalog.monthlyID, ChatCatalog.quarterlyID, ChatCatalog.yearlyID])
        #expect(findings[0].description.hasPrefix("warning: Guideline 3.1.1: Digital subscriptions must be sold through in-app purchase"))
    }

    @Test func noFindingWithoutApplePayOrWithoutSubscriptions() {
        #expect(GuidelineCheck.findings(profile: BuiltInProfiles.voip, catalog: VoIPCatalog.catalog).isEmpty)
        var chat = BuiltInProfiles.chat
        chat.applePay?.forSubscriptions = false
        #expect(GuidelineCheck.findings(profile: chat, catalog: catalog).isEmpty)
        let onlyTemplates = StoreCatalog(products: TemplatesCatalog.catalog.products(ofKind: .nonConsumable), groups: [],
                                         settings: StoreSettings(), origin: "t")
        #expect(GuidelineCheck.findings(profile: BuiltInProfiles.chat, catalog: onlyTemplates).isEmpty)
    }
}
