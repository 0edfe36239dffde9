import Foundation
import PaywallFoundation
import Persistence

/// The directory's settings (`settings.json`): what it was made with — its profile and catalog,
/// and the environment, bundle id and app Apple ID its store signs for — and its clock.
extension StateWorkspace {
    /// The settings the directory keeps (empty for a new state): `settings.json`, else what a state
    /// made before it kept in `setup.json` and `clock.json`. Throws `PersistenceError` naming the
    /// file when one exists but cannot be read or decoded.
    public func savedSettings() throws -> StateSettings {
        if let settings = try JSONFile<StateSettings>(url: layout.settings).load() { return settings }
        return StateSettings(setup: try JSONFile<StateSetup>(url: layout.legacySetup).load(),
                             clock: try JSONFile<SimulatedTime.Stored>(url: layout.legacyClock).load())
    }

    /// The file a part of the settings was read from, for messages: `settings.json`, or a legacy state's own file.
    func settingsFile(legacy: URL) -> URL {
        FileManager.default.fileExists(atPath: layout.settings.path) || !FileManager.default.fileExists(atPath: legacy.path)
            ? layout.settings : legacy
    }

    /// Changes the settings as `change` says, holding the directory's lock: what another process
    /// changed in another part is kept. Written atomically (as the workspace's durability says),
    /// the directory made if needed; a state made before `settings.json` has its two files folded
    /// in and removed.
    func changeSettings(_ change: (inout StateSettings) throws -> Void) throws {
        do {
            try FileManager.default.createDirectory(at: layout.root, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError(path: layout.root.path, message: "cannot create the state directory, expected a writable directory")
        }
        try withLock {
            let saved = try savedSettings()
            var settings = saved
            try change(&settings)
            let legacy = [layout.legacySetup, layout.legacyClock].filter { FileManager.default.fileExists(atPath: $0.path) }
            guard settings != saved || !legacy.isEmpty else { return }
            try JSONFile<StateSettings>(url: layout.settings).save(settings, durability: durability)
            for file in legacy { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// The setup the directory keeps, or nil when none was saved yet (a new state).
    public func savedSetup() throws -> StateSetup? {
        try savedSettings().setup
    }

    /// The profile and catalog the directory was made with, unless `named` names others: refused
    /// when they differ, replaced with `switching` (`--switch-catalog`).
    public func setup(named: StateSetup, switching: Bool) throws -> StateSetup {
        try StateSetup.reconcile(named, saved: savedSetup(), directory: layout.root, switching: switching)
    }

    /// Keeps `setup` as what the directory was made with, when it says something new (the clock
    /// kept as it is).
    public func keep(_ setup: StateSetup) throws {
        try changeSettings { $0.setup = setup }
    }
}
