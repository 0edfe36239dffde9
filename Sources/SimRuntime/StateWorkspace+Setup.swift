import Foundation
import PaywallFoundation
import Persistence

/// What the directory was made with (`setup.json`): its profile and catalog, and the environment,
/// bundle id and app Apple ID its store signs for.
extension StateWorkspace {
    /// The setup the directory keeps, or nil when none was saved yet (a new state).
    public func savedSetup() throws -> StateSetup? {
        try JSONFile<StateSetup>(url: layout.setup).load()
    }

    /// The profile and catalog the directory was made with, unless `named` names others: refused
    /// when they differ, replaced with `switching` (`--switch-catalog`).
    public func setup(named: StateSetup, switching: Bool) throws -> StateSetup {
        try StateSetup.reconcile(named, saved: savedSetup(), directory: layout.root, switching: switching)
    }

    /// Keeps `setup` as what the directory was made with, when it says something new (under the
    /// directory's lock, written as the workspace's durability says; the directory made if needed).
    public func keep(_ setup: StateSetup) throws {
        try withLock {
            guard try savedSetup() != setup else { return }
            try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
            try JSONFile<StateSetup>(url: layout.setup).save(setup, durability: durability)
        }
    }
}
