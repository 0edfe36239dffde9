import CopyDeck
import Foundation
import PaywallCore
import PaywallFoundation
import Profiles
import StoreSim
import TeamServer

/// Everything a simulator session is started with: catalog, config, copy, clock start and switches.
///
/// The CLI builds it from options, a tape from its `Set` commands; both then open a `SimulatorSession`.
public struct SessionSettings: Sendable {
    public var catalog: StoreCatalog
    public var config: RemoteConfig
    /// The copy deck (locale applied when rendering).
    public var deck: CopyDeck
    /// The locale copy and prices are shown in (`en`, `zh-Hans`, `ko`).
    public var locale: String
    /// The storefront asked for (`--storefront`, `Set Storefront`; alpha-3, e.g. `KOR`): the
    /// account's from now on, kept in the state. nil: the state's own.
    public var storefront: String?
    /// The storefront a new state takes when none is asked for: the one the locale implies
    /// (`StoreCatalog.defaultStorefrontCode`). A state that has one keeps it, as an App Store
    /// account keeps its country whatever language the device is in.
    public var suggestedStorefront: String?
    public var timeZone: TimeZone
    /// An offer forced for QA (`--offer`); nil lets the rules decide.
    public var offer: OfferID?
    public var start: StartScreen
    /// The state directory opened (quota, views, events, store and backend ledgers), with how its
    /// writes are kept (`throwaway`: a tape's own directory): the one workspace the session uses.
    public var workspace: StateWorkspace
    /// The state directory.
    public var stateDirectory: URL { workspace.layout.root }
    public var risk: RiskSnapshot
    /// Store switches applied over the catalog's settings block at launch.
    public var switches: StoreSwitches
    /// Whether the verification backend answers.
    public var backendUp: Bool
    /// The app's backend when it is another server (`--backend URL`); nil: the simulator's own, in process.
    public var backendURL: URL?
    /// The team's own purchase endpoint on `backendURL` (nil: seed 004's contract).
    public var backendEndpoint: BackendEndpoint?
    public var latency: SessionLatency
    /// Seed for the store's ids and tokens, so runs repeat.
    public var seed: UInt64
    /// The app profile the session plays (its screens, features and Apple Pay); nil: the plain paywall app.
    public var profile: Profile?
    /// The profile and catalog names to remember in the state directory (its settings' setup); nil: leave it.
    public var setup: StateSetup?
    /// Start in chat instead of onboarding when this state directory has shown onboarding before.
    public var onboardingOnce = false
    /// What the inputs got that the run should say (a locale the deck lacks), one line each.
    public var warnings: [String] = []

    public init(catalog: StoreCatalog = .embedded, config: RemoteConfig = .default, deck: CopyDeck,
                locale: String = "en", storefront: String? = nil, timeZone: TimeZone = FixedOffsetCalendar.utc,
                offer: OfferID? = nil, start: StartScreen = .onboarding, workspace: StateWorkspace,
                risk: RiskSnapshot = .unknown, switches: StoreSwitches = StoreSwitches(), backendUp: Bool = true,
                latency: SessionLatency = .standard, seed: UInt64 = StateWorkspace.defaultSeed, profile: Profile? = nil) {
        self.catalog = catalog
        self.config = config
        self.deck = deck
        self.locale = locale
        self.storefront = storefront
        self.timeZone = timeZone
        self.offer = offer
        self.start = start
        self.workspace = workspace
        self.risk = risk
        self.switches = switches
        self.backendUp = backendUp
        self.latency = latency
        self.seed = seed
        self.profile = profile
    }
}

/// Store switches a user or tape sets over the catalog's own settings (nil: keep the catalog's).
public struct StoreSwitches: Sendable, Hashable {
    public var askToBuy: Bool?
    /// A StoreKit error name to fail purchases with; `""` turns forced failures off.
    public var failPurchases: String?
    public var unverified: Bool?
    public var timeRate: TimeRate?
    /// The billing grace period: 0 turns it off, 3, 16 or 28 days turn it on (nil: the catalog's).
    public var gracePeriodDays: Int?
    /// Interrupted purchases (they wait until `Store Resolve`); nil: the catalog's.
    public var interrupted: Bool?
    /// The App Store sheet shown (`true`) or skipped (`false`: `disableDialogs`); nil: the catalog's.
    public var dialogs: Bool?
    /// Simulated errors per StoreKit Testing API; `""` turns one off (nil: the catalog's).
    public var errors = StoreSettings.Errors()

    public init(askToBuy: Bool? = nil, failPurchases: String? = nil, unverified: Bool? = nil, timeRate: TimeRate? = nil,
                gracePeriodDays: Int? = nil) {
        self.gracePeriodDays = gracePeriodDays
        self.askToBuy = askToBuy
        self.failPurchases = failPurchases
        self.unverified = unverified
        self.timeRate = timeRate
    }

    /// `settings` with these switches applied.
    public func applied(to settings: StoreSettings) -> StoreSettings {
        var s = settings
        if let askToBuy { s.askToBuyEnabled = askToBuy }
        if let unverified { s.unverifiedTransactions = unverified }
        if let timeRate { s.timeRate = timeRate }
        if let interrupted { s.interruptedPurchases = interrupted }
        if let dialogs { s.disableDialogs = !dialogs }
        if let gracePeriodDays {
            s.billingGracePeriodEnabled = gracePeriodDays > 0
            s.gracePeriodDays = gracePeriodDays > 0 ? gracePeriodDays : nil
        }
        s = errors.applied(to: s)
        if let failPurchases {
            if failPurchases.isEmpty {
                s.failTransactionsEnabled = false
                s.forcedErrors.removeValue(forKey: "Purchase")
            } else {
                s.failTransactionsEnabled = true
                s.forcedErrors["Purchase"] = failPurchases
            }
        }
        return s
    }
}

/// How long the simulated store and backend take to answer, on whatever clock runs the session.
public struct SessionLatency: Sendable, Hashable {
    /// From confirming the sheet to the store's answer.
    public var purchase: TimeInterval
    /// From posting a transaction to the backend's answer.
    public var backend: TimeInterval
    /// From pressing restore to the sync's answer.
    public var restore: TimeInterval

    public init(purchase: TimeInterval, backend: TimeInterval, restore: TimeInterval) {
        self.purchase = purchase
        self.backend = backend
        self.restore = restore
    }

    /// About two seconds from confirm to unlock, like a real store on a good day.
    public static let standard = SessionLatency(purchase: 1.5, backend: 0.5, restore: 1.5)
}
