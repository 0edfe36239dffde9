import Foundation
import PaywallFoundation
import PaywallCore
import Persistence
import StoreSim
import TeamServer

/// A state directory opened: where its files are (`StateLayout`) and how Apple's store, the team's
/// backend and the simulated user are opened on it — one way for `run`, `play`, `store` and `serve`.
///
/// Every process that shares the directory opens the same store (the same seed, so the same keys
/// the first time), signs with the environment and bundle id the directory was made with, and
/// finds the backend and the user where the others left them.
public struct StateWorkspace: Sendable {
    /// The directory's files.
    public let layout: StateLayout
    /// Whether what is written in the directory is fsynced: `durable` for a user's state,
    /// `throwaway` for a directory removed when its run ends. Every file owner opened here gets it.
    public let durability: Durability

    /// The store's seed when a directory's store is first made: its signing keys and ids.
    public static let defaultSeed: UInt64 = 1

    /// The workspace of the state directory at `root`.
    public init(root: URL, durability: Durability = .durable) {
        layout = StateLayout(root: root)
        self.durability = durability
    }

    /// Refuses a directory that is a file, cannot be made or is not writable, in one line that
    /// names it as the user did (`name`; its path when nil).
    public func checkWritable(named name: String? = nil) throws {
        if let problem = FileErrorText.directoryProblem(layout.root) {
            throw Diagnostic("\(name ?? layout.root.path): \(problem); expected a writable state directory (--state DIR)")
        }
    }

