import Foundation
import PaywallCore
import PaywallScreens
import Profiles
import SimRuntime
import StoreSim
import TerminalKit

/// Seed 002: the template store — one non-consumable per template, Pro for all of them, the
/// `purchasesEnabled` flag, and each `PurchaseOutcome` shown as the seed maps it.
extension ProfileFeatures {
    /// Whether Pro (the subscription group) is active: every template is unlocked.
    var proActive: Bool {
        let entitlement = session.model.entitlement
        guard entitlement.isPremium, let id = entitlement.productID else { return false }
        return id == TemplatesCatalog.proMonthlyID || id == TemplatesCatalog.proYearlyID
    }

    /// Template product ids the store lists among current entitlements.
    var ownedTemplates: Set<String> {
        Set(session.store.currentEntitlements().map(\.productID).filter { TemplatesCatalog.template(productID: $0) != nil })
    }

    func templatesPanel(outcome: ProfilePanel.Line?) -> ProfilePanel {
        let enabled = session.settings.config.purchasesEnabled
        let owned = ownedTemplates
        var lines: [ProfilePanel.Line] = []
        var keys: [Character: ProfileAction] = ["p": .goPro]
        let products: [StoreProduct]
        do {
            products = try catalogService.products(for: TemplatesCatalog.templates.map(\.productID))
        } catch {
            let reason = (error as? StoreKitFailure)?.name ?? "\(error)"
            return ProfilePanel(name: "templates", titleKey: "templates.title",
                                lines: [.copy("templates.loadFailed", [.string(reason)], role: .warning)], keys: keys)
        }
        for (index, template) in TemplatesCatalog.templates.enumerated() {
            let number = index + 1
            let status: String
            if proActive || owned.contains(template.productID) {
                status = text("templates.owned")
            } else {
                guard let product = products.first(where: { $0.id == template.productID }) else { continue }
                let amount = price(product.price(in: storefront))
                let button = PurchaseOutcomeCopy.buyButton(price: amount, purchasesEnabled: enabled)
                status = text(button.key, button.arguments)
                if let key = Character(String(number)) as Character?, number <= 9 { keys[key] = .buyTemplate(template.id) }
            }
            lines.append(.copy("templates.row", [.integer(number), .string(text(template.nameKey)), .string(status)]))
        }
        lines.append(.gap)
        lines.append(.copy("templates.pro.title", role: .accent, bold: true))
        lines.append(.copy(proActive ? "templates.outcome.proActive" : "templates.pro.body", role: proActive ? .success : .muted))
        if let outcome {
            lines.append(.gap)
            lines.append(outcome)
        }
        // Nothing left to buy (all owned, or Pro): no "Buy" in the hint.
        let buyable = keys.values.contains { if case .buyTemplate = $0 { true } else { false } }
        return ProfilePanel(name: "templates", titleKey: "templates.title", lines: lines,
                            hintKeys: buyable ? ["templates.hint"] : ["help.close"], keys: keys)
    }

    /// The App Store sheet for one template, as StoreKit shows it before a purchase: Enter buys, Esc cancels.
    func templateSheetPanel(_ id: String) -> ProfilePanel {
        guard let template = TemplatesCatalog.templates.first(where: { $0.id == id }),
              let product = session.settings.catalog.product(template.productID) else {
            return ProfilePanel(name: "templateSheet", titleKey: "sheet.title", lines: [])
        }
        let lines: [ProfilePanel.Line] = [
            .data(text(template.nameKey), bold: true),
            .copy("sheet.price", role: .muted),
            .data(price(product.price(in: storefront)), role: .price, bold: true),
            .gap,
            .copy("sheet.account", [.string(SheetInfo().account)], role: .muted),
        ]
        return ProfilePanel(name: "templateSheet", titleKey: "sheet.title", lines: lines, hintKeys: ["sheet.hint"])
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
