import Foundation
import PaywallCore
import Profiles
import SimRuntime
import StoreSim

/// What one `store` command works on: the catalog, the state directory and the simulator's time.
///
/// The store and backend live where `SimulatorSession` keeps them (`DIR/store`, `DIR/backend`),
/// so `run` and `store` share one ledger; the clock is `SimulatedTime` (`DIR/clock.json`).
final class StoreWorkspace {
    let catalog: StoreCatalog
    let stateDirectory: URL
    var time: SimulatedTime
    /// The command's instant, fixed for the whole command.
    let clock: ManualClock
    /// The storefront prices are shown in.
    let storefront: Storefront
    /// The store's seed when it is created here first (the same as a session's default).
    static let seed: UInt64 = 1

    init(options: StoreOptions) throws {
        var catalog = try Self.loadCatalog(options)
        if let code = options.storefront { catalog.settings.storefront = code.uppercased() }
        self.catalog = catalog
        stateDirectory = options.stateDirectory
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: stateDirectory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw StoreCLIError("\(stateDirectory.path): is a file, expected a state directory (--state DIR)")
        }
        time = try SimulatedTime.load(stateDirectory: stateDirectory)
        let pinned = options.stateOptions.pinnedNow
        if let pinned {
            time.pin(pinned)
            try time.save()
        }
        // `--now` is the command's instant exactly (not a few microseconds later), so runs repeat.
        clock = ManualClock(pinned ?? time.now())
        storefront = Storefront.resolve(catalog.settings.storefront)
    }

    /// Problems worth a line on stderr: the catalog's warnings and an unknown `--storefront`.
    func warnings(_ options: StoreOptions) -> [String] {
        var lines = catalog.warnings
        if let code = options.storefront, Storefront(code: code) == nil {
            lines.append("warning: --storefront \(code): unknown storefront; prices shown in USD "
                + "(known: \(Storefront.all.map(\.code).joined(separator: ", ")))")
        }
        return lines
    }

    private static func loadCatalog(_ options: StoreOptions) throws -> StoreCatalog {
        guard let path = options.storekit else {
            if let profile = options.profile {
                do { return try ProfileLoader(baseDirectory: FileManager.default.currentDirectoryPath).setup(nameOrPath: profile).catalog }
                catch { throw StoreCLIError("\(error)") }
            }
            return options.storefront.map { StoreCatalog.embedded(storefront: $0) } ?? .embedded
        }
        return try StoreKitConfigurationLoader.load(contentsOf: URL(fileURLWithPath: path))
    }

    /// Opens (creating if needed) the store and runs what is due at the command's time.
    func openStore() throws -> SimulatedStore {
        let directory = stateDirectory.appendingPathComponent("store")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreCLIError("\(directory.path): cannot create the store directory, expected a writable state directory")
        }
        let store = try SimulatedStore(catalog: catalog, stateDirectory: directory, clock: clock, seed: Self.seed)
        // Redelivered transactions are for the app, not for this command; they stay unfinished.
        _ = store.takeUpdates()
        // The store runs in "Apple's cloud": renewals and expiries due by now happen whether the app runs or not.
        try store.process(now: clock.now())
        _ = store.takeUpdates()
        return store
    }

    /// The backend's ledger, read to show its last verified entitlement (nothing is posted).
    func openBackend(store: SimulatedStore) throws -> VerificationBackend? {
        let directory = stateDirectory.appendingPathComponent("backend")
        guard FileManager.default.fileExists(atPath: directory.path) else { return nil }
        // The user's token only matters for posting; this backend only reads.
        return try VerificationBackend(stateDirectory: directory, trustedKeys: store.trustedPublicKeys,
                                       bundleID: store.bundleID, userAppAccountToken: UUID(), clock: clock)
    }

    /// Moves the simulator's clock forward by `seconds`, saved in `clock.json`.
    func advance(by seconds: TimeInterval) throws {
        try time.advance(by: seconds)
        clock.advance(by: seconds)
    }
}

/// A store command refused, with one line a person can act on.
struct StoreCLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