    /// Opens (creating its folder if needed) the store on `catalog`, signing as `setup` says (the
    /// defaults without one). Unfinished transactions wait in its updates for the app.
    public func openStore(catalog: StoreCatalog, clock: any Clock, setup: StateSetup?, seed: UInt64 = defaultSeed) throws -> SimulatedStore {
        let folder = layout.store.folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic("\(folder.path): cannot create the store directory, expected a writable state directory")
        }
        let store = try SimulatedStore(catalog: catalog, stateDirectory: folder, clock: clock, seed: seed,
                                       bundleID: setup?.signingBundleID ?? StateSetup.defaultBundleID,
                                       environment: setup?.signingEnvironment ?? StateSetup.defaultEnvironment, appAppleID: setup?.appAppleID,
                                       durability: durability)
        store.identityFollower = identityFollower()
        return store
    }

    /// A reader of whom the state signs for, for a store that lives while other processes change
    /// the setup (`store buy --environment Production` beside a running app or `serve`): each call
    /// answers the setup's identity when `settings.json` changed since the last call and names another, else nil (a `stat`).
    func identityFollower() -> () -> SigningIdentity? {
        let path = layout.settings.path
        var seen = FileStamp.of(path)
        return {
            let now = FileStamp.of(path)
            guard now != seen, let setup = try? self.savedSetup() else { return nil }
            seen = now
            return SigningIdentity(environment: setup.signingEnvironment, bundleID: setup.signingBundleID, appAppleID: setup.appAppleID)
        }
    }

    /// Opens (creating its folder if needed) the team's backend, verifying what `store` signs, for
    /// the user with `appAccountToken`; `environments` nil: every test environment and the one the
    /// store signs for (a `Production` state's backend accepts its own, and only then production data).
    public func openBackend(store: SimulatedStore, clock: any Clock, appAccountToken: UUID,
                            environments: Set<String>? = nil) throws -> VerificationBackend {
        let folder = layout.backend.folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let backend = try VerificationBackend(stateDirectory: folder, verifier: store.signedDataVerifier, bundleID: store.bundleID,
                                              environments: environments ?? VerificationBackend.allEnvironments.union([store.environment]),
                                              userAppAccountToken: appAccountToken, clock: clock, durability: durability)
        backend.appStoreEnd = Self.earlyEnds(of: store)
        backend.storeSigning = { [weak store] in store.map { ($0.environment, $0.bundleID) } }
        return backend
    }

    /// The backend as another process left it, to read (nil when none was ever opened here).
    public func existingBackend(store: SimulatedStore, clock: any Clock) throws -> VerificationBackend? {
        guard FileManager.default.fileExists(atPath: layout.backend.folder.path) else { return nil }
        // The user's token only matters for posting; a backend opened to read posts nothing.
        let backend = try VerificationBackend(stateDirectory: layout.backend.folder, verifier: store.signedDataVerifier,
                                              bundleID: store.bundleID, userAppAccountToken: UUID(), clock: clock)
        backend.appStoreEnd = Self.earlyEnds(of: store)
        return backend
    }

    /// What the App Store's statuses say of subscriptions ended early, for the backend to ask.
    static func earlyEnds(of store: SimulatedStore) -> (String) -> EarlyEnd? {
        { [weak store] in store?.earlyEnd(originalTransactionID: $0).map { EarlyEnd(at: $0.at, lastTransactionID: $0.lastTransactionID) } }
    }

    /// The simulated user's app account token: made once per directory, the same in every process.
    public func appAccountToken(store: SimulatedStore) throws -> UUID {
        try UserIdentity.loadOrCreate(in: self, store: store)
    }

    /// A reader of the user's token for a long-running process (`serve`): each call answers the
    /// token when `user.json` changed since the last call (a reset made a new user), else nil.
    /// Reading only a file's stamp when nothing changed, it costs a `stat` a call.
    public func userFollower(store: SimulatedStore) -> () throws -> UUID? {
        let path = layout.user.path
        var seen = FileStamp.of(path)
        return {
            let now = FileStamp.of(path)
            guard now != seen else { return nil }
            let token = try self.appAccountToken(store: store)
            seen = FileStamp.of(path)
            return token
        }
    }

    /// The app's own files (quota, views, events, profile screens), the directory made if needed.
    public func openAppState() throws -> AppStateStore {
        try AppStateStore(directory: StateDirectory(root: layout.root), durability: durability)
    }

    /// The app's cache of its last verified entitlement, beside the backend.
    public func entitlementCache(backend: VerificationBackend, stalenessLimit: TimeInterval) -> CachedEntitlementProvider {
        CachedEntitlementProvider(backend: backend, stateDirectory: layout.backend.folder, stalenessLimit: stalenessLimit, durability: durability)
    }

    /// What a previous run left in the directory, in words (`1 transaction, events, clock pinned at
    /// 2026-01-30T09:00:03Z`); nil for a fresh state: nothing bought or asked for, nothing the app
    /// remembers (its user's token, the clock and what `store reset --all` keeps do not count).
    public func previousRun() throws -> String? {
        var held: [String] = []
        let store = try SimulatedStore.savedActivity(in: layout.store.folder)
        if store.transactions > 0 { held.append("\(store.transactions) transaction\(store.transactions == 1 ? "" : "s")") }
        if store.pending > 0 { held.append("\(store.pending) pending request\(store.pending == 1 ? "" : "s")") }
        let files = [(layout.events, "events"), (layout.quota, "message quota"), (layout.paywallViews, "paywall views"),
                     (layout.entitlement, "a cached entitlement"), (layout.profileState, "profile screens' state")]
        for (url, what) in files where FileManager.default.fileExists(atPath: url.path) { held.append(what) }
        guard !held.isEmpty else { return nil }
        if hasSavedClock, let time = try? savedTime() {
            held.append(time.mode == .pinned ? "clock pinned at \(ISO8601.string(time.now()))" : "clock \(time.label)")
        }
        return held.joined(separator: ", ")
    }

    /// Makes the directory fresh for a new run, safely under processes that have it open (a
    /// running `serve`, an app): the store and the backend are reset by their owners, under their
    /// locks, as a new generation of their ledgers (ids go on, never reused), so another process
    /// folds the reset in as it would a `store reset --all`; every other file is removed but the
    /// locks (another process may hold one), the store's signing keys (a backend that trusts the
    /// directory's root certificate keeps trusting it), the clock, the App Store's notification
    /// history, and the environment and bundle id it signs for (a server beside it answers for
    /// those); the catalog and profile it was made with are forgotten.
    /// Returns how many files it removed.
    @discardableResult
    public func startOver() throws -> Int {
        let keep: Set<String> = [layout.store.signingKeys.path, layout.store.offerKey.path, layout.store.apiHostCertificates.path,
                                 layout.store.notifications.path, layout.store.notificationsCheckpoint.path,
                                 // The clock stays until the tape that started over sets its own:
                                 // without it a server beside would jump to the wall clock.
                                 layout.settings.path, layout.legacyClock.path, layout.legacySetup.path]
        let ledgers = [layout.store.ledger.deletingPathExtension().lastPathComponent, layout.backend.ledger.deletingPathExtension().lastPathComponent]
        return try withLock {
            if FileManager.default.fileExists(atPath: layout.store.ledger.path) {
                // Resetting reads no product: any catalog opens the store for it.
                let store = try openStore(catalog: .embedded, clock: SystemClock(), setup: nil)
                try store.reset()
                if let backend = try existingBackend(store: store, clock: SystemClock()) { try backend.reset() }
            }
            if let saved = try savedSetup() {
                try self.keep(StateSetup(environment: saved.environment, bundleID: saved.bundleID, appAppleID: saved.appAppleID))
            }
            guard let walker = FileManager.default.enumerator(at: layout.root, includingPropertiesForKeys: [.isRegularFileKey]) else { return 0 }
            var removed = 0
            for case let url as URL in walker {
                let name = url.lastPathComponent
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      name != layout.lock.lastPathComponent, !keep.contains(url.standardizedFileURL.path),
                      !ledgers.contains(where: { name.hasPrefix($0) }) else { continue }
                do { try FileManager.default.removeItem(at: url) } catch {
                    throw Diagnostic("\(url.path): cannot remove it: \(FileErrorText.reason(error))")
                }
                removed += 1
            }
            return removed
        }
    }
}
