import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim
import TeamServer

extension StateWorkspace {
    /// One command on the workspace (`store …`, `serve`): the catalog, the setup and the instant
    /// it works at, the store it opens, and `commit()`, which keeps what it changed.
    ///
    /// The store and backend live where `SimulatorSession` keeps them, so `run`, `play`, `serve` and
    /// `store` share one ledger; the clock is the directory's (`SimulatedTime`).
    public final class Command {
        /// The directory opened.
        public let workspace: StateWorkspace
        /// The catalog the command works on (the state's, or the one it names).
        public let catalog: StoreCatalog
        /// The profile and catalog the state directory was made with (or this command makes it with).
        public let setup: StateSetup
        /// The directory's clock as the command sees it (saved by `commit` when the command set it).
        public internal(set) var time: SimulatedTime
        /// The command's instant, fixed for the whole command.
        public let clock: ManualClock
        /// The storefront `--storefront` asks for (upper case): the account's from this command on.
        public let requestedStorefront: String?

        /// The setup the state directory had before this command (nil: a new state).
        let savedSetup: StateSetup?
        /// Whether the command only shows a catalog it names, leaving the state's own as it is.
        let showsOtherCatalog: Bool
        /// Whether the command only reads the catalog (`store products`).
        let catalogOnly: Bool
        /// Whether the command set the clock (`--now`, `--clock`): saved when the command succeeds.
        var setsClock: Bool
        /// Whether a catch-up of more than `longCatchUp` renewals runs without asking (`--yes`).
        let confirmsLongCatchUps: Bool
        /// Says a progress line.
        let progress: (String) -> Void
        /// Whether `--storefront` was made the account's already (by `openStore`).
        var storefrontKept = false
        /// The line saying the account's storefront moved, when it did.
        var storefrontNote: [String] = []

        /// The most renewals a command runs to catch up without `--yes`.
        public static let longCatchUp = 10_000

        /// Opens `workspace` for the command `request` describes: refuses a directory that cannot
        /// be written, a catalog other than the state's (unless switching or only looking), and
        /// loads the catalog and the clock.
        public init(workspace: StateWorkspace, request: CommandRequest) throws {
            let root = workspace.layout.root
            try workspace.checkWritable()
            self.workspace = workspace
            let named = StateSetup.named(profile: request.profile, storekit: request.storekit, baseDirectory: request.baseDirectory,
                                         environment: request.environment, bundleID: request.bundleID, appAppleID: request.appAppleID)
            // `store products` may show any catalog it names; naming none, it shows the state's own.
            let namesOne = request.profile != nil || request.storekit != nil
            savedSetup = try workspace.savedSetup()
            showsOtherCatalog = request.catalogOnly && namesOne && !request.switchCatalog
            catalogOnly = request.catalogOnly
            setup = try StateSetup.reconcile(named, saved: savedSetup, directory: root,
                                             switching: request.switchCatalog || (request.catalogOnly && namesOne))
            // Files load by the path the command names (its errors then name that path), else the remembered one.
            let load = StateSetup(profile: request.profile ?? setup.profile, storekit: request.storekit ?? setup.storekit)
            var catalog = try Self.loadCatalog(load, storefront: request.storefront, baseDirectory: request.baseDirectory)
            // A storefront the catalog has no prices for keeps the catalog's own (a warning says so):
            // its numbers relabelled in another currency would be wrong by the exchange rate.
            if let code = request.storefront, catalog.hasPrices(for: code) { catalog.settings.storefront = code.uppercased() }
            requestedStorefront = request.storefront.flatMap { catalog.hasPrices(for: $0) && Storefront(code: $0) != nil ? $0.uppercased() : nil }
            self.catalog = catalog
            confirmsLongCatchUps = request.confirmsLongCatchUps
            progress = request.progress
            time = try workspace.time(now: request.now, mode: request.clockMode)
            setsClock = request.setsClock
            // `--now` is the command's instant exactly (not a few microseconds later), so runs repeat;
            // a pinned state's clock is its instant (a command never jumps it).
            clock = ManualClock(request.now ?? time.now())
        }

        /// The state directory.
        public var stateDirectory: URL { workspace.layout.root }

        /// What the state's clock is, for the line a command prints (`pinned`, `wall clock +8d`).
        public var clockLabel: String { time.label }

        private static func loadCatalog(_ setup: StateSetup, storefront: String?, baseDirectory: String) throws -> StoreCatalog {
            // The profile is loaded only when no `.storekit` file overrides its catalog.
            let profile = setup.storekit == nil ? try StateWorkspace.profile(setup.profile, baseDirectory: baseDirectory) : nil
            return try StateWorkspace.catalog(storekit: setup.storekit, profile: profile,
                                              embedded: storefront.map { StoreCatalog.embedded(storefront: $0) } ?? .embedded)
        }

        /// Opens (creating if needed) the store and runs what is due at the command's time
        /// (or `clock`'s: `serve` answers on the directory's live clock).
        public func openStore(clock: (any Clock)? = nil) throws -> SimulatedStore {
            let store = try workspace.openStore(catalog: catalog, clock: clock ?? self.clock, setup: setup)
            try keepStorefront(in: store)
            // Redelivered transactions are for the app, not for this command; they stay unfinished.
            store.discardUpdates()
            // The store runs in "Apple's cloud": renewals and expiries due by now happen whether the app runs or not.
            try catchUp(store, to: (clock ?? self.clock).now())
            store.discardUpdates()
            return store
        }

        /// The backend's ledger, read to show its last verified entitlement (nothing is posted).
        public func openBackend(store: SimulatedStore) throws -> VerificationBackend? {
            try workspace.existingBackend(store: store, clock: clock)
        }
    }
}
