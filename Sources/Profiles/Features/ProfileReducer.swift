import CopyDeck
import Foundation
import PaywallCore
import StoreSim

/// The profile screens' logic as a pure function: (model, event) → (model, effects), like the
/// flow machine. The app runs the effects (flow events, saving, the receipt server, the store)
/// and feeds their answers back; the cards are drawn from the model by the app.
public enum ProfileReducer {
    /// Handles one event at the context's instant.
    public static func reduce(_ model: ProfileModel, _ event: ProfileEvent, context: ProfileContext) -> (ProfileModel, [ProfileEffect]) {
        var next = model
        var effects: [ProfileEffect] = []
        switch event {
        case let .command(line):
            command(line, &next, &effects, context)
        case let .action(action):
            handle(action, &next, &effects, context)
        case let .receiptValidated(status):
            if status != next.saved.receiptCache {
                next.saved.receiptCache = status
                effects.append(.save)
            }
        case let .templatePurchased(templateID, outcome):
            templatePurchased(templateID, outcome, &next, context)
        }
        return (next, effects)
    }

    /// The chat commands `profile` answers, in help order.
    public static func commands(for profile: Profile) -> [String] {
        var list: [String] = []
        if profile.screens.contains(.memberStatus) { list.append("/status") }
        if profile.screens.contains(.usage) { list += ["/usage", "/call MIN [GB]"] }
        if profile.screens.contains(.featureGate) { list.append("/feature NAME") }
        if profile.screens.contains(.ads) { list.append("/ad") }
        if profile.screens.contains(.templates) { list.append("/templates") }
        return list
    }

    private static func command(_ line: String, _ model: inout ProfileModel, _ effects: inout [ProfileEffect], _ context: ProfileContext) {
        let words = line.split(separator: " ").map(String.init)
        guard let first = words.first else { return }
        let args = Array(words.dropFirst())
        let has = { (screen: ProfileScreen) in context.profile.screens.contains(screen) }
        switch first.lowercased() {
        case "/status" where has(.memberStatus): model.card = .memberStatus
        case "/usage" where has(.usage):
            model.card = .usage
            effects.append(.validateReceipt)
        case "/call" where has(.usage): call(args, &model, &effects, context)
        case "/feature" where has(.featureGate): feature(args, &model, context)
        case "/ad" where has(.ads):
            model.card = tier(model, context).isSubscriber ? .message([ProfileLine("voip.ad.none", tone: .muted)]) : .rewardedAd
        case "/templates" where has(.templates): model.card = .templates(outcome: nil)
        default:
            let list = commands(for: context.profile).joined(separator: "  ")
            model.card = .message([ProfileLine("profile.unknownCommand", [.string(first), .string(list)], tone: .warning)])
        }
    }

    private static func handle(_ action: ProfileAction, _ model: inout ProfileModel, _ effects: inout [ProfileEffect], _ context: ProfileContext) {
        if action == .applePay {
            guard let plan = context.paywallPlanID else { return }
            model.card = .applePay(productID: plan)
            return
        }
        guard let card = model.card else { return }
        switch (card, action) {
        case let (.applePay(productID), .confirm): payWithApplePay(productID, .authorize, &model, &effects, context)
        case let (.applePay(productID), .close): payWithApplePay(productID, .cancel, &model, &effects, context)
        case let (.applePay(productID), .declineCard): payWithApplePay(productID, .fail("cardDeclined"), &model, &effects, context)
        case let (.featureGate(_, tier), .confirm):
            model.card = nil
            effects += [.flow(.openPaywall(reason: .chatTab)), .flow(.selectPlan(id: tier.productID))]
        case (.rewardedAd, .confirm): watchAd(toEnd: true, &model, &effects, context)
        case (.rewardedAd, .closeAdEarly): watchAd(toEnd: false, &model, &effects, context)
        case (.templates, .goPro):
            model.card = nil
            effects.append(.flow(.openPaywall(reason: .chatTab)))
        case let (.templates, .buyTemplate(id)): model.card = .templateSheet(templateID: id) // the App Store sheet first
        case let (.templateSheet(id), .confirm): effects.append(.buyTemplate(id: id))
        case (.templateSheet, .close): model.card = .templates(outcome: nil)
        case (_, .close), (_, .confirm): model.card = nil
        default: break
        }
    }
}
