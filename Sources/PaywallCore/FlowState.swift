import Foundation

/// The coordinator's states (seed 000's `PaywallFlowState`), plus the app's main screen.
public enum FlowState: Hashable, Sendable {
    case idle
    case configReady
    case onboarding
    case valuePreview
    case proof
    case paywall(offer: Offer)
    case purchasing(plan: Plan)
    case purchased(entitlement: Entitlement)
    case skipped
    case error(message: String)
    /// The app's main screen, reached after `purchased` or `skipped`.
    case chat

    /// The state's name as tapes and the debug overlay spell it.
    public var name: String {
        switch self {
        case .idle: return "idle"
        case .configReady: return "configReady"
        case .onboarding: return "onboarding"
        case .valuePreview: return "valuePreview"
        case .proof: return "proof"
        case .paywall: return "paywall"
        case .purchasing: return "purchasing"
        case .purchased: return "purchased"
        case .skipped: return "skipped"
        case .error: return "error"
        case .chat: return "chat"
        }
    }
}
