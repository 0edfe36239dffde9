import Foundation
import PaywallCore
import StoreSim
import Testing
@testable import Profiles

@Suite struct TemplatesTests {
    let transaction = SignedTransaction(id: "2000000000000001", originalID: "2000000000000001",
                                        productID: "com.templates.template.resume", purchaseDate: Date(timeIntervalSince1970: 0),
                                        jws: "x.y.z")

    /// A coordinator over fakes: the flag, the store's answer, and a count of refreshes and purchases.
    final class Harness {
        var enabled = true
        var answer: StorePurchaseResult = .userCancelled
        var refreshes = 0
        var purchased: [String] = []
        var dependencies: PurchaseDependencies {
            PurchaseDependencies(purchasesEnabled: { self.enabled },
                                 purchase: { self.purchased.append($0); return self.answer },
                                 refreshEntitlements: { self.refreshes += 1 })
        }
    }

    @Test func purchasesDisabledNeverReachesTheStore() {
        let harness = Harness()
        harness.enabled = false
        let template = TemplatePurchaseCoordinator(dependencies: harness.dependencies)
        let pro = ProSubscriptionCoordinator(dependencies: harness.dependencies)
        #expect(template.buyTemplate(templateID: "resume", productID: "com.templates.template.resume") == .purchasesDisabled)
        #expect(pro.buyPro(productID: TemplatesCatalog.proYearlyID) == .purchasesDisabled)
        #expect(harness.purchased.isEmpty)
        #expect(harness.refreshes == 0)
        #expect(PurchaseOutcomeCopy.line(for: .purchasesDisabled, subject: .pro) == CopyLine("notice.purchasesDisabled"))
        #expect(PurchaseOutcomeCopy.buyButton(price: "$2.99", purchasesEnabled: false) == CopyLine("templates.unavailable"))
        #expect(PurchaseOutcomeCopy.buyButton(price: "$2.99", purchasesEnabled: true) == CopyLine("templates.buy", "$2.99"))
    }

    @Test func eachStoreResultMapsOnceAndOnlySuccessRefreshes() {
        let cases: [(StorePurchaseResult, PurchaseOutcome, Int, String)] = [
            (.success(transaction, verified: true), .success(transaction), 1, "templates.outcome.templatePurchased"),
            (.success(transaction, verified: false), .failed(reason: "verification_failed"), 0, "error.verificationFailed"),
            (.userCancelled, .cancelled, 0, "templates.outcome.cancelled"),
            (.pending, .pending, 0, "notice.pendingApproval"),
            (.failed(error: "networkError"), .failed(reason: "networkError"), 0, "error.purchaseFailed"),
        ]
        for (answer, expected, refreshes, key) in cases {
            let harness = Harness()
            harness.answer = answer
            let outcome = TemplatePurchaseCoordinator(dependencies: harness.dependencies)
                .buyTemplate(templateID: "resume", productID: "com.templates.template.resume")
            #expect(outcome == expected)
            #expect(harness.refreshes == refreshes, "\(answer)")
            #expect(harness.purchased == ["com.templates.template.resume"])
            #expect(PurchaseOutcomeCopy.line(for: outcome, subject: .template(name: "Résumé")).key == key)
        }
    }

    @Test func proSuccessRefreshesAndSaysProIsActive() {
        let harness = Harness()
        harness.answer = .success(transaction, verified: true)
        let outcome = ProSubscriptionCoordinator(dependencies: harness.dependencies).buyPro(productID: TemplatesCatalog.proMonthlyID)
        #expect(harness.refreshes == 1)
        #expect(harness.purchased == [TemplatesCatalog.proMonthlyID])
        #expect(PurchaseOutcomeCopy.line(for: outcome, subject: .pro) == CopyLine("templates.outcome.proActive"))
        #expect(PurchaseOutcomeCopy.line(for: .success(transaction), subject: .template(name: "Invoice")) ==
                CopyLine("templates.outcome.templatePurchased", "Invoice"))
        #expect(PurchaseOutcomeCopy.line(for: .failed(reason: "networkError"), subject: .pro) ==
                CopyLine("error.purchaseFailed", "networkError"))
        #expect(PurchaseOutcomeCopy.line(for: .entitlementInactive, subject: .pro) == CopyLine("error.entitlementInactive"))
    }

    @Test func theCatalogServiceFetchesOnlyWhatItHasNotCached() throws {
        var asked: [[String]] = []
        var service = ProductCatalogService { ids in
            asked.append(ids)
            return TemplatesCatalog.catalog.products.filter { ids.contains($0.id) }
        }
        let resume = "com.templates.template.resume", invoice = "com.templates.template.invoice"
        #expect(try service.products(for: [resume, invoice]).map(\.id) == [resume, invoice])
        #expect(try service.products(for: [invoice, resume, invoice]).map(\.id) == [invoice, resume, invoice])
        #expect(try service.products(for: [resume, TemplatesCatalog.proYearlyID, "unknown"]).map(\.id) == [resume, TemplatesCatalog.proYearlyID])
        #expect(asked == [[resume, invoice], [TemplatesCatalog.proYearlyID, "unknown"]])
        #expect(service.fetchCount == 2)
        #expect(service.cached(resume)?.kind == .nonConsumable)
    }

    @Test func aFetchErrorCachesNothing() {
        struct Down: Error {}
        var fail = true
        var service = ProductCatalogService { ids in
            if fail { throw Down() }
            return TemplatesCatalog.catalog.products.filter { ids.contains($0.id) }
        }
        #expect(throws: Down.self) { try service.products(for: [TemplatesCatalog.proMonthlyID]) }
        fail = false
        #expect((try? service.products(for: [TemplatesCatalog.proMonthlyID]))?.count == 1)
        #expect(service.fetchCount == 2)
    }

    @Test func theCatalogSellsTemplatesAndPro() {
        let catalog = TemplatesCatalog.catalog
        #expect(catalog.products(ofKind: .nonConsumable).map(\.id) == TemplatesCatalog.templates.map(\.productID))
        #expect(catalog.subscriptions(inGroup: TemplatesCatalog.proGroupID).map(\.id) ==
                [TemplatesCatalog.proMonthlyID, TemplatesCatalog.proYearlyID])
        #expect(TemplatesCatalog.template(productID: "com.templates.template.pitchDeck")?.nameKey == "templates.name.pitchDeck")
        #expect(catalog.product(TemplatesCatalog.proYearlyID)?.price(in: "KOR") == 69_000)
    }
}
