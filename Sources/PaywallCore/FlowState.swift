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

    /// A state without its values, each named once as tapes (`ExpectState`) and the debug overlay spell it.
    public enum Name: String, CaseIterable, Sendable {
        case onboarding, valuePreview, proof, paywall, purchasing, purchased, skipped, error, chat, idle, configReady
    }

    /// Which state this is, without its values.
    public var kind: Name {
        switch self {
        case .idle: .idle
        case .configReady: .configReady
        case .onboarding: .onboarding
        case .valuePreview: .valuePreview
        case .proof: .proof
        case .paywall: .paywall
        case .purchasing: .purchasing
        case .purchased: .purchased
        case .skipped: .skipped
        case .error: .error
        case .chat: .chat
        }
    }

    /// The state's name as tapes and the debug overlay spell it.
    public var name: String { kind.rawValue }
}
