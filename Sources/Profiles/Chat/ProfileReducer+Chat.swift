import Foundation

/// Seed 001 in the reducer: the Apple Pay sheet.
extension ProfileReducer {
    /// Plays the Apple Pay sheet. Authorised: the purchase goes through the store like any other
    /// (plan selected, buy, sheet confirmed); cancelled or failed: a message, nothing charged.
    static func payWithApplePay(_ productID: String, _ action: ApplePaySheet.Action, _ model: inout ProfileModel,
                                _ effects: inout [ProfileEffect], _ context: ProfileContext) {
        guard let config = context.profile.applePay, let product = context.catalog.product(productID) else {
            model.card = .message([ProfileLine("applePay.unavailable", tone: .warning)])
            return
        }
        let request = ApplePaySheet.request(for: product, config: config, storefront: context.storefront, locale: context.locale)
        let now = context.now
        let outcome = ApplePaySheet.present(request, deviceNetworks: Set(config.supportedNetworks), action: action,
                                            tokenID: { "pay-\(Int(now.timeIntervalSince1970))" })
        if case .authorized = outcome {
            model.card = nil
            effects += [.flow(.selectPlan(id: productID)), .flow(.buy), .flow(.sheetConfirmed)]
        } else {
            let copy = ApplePaySheet.copy(for: outcome)
            model.card = .message([ProfileLine(copy.key, copy.arguments, tone: .muted)])
        }
    }
}
