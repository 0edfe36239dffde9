import Foundation
import PaywallCore

/// Seed 002 in the reducer: a template purchase's outcome, shown on the template store.
extension ProfileReducer {
    /// The template store again, with the line the seed gives `outcome`.
    static func templatePurchased(_ templateID: String, _ outcome: PurchaseOutcome, _ model: inout ProfileModel, _ context: ProfileContext) {
        guard let template = TemplatesCatalog.templates.first(where: { $0.id == templateID }) else { return }
        let line = PurchaseOutcomeCopy.line(for: outcome, subject: .template(name: context.text(template.nameKey)))
        let tone: ProfileTone = if case .success = outcome { .success } else { .warning }
        model.card = .templates(outcome: ProfileLine(line.key, line.arguments, tone: tone))
    }
}
