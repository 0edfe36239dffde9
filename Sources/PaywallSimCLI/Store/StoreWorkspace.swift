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
    /// The storefront `--storefront` asks for (upper case): the account's from this command on.
    let requestedStorefront: String?

    /// The setup the state directory had before this command (nil: a new state).
    private let savedSetup: StateSetup?
    /// Whether the command only shows a catalog it names, leaving the state's own as it is.
    private let showsOtherCatalog: Bool
    /// Whether the command only reads the catalog (`store products`): its `--storefront` shows
    /// prices there without moving the account.
    private let catalogOnly: Bool

    /// The profile and catalog the state directory was made with (or this command makes it with).
    let setup: StateSetup
    /// Whether the command set the clock (`--now`, `--clock`): saved when the command succeeds.
    private var setsClock = false
    /// Whether a catch-up of more than `longCatchUp` renewals runs without asking (`--yes`).
    private let confirmsLongCatchUps: Bool
    /// The most renewals a command runs to catch up without `--yes`.
    static let longCatchUp = 10_000

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
                                     environment: options.signing.environment, bundleID: options.signing.bundleID,
                                     appAppleID: options.signing.appAppleID)
        // `store products` may show any catalog it names; naming none, it shows the state's own.
        let namesOne = options.profile != nil || options.storekit != nil
        workspace = StateWorkspace(root: stateDirectory)
        savedSetup = try StateSetup.load(in: stateDirectory)
        showsOtherCatalog = catalogOnly && namesOne && !options.stateOptions.switchCatalog
        self.catalogOnly = catalogOnly
        setup = try workspace.setup(named: named, switching: options.stateOptions.switchCatalog || (catalogOnly && namesOne))
        // Files load by the path the command names (its errors then name that path), else the remembered one.
        let load = StateSetup(profile: options.profile ?? setup.profile, storekit: options.storekit ?? setup.storekit)
        var catalog = try Self.loadCatalog(load, storefront: options.storefront)
        // A storefront the catalog has no prices for keeps the catalog's own (a warning says so):
        // its numbers relabelled in another currency would be wrong by the exchange rate.
        if let code = options.storefront, catalog.hasPrices(for: code) { catalog.settings.storefront = code.uppercased() }
        requestedStorefront = options.storefront.flatMap { catalog.hasPrices(for: $0) && Storefront(code: $0) != nil ? $0.uppercased() : nil }
        self.catalog = catalog
        confirmsLongCatchUps = options.stateOptions.yes
        time = try options.stateOptions.loadTime(from: workspace)
        setsClock = options.stateOptions.setsClock
        // `--now` is the command's instant exactly (not a few microseconds later), so runs repeat;
        // a pinned state's clock is its instant (a command never jumps it).
        clock = ManualClock(options.stateOptions.pinnedNow ?? time.now())
    }

    /// The account's storefront, as the state keeps it (`--storefront` moves it, see `commit`):
    /// what prices are shown in. A catalog shown without being the state's has its own.
    func storefront() throws -> Storefront {
        if let requestedStorefront { return Storefront.resolve(requestedStorefront) }
        guard !showsOtherCatalog, FileManager.default.fileExists(atPath: workspace.layout.store.folder.path) else {
            return Storefront.resolve(catalog.settings.storefront)
        }
        return try workspace.openStore(catalog: catalog, clock: clock, setup: setup).storefront
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

    /// Saves what a command that succeeded leaves behind — the pinned or moved clock, the
    /// environment and bundle id signed data carries, the account's storefront, and the profile
    /// and catalog the state directory is made with — the same way for every store command. A
    /// refused command writes none of them. Returns one line for each kept setting the command
    /// changed (the caller prints them), so no flag changes a state silently.
    func commit() throws -> [String] {
        // Set by this command: the time is its instant plus any advance, as this command saw it.
        if setsClock { try time.save() }
        var kept = setup
        if showsOtherCatalog, let savedSetup {
            // `store products --storekit OTHER` shows another catalog; the state keeps its own.
            kept.profile = savedSetup.profile
            kept.storekit = savedSetup.storekit
        }
        var said: [String] = []
        if let savedSetup {
            if savedSetup.signingEnvironment != kept.signingEnvironment {
                said.append("note: \(stateDirectory.path) now signs for \(kept.signingEnvironment) (was \(savedSetup.signingEnvironment)); "
                    + "what it signed before stays \(savedSetup.signingEnvironment)")
            }
            if let id = kept.appAppleID, savedSetup.appAppleID != id {
                said.append("note: \(stateDirectory.path) now signs Production's data with app Apple ID \(id)"
                    + (savedSetup.appAppleID.map { " (was \($0))" } ?? ""))
            }
            if savedSetup.signingBundleID != kept.signingBundleID {
                said.append("note: \(stateDirectory.path) now signs for bundle id \(kept.signingBundleID) (was \(savedSetup.signingBundleID))")
            }
        }
        if try StateSetup.load(in: stateDirectory) != kept {
            try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
            try kept.save(in: stateDirectory)
        }
        // `store products --storefront` only shows prices there: a look moves no account.
        if !storefrontKept, !catalogOnly, requestedStorefront != nil {
            try keepStorefront(in: try workspace.openStore(catalog: catalog, clock: clock, setup: kept))
        }
        return said + storefrontNote
    }

    /// Whether `--storefront` was made the account's already (by `openStore`).
    private var storefrontKept = false
    /// The line saying the account's storefront moved, when it did.
    private var storefrontNote: [String] = []

    /// Makes `--storefront` the account's storefront in `store`, before the command acts, so what
    /// it signs is in that storefront.
    private func keepStorefront(in store: SimulatedStore) throws {
        guard let code = requestedStorefront, !storefrontKept else { return }
        storefrontKept = true
        let before = store.settings.storefront
        if try store.setStorefront(code), before != code {
            storefrontNote = ["note: the account's storefront is \(code) now (was \(before)): prices and purchases follow it"]
        }
    }

    /// Opens (creating if needed) the store and runs what is due at the command's time.
    func openStore(clock: (any Clock)? = nil) throws -> SimulatedStore {
        let store = try workspace.openStore(catalog: catalog, clock: clock ?? self.clock, setup: setup)
        try keepStorefront(in: store)
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
        try confirmCatchUp(store, to: now)
        try store.process(now: now)
    }

    /// Refuses a catch-up to `now` of more than `longCatchUp` renewals without `--yes`, and says
    /// on a terminal that a long one runs.
    func confirmCatchUp(_ store: SimulatedStore, to now: Date) throws {
        let due = store.renewalsDue(by: now)
        if due > Self.longCatchUp {
            let since = store.lastProcessed.map { " since \(StoreDate.string($0))" } ?? ""
            guard confirmsLongCatchUps else {
                throw Diagnostic("catching up to \(StoreDate.string(now)) (\(clockLabel))\(since) runs about \(due) renewals "
                    + "at time rate \(store.renewalRate); add --yes to run them, or pin the clock at an earlier instant (--now)")
            }
            if isatty(STDERR_FILENO) == 1 { StoreRunner.printError("catching up about \(due) renewals\(since)…") }
        }
    }

    /// The most renewals one committed step of `store advance` runs.
    static let renewalsPerAdvanceStep = 2_000

    /// `store advance`: moves the clock forward by `seconds` and runs what falls due, in steps of
    /// at most `renewalsPerAdvanceStep` renewals. Each step saves the clock at its end before it
    /// runs, so whatever stops the command (Ctrl-C, kill -9) leaves a state whose every
    /// transaction is dated at or before its clock; what fell due and was not run yet, the next
    /// command catches up (a step's worth, never more).
    func advance(_ store: SimulatedStore, by seconds: TimeInterval) throws {
        let target = clock.now().addingTimeInterval(seconds)
        try confirmCatchUp(store, to: target)
        var left = seconds
        while left > 0 {
            var step = left
            // Halve the step until it runs few enough renewals (a count the rules estimate).
            while step > 1, store.renewalsDue(by: clock.now().addingTimeInterval(step)) > Self.renewalsPerAdvanceStep { step /= 2 }
            if setsClock {
                try time.save() // the instant `--now` asked for, before anything after it
                setsClock = false
            }
            time = try SimulatedTime.advanceSaved(by: step, stateDirectory: stateDirectory)
            clock.advance(by: step)
            left -= step
            try store.process(now: clock.now())
        }
    }

    /// The backend's ledger, read to show its last verified entitlement (nothing is posted).
    func openBackend(store: SimulatedStore) throws -> VerificationBackend? {
        try workspace.existingBackend(store: store, clock: clock)
    }

    /// What the state's clock is, for the line a command prints (`pinned`, `wall clock +8d`).
    var clockLabel: String { time.label }
}

