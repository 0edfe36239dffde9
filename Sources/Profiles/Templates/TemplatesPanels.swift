import Foundation
import PaywallCore
import StoreSim

/// Seed 002's cards: the template store (one non-consumable per template, Pro for all of them,
/// the `purchasesEnabled` flag) and the App Store sheet for one template.
enum TemplatesPanels {
    /// Whether Pro (the subscription group) is active: every template is unlocked.
    static func proActive(_ context: ProfileContext) -> Bool {
        let entitlement = context.entitlement
        guard entitlement.isPremium, let id = entitlement.productID else { return false }
        return id == TemplatesCatalog.proMonthlyID || id == TemplatesCatalog.proYearlyID
    }

    static func templates(outcome: ProfilePanel.Line?, _ context: ProfilePanelContext) -> ProfilePanel {
        let base = context.base
        let proActive = proActive(base)
        // Template product ids the store lists among current entitlements.
        let owned = Set(context.currentEntitlements().map(\.productID).filter { TemplatesCatalog.template(productID: $0) != nil })
        var lines: [ProfilePanel.Line] = []
        var keys: [Character: ProfileAction] = ["p": .goPro]
        let products: [StoreProduct]
        do {
            products = try context.templateProducts()
        } catch {
            let reason = (error as? StoreKitFailure)?.name.rawValue ?? "\(error)"
            return ProfilePanel(name: "templates", titleKey: "templates.title",
                                lines: [.copy("templates.loadFailed", [.string(reason)], role: .warning)], keys: keys)
        }
        for (index, template) in TemplatesCatalog.templates.enumerated() {
            let number = index + 1
            let status: String
            if proActive || owned.contains(template.productID) {
                status = context.text("templates.owned")
            } else {
                guard let product = products.first(where: { $0.id == template.productID }) else { continue }
                let amount = context.price(product.price(in: base.storefront))
                let button = PurchaseOutcomeCopy.buyButton(price: amount, purchasesEnabled: context.purchasesEnabled)
                status = context.text(button.key, button.arguments)
                if let key = Character(String(number)) as Character?, number <= 9 { keys[key] = .buyTemplate(template.id) }
            }
            lines.append(.copy("templates.row", [.integer(number), .string(context.text(template.nameKey)), .string(status)]))
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
    static func templateSheet(_ id: String, _ context: ProfilePanelContext) -> ProfilePanel {
        guard let template = TemplatesCatalog.templates.first(where: { $0.id == id }),
              let product = context.base.catalog.product(template.productID) else {
            return ProfilePanel(name: "templateSheet", titleKey: "sheet.title", lines: [])
        }
        let lines: [ProfilePanel.Line] = [
            .data(context.text(template.nameKey), bold: true),
            .copy("sheet.price", role: .muted),
            .data(context.price(product.price(in: context.base.storefront)), role: .price, bold: true),
            .gap,
            .copy("sheet.account", [.string(context.sheetAccount)], role: .muted),
        ]
        return ProfilePanel(name: "templateSheet", titleKey: "sheet.title", lines: lines, hintKeys: ["sheet.hint"])
    }
}
