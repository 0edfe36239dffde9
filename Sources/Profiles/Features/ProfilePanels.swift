import CopyDeck
import Foundation

/// The card that is up, drawn from the profile's state: each profile's folder draws its own cards
/// (`ChatPanels`, `VoIPPanels`, `TemplatesPanels`); a message card is everyone's.
public enum ProfilePanels {
    /// The panel for `model`'s card; nil when none is up.
    public static func panel(_ model: ProfileModel, _ context: ProfilePanelContext) -> ProfilePanel? {
        guard let card = model.card else { return nil }
        switch card {
        case let .message(lines): return ProfilePanel(name: "profileMessage", titleKey: "app.name", lines: lines.map(line))
        case .memberStatus: return ChatPanels.memberStatus(context)
        case let .applePay(productID): return ChatPanels.applePay(productID: productID, context)
        case let .featureGate(feature, tier): return VoIPPanels.featureGate(feature, tier, context)
        case .usage: return VoIPPanels.usage(model, context)
        case .rewardedAd: return VoIPPanels.rewardedAd(model, context)
        case .interstitial: return VoIPPanels.interstitial()
        case let .templates(outcome): return TemplatesPanels.templates(outcome: outcome.map(line), context)
        case let .templateSheet(id): return TemplatesPanels.templateSheet(id, context)
        }
    }

    /// A reducer line as the card draws it.
    static func line(_ line: ProfileLine) -> ProfilePanel.Line {
        .copy(line.key, line.arguments, role: line.tone)
    }
}
