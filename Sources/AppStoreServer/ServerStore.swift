import Foundation
import PaywallCore
import StoreSim
import TeamServer

/// The store and backend a server answers from, shared by its request handlers one at a time.
///
/// Before each request the store catches up with the state directory: what other processes (the
/// app, `store` commands, tapes) wrote, and renewals and expiries that fell due on the shared clock.
public final class ServerStore: @unchecked Sendable {
    let store: SimulatedStore
    let backend: VerificationBackend
    let clock: any Clock
    /// Called before each request so a clock that lives in the state directory reloads a moved offset.
    let refreshClock: () -> Void
    /// Called before each request: the user's app account token when another process made a new
    /// user (`store reset --all`, `play --reset`), nil when it is the one the backend has.
    let refreshUser: () throws -> UUID?
    /// Told the environment and bundle id the state signs for when another process switched them
    /// (`serve` says so in a line, as it said them when it started).
    let identityChanged: (_ environment: String, _ bundleID: String) -> Void
    private let lock = NSLock()

    public init(store: SimulatedStore, backend: VerificationBackend, clock: any Clock, refreshClock: @escaping () -> Void = {},
                refreshUser: @escaping () throws -> UUID? = { nil },
                identityChanged: @escaping (_ environment: String, _ bundleID: String) -> Void = { _, _ in }) {
        self.store = store
        self.backend = backend
        self.clock = clock
        self.refreshClock = refreshClock
        self.refreshUser = refreshUser
        self.identityChanged = identityChanged
    }

    /// The bundle id the state signs for now, after another process's switch: what a bearer
    /// token's `bid` must name.
    public func signingBundleID() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        try followIdentity()
        return store.bundleID
    }

    /// Follows a switched environment or bundle id, and says so (under this server's lock).
    private func followIdentity() throws {
        if try store.followIdentity() { identityChanged(store.environment, store.bundleID) }
    }

    /// Reads the notification log's metadata once, before the first request, so the first history
    /// page costs what every later one does.
    public func readNotificationLog() throws {
        try withStore { try $0.readNotificationLog() }
    }

    /// Runs `body` with the store as it is (no catch-up: nothing is written), under this server's lock.
    func withStore<T>(_ body: (SimulatedStore) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(store)
    }

    /// Runs `body` with the store brought up to date, under this server's lock.
    func access<T>(_ body: (SimulatedStore, VerificationBackend, Date) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        refreshClock()
        try followIdentity()
        if let user = try refreshUser() { backend.userAppAccountToken = user }
        let now = clock.now()
        try store.process(now: now)
        // The updates are the app's to take; a server only reads the ledger.
        _ = store.takeUpdates()
        return try body(store, backend, now)
    }
}
