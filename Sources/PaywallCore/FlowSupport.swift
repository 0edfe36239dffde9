import Foundation

/// Where a paywall was opened from; decides where "not now" and "back" go.
public enum PaywallReason: String, Hashable, Sendable, Codable {
    /// The onboarding flow (proof → paywall).
    case flow
    /// The free daily message limit was reached.
    case messageLimit
    /// The user opened it from the chat screen.
    case chatTab
}

/// The screen a run starts at once startup is done (the CLI's `--start`).
public enum StartScreen: String, Hashable, Sendable, Codable, CaseIterable {
    case onboarding, valuePreview, proof, paywall, chat
}

/// Where a purchase stands while the state is `purchasing`.
public enum PurchasePhase: String, Hashable, Sendable {
    /// The App Store confirmation sheet is up.
    case awaitingConfirmation
    /// The store is working on the purchase.
    case processing
    /// The transaction was posted to the backend; waiting for its answer.
    case verifying
}

/// A store operation in flight; a second buy or restore is ignored while one is set.
public enum InFlightOperation: String, Hashable, Sendable {
    case purchase, restore
}

/// What startup still waits for before leaving `configReady`.
public enum StartupDependency: String, Hashable, Sendable, CaseIterable {
    case config, products, entitlement, risk
}

/// A transaction posted to the backend whose answer has not come back yet.
public struct PostedTransaction: Hashable, Sendable {
    public var transaction: SignedTransaction
    /// The offer it was bought from; nil for transactions from the updates stream with no purchase in view.
    public var offerID: OfferID?
    /// True when it belongs to the purchase on screen (not a background update).
    public var isForeground: Bool

    public init(transaction: SignedTransaction, offerID: OfferID?, isForeground: Bool) {
        self.transaction = transaction
        self.offerID = offerID
        self.isForeground = isForeground
    }
}

/// What `retry` re-runs from the error state.
public enum RetryTarget: Hashable, Sendable {
    /// Show the App Store sheet again for this plan.
    case purchase(plan: Plan)
    /// Post the transaction to the backend again.
    case postTransaction(PostedTransaction, plan: Plan)
    /// Load the config again (startup).
    case loadConfig
    /// Load the products again (startup).
    case loadProducts([String])
}

/// One line of the chat transcript.
public struct ChatMessage: Hashable, Sendable {
    /// Who wrote a line.
    public enum Author: String, Hashable, Sendable {
        case user, assistant
    }

    public var author: Author
    /// The user's text, or the copy key of a canned reply (`chat.reply.N`).
    public var text: String

    public init(author: Author, text: String) {
        self.author = author
        self.text = text
    }
}

/// Time and zone for one reducer step, from the injected clock.
public struct FlowContext: Hashable, Sendable {
    public var now: Date
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }
}
