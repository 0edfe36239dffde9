import CopyDeck
import Foundation
import PaywallFoundation
import Persistence
import PaywallCore
import StoreSim
import TeamServer

/// One run of the simulated app: the flow machine plus the store, backend and state files it drives.
///
/// Single-threaded and synchronous. Events go in through `send`; effects run at once or are
/// scheduled on the session's clock (the store answering after its latency), and `advance(to:)`
/// lets time pass. The same code runs interactive sessions on the wall clock and tapes on a
/// virtual clock, so a tape replays byte for byte.
public final class SimulatorSession {
    /// Analytics events recorded but not yet written (`flushPendingWrites`); a kill loses at most these.
    var pendingEvents: [RecordedEvent] = []
    /// The paywall view history waiting for the next flush (group-committed like the events).
    var pendingViews: PaywallViewHistory?
    public let settings: SessionSettings
    public let clock: any Clock
    /// Where the flow is. Changed only by `FlowMachine.reduce`: by the app's reducer when an app
    /// runs the session (`dispatch` set), else by `send`'s own queue.
    public var model: FlowModel
    /// Where the session's own events go — a scheduled answer, a store update, another
    /// process's change, `start` — when an app runs it: the app's one reducer (`AppController`
    /// sets it). Nil: the session runs them itself (`send`).
    public var dispatch: ((FlowEvent) -> Void)?
    public internal(set) var analytics = AnalyticsRecorder()
    public let store: SimulatedStore
    public let backend: VerificationBackend
    public let entitlements: CachedEntitlementProvider
    /// The app's backend when it is another server (`--backend URL`); nil: `backend`, in process.
    public let remoteBackend: RemoteBackend?
    public let appState: AppStateStore
    /// The user's app account token (stable across launches on one state directory).
    public let appAccountToken: UUID
    /// Problems the session met running effects (unwritable state, store errors), for the debug view.
    public internal(set) var problems: [String] = []
    var scheduler = EventScheduler<ScheduledWork>()
    /// The screen this run started on (`settings.start`, or chat for a user who has seen onboarding).
    public let startScreen: StartScreen
    /// The quota as this run last read or wrote it (what its own messages are counted from).
    var quotaBase = MessageQuota()
    /// The app's shared files as this run last saw them (another process's write changes a stamp).
    var sharedStamps: [FileStamp?] = []
    /// The product ids the plans were loaded for, and the intro-offer groups used and the
    /// storefront then.
    var plansLoaded: (ids: [String], usedIntroOfferGroups: Set<String>, storefront: String)?
    /// Set when an effect changed the store in this process (a StoreKit message answered): its
    /// updates are delivered as soon as the event is handled, not at the next tick.
    var storeChangedByEffect = false

    /// Opens the state directory and the store; throws with the file and what is wrong if a state file is corrupt.
    /// A session that ends writes what it recorded.
    deinit { flushPendingWrites() }

    public init(settings: SessionSettings, clock: any Clock) throws {
        self.settings = settings
        self.clock = clock
        problems = settings.warnings
        let workspace = settings.workspace
        appState = try workspace.openAppState()
        if let setup = settings.setup { try workspace.keep(setup) }
        store = try workspace.openStore(catalog: settings.catalog, clock: clock, setup: settings.setup, seed: settings.seed)
        // The storefront is the account's: asked for, it is kept; else a new state takes the one
        // its locale implies and keeps it. Prices, signed purchases and notifications all read it.
        if let code = settings.storefront { try store.setStorefront(code) }
        else if let code = settings.suggestedStorefront { try store.setStorefront(code, onlyOnNewState: true) }
        try store.setSettings(settings.switches.applied(to: store.settings))
        appAccountToken = try workspace.appAccountToken(store: store)
        backend = try workspace.openBackend(store: store, clock: clock, appAccountToken: appAccountToken)
        backend.isUp = settings.backendUp
        backend.premiumProductIDs = settings.profile?.premiumProducts.map(Set.init)
        backend.nonRenewingAccess = settings.config.nonRenewingPeriods
        if let paidBefore = settings.config.paidAppBeforeVersion {
            // Paid-to-freemium: the app reads its AppTransaction and its server checks the first version.
            do { backend.postAppTransaction(jws: try store.appTransaction().jws, paidBefore: paidBefore) } catch {
                problems.append("AppTransaction: \(error)")
            }
        }
        entitlements = workspace.entitlementCache(backend: backend, stalenessLimit: TimeInterval(settings.config.entitlementStalenessLimitSec))
        let (environment, bundleID) = (store.environment, store.bundleID)
        remoteBackend = settings.backendURL.map {
            RemoteBackend(url: $0, endpoint: settings.backendEndpoint, environment: environment, bundleID: bundleID)
        }
        entitlements.remoteBackend = settings.backendURL?.absoluteString
        quotaBase = try appState.loadQuota()
        let events = try appState.loadEvents()
        // Onboarding is shown once per user: a later launch that did not ask for it opens the app.
        let seenOnboarding = events.contains { $0.name == "onboarding_step" }
        startScreen = settings.onboardingOnce && seenOnboarding ? .chat : settings.start
        model = FlowModel(config: settings.config, entitlement: .free, paywallViews: try appState.loadPaywallViews(),
                          quota: quotaBase, startScreen: startScreen, forcedOffer: settings.offer)
        sharedStamps = sharedFileStamps()
        analytics = AnalyticsRecorder(events: events)
    }

