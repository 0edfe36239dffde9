import Foundation

/// Everything the flow machine owns; the UI draws from it, the reducer replaces it.
public struct FlowModel: Hashable, Sendable {
    public var state: FlowState = .idle
    public var config: RemoteConfig
    /// The plan catalog loaded from the store.
    public var plans: [Plan] = []
    public var entitlement: Entitlement
    public var risk: RiskSnapshot = .unknown
    /// What startup still waits for (empty once it is done).
    public var awaiting: Set<StartupDependency> = []
    /// The onboarding page shown (0-based).
    public var onboardingPage: Int = 0
    /// The plan selected on the paywall.
    public var selectedPlanID: String?
    /// The offer of the current (or last) paywall.
    public var offer: Offer?
    /// Which offer the paywall shows and why (the rule that chose it; kept for the session), for the debug overlay.
    public var offerReason: String?
    /// Why the current paywall opened.
    public var paywallReason: PaywallReason?
    /// Set while the state is `purchasing`.
    public var purchasePhase: PurchasePhase?
    /// A purchase or restore in flight; a second one is ignored.
    public var inFlight: InFlightOperation?
    /// Transactions posted to the backend, oldest first; `transactionVerified` answers the first
    /// (a slice: taking the first off does not move the thousands a launch may have waiting).
    public var posted: ArraySlice<PostedTransaction> = []
    /// An Ask to Buy purchase waiting for approval.
    public var pendingProductID: String?
    /// The message shown on the current screen.
    public var notice: Notice?
    /// StoreKit messages waiting to be answered; the first is shown over the screen.
    public var storeMessages: [StoreKitMessage] = []
    public var paywallViews: PaywallViewHistory
    public var quota: MessageQuota
    public var transcript: [ChatMessage] = []
    /// Arguments of the error state's copy key (e.g. the store error for `error.purchaseFailed`).
    public var errorArguments: [String] = []
    /// What `retry` re-runs in the error state.
    public var retryTarget: RetryTarget?
    /// The screen to show once startup is done.
    public var startScreen: StartScreen
    /// An offer forced for QA (`--offer`); the config's `forced` rules use it.
    public var forcedOffer: OfferID?

    public init(config: RemoteConfig = .default, entitlement: Entitlement = .free,
                paywallViews: PaywallViewHistory = PaywallViewHistory(), quota: MessageQuota = MessageQuota(),
                startScreen: StartScreen = .onboarding, forcedOffer: OfferID? = nil) {
        self.config = config
        self.entitlement = entitlement
        self.paywallViews = paywallViews
        self.quota = quota
        self.startScreen = startScreen
        self.forcedOffer = forcedOffer
    }

    /// Free messages left today, or nil for a premium user (unlimited).
    public func messagesLeft(in context: FlowContext) -> Int? {
        guard !entitlement.isPremium else { return nil }
        return quota.remaining(now: context.now, timeZone: context.timeZone, limit: config.dailyMessageLimit)
    }

    /// The subscription plan the premium entitlement comes from, if it is one of the loaded plans.
    public var currentSubscriptionPlan: Plan? {
        guard entitlement.isPremium, let id = entitlement.productID else { return nil }
        return plans.first { $0.id == id && $0.period != nil }
    }

    /// The selected plan of the current offer.
    public var selectedPlan: Plan? {
        guard let offer, let selectedPlanID else { return nil }
        return offer.plans.first { $0.id == selectedPlanID }
    }
}
