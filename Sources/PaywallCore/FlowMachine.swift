import Foundation

/// The coordinator as a pure function: (model, event) → (new model, effects).
///
/// Error messages (`FlowState.error(message:)`) are copy keys, their arguments in
/// `FlowModel.errorArguments`: `error.configFailed`, `error.productsFailed`, `error.purchaseFailed`
/// [store error], `error.verificationFailed`, `error.backendRejected` [backend reason],
/// `error.backendUnavailable`, `error.entitlementInactive` ("Subscription not active yet.").
public enum FlowMachine {
    /// The error screen of a catalog with nothing a paywall can sell (no failure: nothing to retry).
    public static let nothingToSellMessage = "error.nothingToSell"
    /// The error screen of a purchase whose entitlement is not active (yet): left when it arrives.
    public static let entitlementInactiveMessage = "error.entitlementInactive"

    /// Applies `event` to `model`; the effects are for the runner, whose results come back as events.
    public static func reduce(_ model: FlowModel, _ event: FlowEvent, context: FlowContext) -> (FlowModel, [FlowEffect]) {
        var model = model
        let effects = reduce(into: &model, event, context: context)
        return (model, effects)
    }

    /// `reduce` changing `model` in place: the step works on the caller's model itself, not a copy
    /// of it, so an event costs what it changes (a launch redelivering 20,000 transactions posts
    /// them one by one without copying the list of those waiting on every event).
    public static func reduce(into model: inout FlowModel, _ event: FlowEvent, context: FlowContext) -> [FlowEffect] {
        var step = FlowStep(model: FlowModel(), context: context)
        swap(&step.model, &model)
        defer { swap(&step.model, &model) }
        step.handle(event)
        return step.effects
    }
}

/// One reducer step: the model being changed and the effects emitted so far.
struct FlowStep {
    var model: FlowModel
    var effects: [FlowEffect] = []
    let context: FlowContext

    init(model: FlowModel, context: FlowContext) {
        self.model = model
        self.context = context
    }

    mutating func emit(_ effect: FlowEffect) { effects.append(effect) }

    mutating func track(_ event: AnalyticsEvent) { effects.append(.track(event)) }

    /// Moves to `state` and clears the notice of the screen left behind; the paywall says again that
    /// an Ask to Buy request still waits for approval (a second sheet cancelled, a way back to it).
    mutating func go(_ state: FlowState) {
        model.state = state
        model.notice = nil
        if case .paywall = state, let pending = model.pendingProductID { model.notice = .pendingApproval(productID: pending) }
        model.errorArguments = []
    }

    /// Moves to the error state with a copy key, its arguments and what `retry` re-runs.
    mutating func fail(_ key: String, _ arguments: [String] = [], retry target: RetryTarget?) {
        go(.error(message: key))
        model.errorArguments = arguments
        model.retryTarget = target
    }

    mutating func handle(_ event: FlowEvent) {
        switch event {
        case .start: start()
        case let .configLoaded(config): configLoaded(config)
        case .configFailed: configFailed()
        case let .productsLoaded(plans): productsLoaded(plans)
        case .productsFailed: productsFailed()
        case let .nothingToSell(contents): nothingToSell(contents)
        case let .entitlementRefreshed(entitlement): entitlementRefreshed(entitlement)
        case .entitlementRefreshFailed: entitlementRefreshFailed()
        case let .riskRefreshed(risk): riskRefreshed(risk)
        case .next: next()
        case .back: back()
        case .skipOnboarding: skipOnboarding()
        case .notNow: notNow()
        case let .movePlanSelection(by): movePlanSelection(by: by)
        case let .selectPlan(id): selectPlan(id: id)
        case let .openPaywall(reason): openPaywallFromChat(reason: reason)
        case .buy: buy()
        case .sheetConfirmed: sheetConfirmed()
        case .sheetCancelled: sheetCancelled()
        case let .purchaseCompleted(result): purchaseCompleted(result)
        case let .transactionVerified(verification): transactionVerified(verification)
        case let .transactionUpdated(transaction, verified): transactionUpdated(transaction, verified: verified)
        case .restore: restore()
        case let .restoreCompleted(result): restoreCompleted(result)
        case .retry: retry()
        case .dismissNotice: model.notice = nil
        case let .sendMessage(text): sendMessage(text)
        case let .sharedStateChanged(quota, views):
            model.quota = quota
            model.paywallViews = views
        case let .storeMessageReceived(message):
            if !model.storeMessages.contains(message) { model.storeMessages.append(message) }
            track(.storeMessage(reason: message.reason.rawValue, productID: message.productID, answer: "shown"))
        case let .storeMessageAnswered(accepted):
            guard !model.storeMessages.isEmpty else { return }
            let message = model.storeMessages.removeFirst()
            track(.storeMessage(reason: message.reason.rawValue, productID: message.productID, answer: accepted ? "accepted" : "declined"))
            emit(.answerStoreMessage(message, accepted: accepted))
        case let .storeMessageWithdrawn(message):
            model.storeMessages.removeAll { $0 == message }
        }
    }