    /// The account's storefront, as the store keeps it: what the paywall prices in and what a
    /// purchase is signed with.
    public var storefront: Storefront { store.storefront }

    /// The context the reducer sees: the clock's time and the session's time zone.
    public var context: FlowContext { FlowContext(now: clock.now(), timeZone: settings.timeZone) }

    /// Starts the flow (`start` → configReady → …) and delivers anything the store queued at launch.
    public func start() {
        send(.start)
        pump()
        deliverUnansweredPriceIncreases()
    }

    /// Feeds one event to the flow: through the app's reducer when an app runs the session
    /// (`dispatch`), else through the flow machine here, the effects it returns run and their
    /// answers queued after it (`ActionQueue`, the queue the app runs on).
    public func send(_ event: FlowEvent) {
        if let dispatch { return dispatch(event) }
        ActionQueue.run(event, step: { next in FlowMachine.reduce(into: &model, next, context: context).flatMap(run) },
                        idle: { afterEvents() })
    }

    /// What happens once every queued event has settled: with `disableDialogs` (StoreKit
    /// Testing) a purchase waiting for the App Store sheet is confirmed without it (the event is
    /// returned); else what an effect changed in the store (a StoreKit message answered) is
    /// delivered now rather than at the next tick.
    public func afterEvents() -> [FlowEvent] {
        if store.settings.disableDialogs, model.purchasePhase == .awaitingConfirmation, case .purchasing = model.state {
            return [.sheetConfirmed]
        }
        if storeChangedByEffect {
            storeChangedByEffect = false
            deliverStoreUpdates()
        }
        return []
    }

    /// Lets time pass up to `date`: scheduled answers fire in order, the store renews and expires.
    public func advance(to date: Date) {
        while let due = scheduler.nextDue, due <= date {
            clock.pass(to: due)
            guard let (_, work) = scheduler.popDue(at: due) else { break }
            perform(work)
            pump()
        }
        clock.pass(to: date)
        pump()
    }

    /// Runs whatever the store has due now and delivers its updates as events.
    public func pump() {
        do { try store.process(now: clock.now()) } catch { note("store: \(error)") }
        deliverStoreUpdates()
    }

    /// The instant the next scheduled answer is due, if any (the interactive loop sleeps until then).
    public var nextScheduledDate: Date? { scheduler.nextDue }

    /// Whether a store or backend answer is still on its way.
    public var isBusy: Bool { !scheduler.isEmpty }

    /// Turns the backend on or off from now on.
    public func setBackend(up: Bool) { backend.isUp = up }

    /// Changes store switches from now on (a tape's mid-run `Set Store …`).
    public func setStoreSwitches(_ switches: StoreSwitches) {
        do { try store.setSettings(switches.applied(to: store.settings)) } catch { note("store settings: \(error)") }
    }

    /// Records a problem for the debug view (unwritable state, store errors).
    public func note(_ problem: String) { problems.append(problem) }
}
