import Foundation
import PaywallFoundation
import Persistence
import StoreSim

/// The simulated user: an app account token kept in `user.json`, made once per state directory
/// (the workspace's `appAccountToken(store:)` reads it).
enum UserIdentity {
    private struct Stored: Codable, Sendable {
        var appAccountToken: UUID
    }

    /// The token `workspace` keeps, or a new one from the store's seeded generator, saved atomically.
    static func loadOrCreate(in workspace: StateWorkspace, store: SimulatedStore) throws -> UUID {
        let file = JSONFile<Stored>(url: workspace.layout.user)
        // Under the lock: two processes opening a fresh directory at once agree on one user.
        return try workspace.withLock {
            if let stored = try file.load() { return stored.appAccountToken }
            let token = try store.makeAppAccountToken()
            try file.save(Stored(appAccountToken: token), durability: workspace.durability)
            return token
        }
    }
}
