import Foundation
import PaywallFoundation
import PaywallCore
import Profiles
import SimRuntime
import StoreSim
import TeamServer

/// What one `store` command works on: the catalog, the state directory and the simulator's time.
///
/// The store and backend live where `SimulatorSession` keeps them (`DIR/store`, `DIR/backend`),
/// so `run` and `store` share one ledger; the clock is `SimulatedTime` (`DIR/clock.json`).
final class StoreWorkspace {
    let catalog: StoreCatalog
    let stateDirectory: URL
    /// The state directory opened: its layout, its store and backend, its setup and clock.
    let workspace: StateWorkspace
    var time: SimulatedTime
    /// The command's instant, fixed for the whole command.
    let clock: ManualClock
    /// The storefront prices are shown in.
    let storefront: Storefront

    /// The profile and catalog the state directory was made with (or this command makes it with).
    let setup: StateSetup
    /// Whether the command set the clock (`--now`, `--clock`): saved when the command succeeds.
    private var setsClock = false
    /// Whether a catch-up of more than `longCatchUp` renewals runs without asking (`--yes`).
    private let confirmsLongCatchUps: Bool
    /// The most renewals a command runs to catch up without `--yes`.
    static let longCatchUp = 10_000
    /// How far `store advance` moved the clock: added to the saved offset when the command succeeds.
    private var advanced: TimeInterval = 0

    convenience init(options: StoreOptions, catalogOnly: Bool = false) throws {
        try self.init(app: options.app, state: options.stateOptions, storefrontCode: options.storefront, signing: options.signing,
                      catalogOnly: catalogOnly)
    }

    /// The workspace the options of a command name (`store …`, `serve`).
    init(app: AppOptions, state stateOptions: StateOptions, storefrontCode: String?, signing: SigningOptions, catalogOnly: Bool = false) throws {
        let options = (profile: app.profile, storekit: app.storekit, storefront: storefrontCode, stateOptions: stateOptions, signing: signing)
        stateDirectory = stateOptions.stateDirectory
        if let problem = FileErrorText.directoryProblem(stateDirectory) {
            throw Diagnostic("\(stateDirectory.path): \(problem); expected a writable state directory (--state DIR)")
        }
        let named = StateSetup.named(profile: options.profile, storekit: options.storekit,
                                     baseDirectory: FileManager.default.currentDirectoryPath,
                                     environment: options.signing.environment, bundleID: options.signing.bundleID)
        // `store products` may show any catalog it names; naming none, it shows the state's own.
        let namesOne = options.profile != nil || options.storekit != nil
        workspace = StateWorkspace(root: stateDirectory)
        setup = try workspace.setup(named: named, switching: options.stateOptions.switchCatalog || (catalogOnly && namesOne))
        // Files load by the path the command names (its errors then name that path), else the remembered one.
        let load = StateSetup(profile: options.profile ?? setup.profile, storekit: options.storekit ?? setup.storekit)
        var catalog = try Self.loadCatalog(load, storefront: options.storefront)
        // A storefront the catalog has no prices for keeps the catalog's own (a warning says so):
        // its numbers relabelled in another currency would be wrong by the exchange rate.
        if let code = options.storefront, catalog.hasPrices(for: code) { catalog.settings.storefront = code.uppercased() }
        self.catalog = catalog
        confirmsLongCatchUps = options.stateOptions.yes
        time = try options.stateOptions.loadTime(from: workspace)
        setsClock = options.stateOptions.setsClock
        // `--now` is the command's instant exactly (not a few microseconds later), so runs repeat;
        // a pinned state's clock is its instant (a command never jumps it).
        clock = ManualClock(options.stateOptions.pinnedNow ?? time.now())
        storefront = Storefront.resolve(catalog.settings.storefront)
    }

    /// Problems worth a line on stderr: the catalog's warnings and an unknown `--storefront`.
    func warnings(_ options: StoreOptions) -> [String] { warnings(storefront: options.storefront) }

    /// The catalog's warnings and one for a storefront it has no prices for.
    func warnings(storefront: String?) -> [String] {
        var lines = catalog.warnings
        if let code = storefront, let warning = catalog.missingPricesWarning(for: code, label: "--storefront") {
            lines.append(warning)
        }
        return lines
    }

    private static func loadCatalog(_ setup: StateSetup, storefront: String?) throws -> StoreCatalog {
        // The profile is loaded only when no `.storekit` file overrides its catalog.
        let profile = setup.storekit == nil ? try StateWorkspace.profile(setup.profile, baseDirectory: FileManager.default.currentDirectoryPath) : nil
        return try StateWorkspace.catalog(storekit: setup.storekit, profile: profile,
                                          embedded: storefront.map { StoreCatalog.embedded(storefront: $0) } ?? .embedded)
    }

    /// Saves what a command that succeeded leaves behind: the pinned or moved clock, and the
    /// profile and catalog the state directory is made with. A refused command writes neither.
    func commit() throws {
        // Set by this command: the time is its instant plus any advance, as this command saw it.
        if setsClock { try time.save() }
        else if advanced != 0 { time = try SimulatedTime.advanceSaved(by: advanced, stateDirectory: stateDirectory) }
        if try StateSetup.load(in: stateDirectory) != setup {
            try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
            try setup.save(in: stateDirectory)
        }
    }

    /// Opens (creating if needed) the store and runs what is due at the command's time.
    func openStore(clock: (any Clock)? = nil) throws -> SimulatedStore {
        let store = try workspace.openStore(catalog: catalog, clock: clock ?? self.clock, setup: setup)
        // Redelivered transactions are for the app, not for this command; they stay unfinished.
        store.discardUpdates()
        // The store runs in "Apple's cloud": renewals and expiries due by now happen whether the app runs or not.
        try catchUp(store, to: (clock ?? self.clock).now())
        store.discardUpdates()
        return store
    }

    /// Runs what fell due by `now`; a catch-up of more than `longCatchUp` renewals (a wall clock far
    /// ahead at a fast time rate) stops to ask for `--yes`, and says on a terminal that it runs.
    func catchUp(_ store: SimulatedStore, to now: Date) throws {
        let due = store.renewalsDue(by: now)
        if due > Self.longCatchUp {
            let since = store.lastProcessed.map { " since \(StoreDate.string($0))" } ?? ""
            guard confirmsLongCatchUps else {
                throw Diagnostic("catching up to \(StoreDate.string(now)) (\(clockLabel))\(since) runs about \(due) renewals "
                    + "at time rate \(store.renewalRate); add --yes to run them, or pin the clock at an earlier instant (--now)")
            }
            if isatty(STDERR_FILENO) == 1 { StoreRunner.printError("catching up about \(due) renewals\(since)…") }
        }
        try store.process(now: now)
    }

    /// The backend's ledger, read to show its last verified entitlement (nothing is posted).
    func openBackend(store: SimulatedStore) throws -> VerificationBackend? {
        try workspace.existingBackend(store: store, clock: clock)
    }

    /// What the state's clock is, for the line a command prints (`pinned`, `wall clock +8d`).
    var clockLabel: String { time.label }

    /// Moves the simulator's clock forward by `seconds`, saved in `clock.json`.
    func advance(by seconds: TimeInterval) throws {
        time.move(by: seconds)
        advanced += seconds
        clock.advance(by: seconds)
    }
}