    // MARK: Startup

    mutating func start() {
        guard model.state == .idle else { return }
        model.state = .configReady
        model.awaiting = Set(StartupDependency.allCases)
        emit(.loadConfig)
        emit(.refreshEntitlement(force: false))
        emit(.refreshRisk)
    }

    mutating func configLoaded(_ config: RemoteConfig) {
        model.config = config
        guard model.awaiting.contains(.config) else { return }
        model.awaiting.remove(.config)
        emit(.loadProducts(config.allProductIDs))
    }

    mutating func configFailed() {
        guard model.awaiting.contains(.config), model.state == .configReady else { return }
        fail("error.configFailed", retry: .loadConfig)
    }

    mutating func productsLoaded(_ plans: [Plan]) {
        model.plans = plans
        // An open paywall shows the reloaded plans' terms (a trial the customer is no longer
        // eligible for disappears); a purchase under way keeps the plan it was started with.
        if case .paywall(var offer) = model.state {
            offer.plans = offer.plans.map { shown in
                guard var reloaded = plans.first(where: { $0.id == shown.id }) else { return shown }
                if shown.trial == nil { reloaded.trial = nil }
                return reloaded
            }
            model.offer = offer
            model.state = .paywall(offer: offer)
        }
        model.awaiting.remove(.products)
        finishStartupIfReady()
    }

    mutating func productsFailed() {
        guard model.awaiting.contains(.products), model.state == .configReady else { return }
        fail("error.productsFailed", retry: .loadProducts(model.config.allProductIDs))
    }

    /// Say what is true: loading worked, the catalog has nothing to sell; retrying cannot help.
    mutating func nothingToSell(_ contents: String) {
        guard model.awaiting.contains(.products), model.state == .configReady else { return }
        fail(FlowMachine.nothingToSellMessage, [contents], retry: nil)
    }

    mutating func entitlementRefreshed(_ entitlement: Entitlement) {
        // "Weekly starts at your next renewal" holds while the plan it was said on stays: a refund,
        // a lapse or another plan ends it.
        if model.notice?.key == "notice.planChangesAtRenewal",
           !entitlement.isPremium || entitlement.productID != model.entitlement.productID {
            model.notice = nil
        }
        if entitlement != model.entitlement {
            model.entitlement = entitlement
            emit(.persist(.entitlement(entitlement)))
        }
        // "Not active yet" ends when the entitlement is active after all.
        if entitlement.isPremium, model.state == .error(message: FlowMachine.entitlementInactiveMessage) {
            go(.purchased(entitlement: entitlement))
        }
        // The welcome screen says what the customer has now: another plan's dates, or, once premium
        // is gone (a refund, a revocation), the free chat it would have led to.
        if case let .purchased(shown) = model.state, entitlement.source != .cache,
           (shown.isPremium, shown.productID, shown.expiresAt) != (entitlement.isPremium, entitlement.productID, entitlement.expiresAt) {
            if entitlement.isPremium {
                model.state = .purchased(entitlement: entitlement)
            } else {
                go(.chat)
            }
        }
        model.awaiting.remove(.entitlement)
        finishStartupIfReady()
    }

    /// The backend is unreachable: a cached premium entitlement stands in while it is younger than
    /// the config's staleness limit and not expired; otherwise the user is treated as free.
    mutating func entitlementRefreshFailed() {
        let cached = model.entitlement
        if cached.isPremium {
            let limit = TimeInterval(model.config.entitlementStalenessLimitSec)
            let fresh = cached.verifiedAt.map { context.now.timeIntervalSince($0) <= limit } ?? false
            let unexpired = cached.expiresAt.map { $0 > context.now } ?? true
            if fresh && unexpired {
                model.entitlement.source = .cache
                model.notice = .cachedEntitlement
            } else {
                model.entitlement = .free
            }
        }
        model.awaiting.remove(.entitlement)
        finishStartupIfReady()
    }

    mutating func riskRefreshed(_ risk: RiskSnapshot) {
        model.risk = risk
        model.awaiting.remove(.risk)
        finishStartupIfReady()
    }

    /// Leaves `configReady` for the start screen once config, products, entitlement and risk are in.
    mutating func finishStartupIfReady() {
        guard model.state == .configReady, model.awaiting.isEmpty else { return }
        let notice = model.notice
        defer { if model.notice == nil { model.notice = notice } }
        if model.entitlement.isPremium {
            go(.chat)
            return
        }
        switch model.startScreen {
        case .onboarding: enterOnboarding()
        case .valuePreview: go(.valuePreview)
        case .proof: go(.proof)
        case .paywall: presentPaywall(reason: .flow, promiseKey: nil)
        case .chat: go(.chat)
        }
    }
}
