import Foundation
import PaywallFoundation
import Persistence
import StoreSim

/// The simulated user: an app account token kept in `user.json`, made once per state directory.
public enum UserIdentity {
    private struct Stored: Codable, Sendable {
        var appAccountToken: UUID
    }

    /// The saved token, or a new one from the store's seeded generator, saved atomically.
    public static func loadOrCreate(in directory: URL, store: SimulatedStore, durability: Durability) throws -> UUID {
        let file = JSONFile<Stored>(url: StateLayout(root: directory).user)
        // Under the lock: two processes opening a fresh directory at once agree on one user.
        return try StateLock.for(directory: directory).withLock {
            if let stored = try file.load() { return stored.appAccountToken }
            let token = try store.makeAppAccountToken()
            try file.save(Stored(appAccountToken: token), durability: durability)
            return token
        }
    }
}
