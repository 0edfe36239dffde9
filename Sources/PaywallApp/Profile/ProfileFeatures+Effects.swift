import Foundation
import PaywallFoundation
import PaywallCore
import Profiles
import SimRuntime
import StoreSim

/// The effects a profile's reducer asks for that reach the session's backend and store: seed 003's
/// receipt validation and seed 002's template purchase. Their answers go back to the reducer.
extension ProfileFeatures {
    /// Validates the receipt (the latest transaction) with the server and returns the status cache
    /// after it; when the server is down the cached status stands and the usage screen says so.
    func validateReceipt() -> SubscriptionStatus? {
        let receipt = session.store.latestTransaction.map { Data(utf8: $0.jws) }
        let entitlement = session.model.entitlement
        let server: ReceiptValidator.ServerValidation = { _ in
            guard self.session.backend.isUp else { return .failure(.init("backendUnavailable")) }
            let tier = entitlement.isPremium ? entitlement.productID.flatMap(SubscriptionTier.init(productID:)) ?? .free : .free
            return .success(SubscriptionStatus(tier: tier, expiresAt: entitlement.expiresAt, validatedAt: self.now))
        }
        var cache = InMemoryStatusStore(status: model.saved.receiptCache)
        _ = ReceiptValidator.validate(receipt: receipt, server: server, cache: &cache)
        return cache.status
    }

    /// Buys one template through `TemplatePurchaseCoordinator`: the flag, the store, the outcome.
    /// A verified purchase is finished at once (the template is the app's to unlock, not the backend's premium).
    func buyTemplate(_ id: String) -> PurchaseOutcome? {
        guard let template = TemplatesCatalog.templates.first(where: { $0.id == id }) else { return nil }
        let store = session.store
        let token = session.appAccountToken
        var bought: SignedTransaction?
        let dependencies = PurchaseDependencies(
            purchasesEnabled: { self.session.settings.config.purchasesEnabled },
            purchase: { productID in
                let result = store.purchase(productID: productID, options: StorePurchaseOptions(sheet: .confirm, appAccountToken: token))
                if case let .success(transaction, true) = result { bought = transaction }
                return result
            },
            refreshEntitlements: {})
        let outcome = TemplatePurchaseCoordinator(dependencies: dependencies).buyTemplate(templateID: id, productID: template.productID)
        if let bought {
            do { try store.finish(transactionID: bought.id) } catch { session.note("finish \(bought.id): \(error)") }
        }
        return outcome
    }
}
