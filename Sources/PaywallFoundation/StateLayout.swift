import Foundation

/// The layout of a state directory: every file and folder in it, named by what it is for.
///
/// The one place the names live. The app (its quota, views, events, profile screens, account
/// token), the state's settings (its setup and clock), Apple's side (the store's ledger,
/// signing keys, offer key, notifications) and the team's side (the backend's ledger and cache)
/// each ask this type for their file; `paywall-sim debug check-state`, `store reset` and the
/// benchmarks read the same names from it.
public struct StateLayout: Hashable, Sendable {
    /// The state directory.
    public let root: URL

    /// The layout of the state directory at `root`.
    public init(root: URL) { self.root = root }

    /// `.lock`: the directory's lock (`StateLock.directory`), held to change the settings, the
    /// user and the app's files, and to reset the directory.
    public var lock: URL { file(Self.lockName) }
    /// The name of every lock file: the directory's, the store's and the backend's.
    static let lockName = ".lock"
    /// `settings.json`: the state's settings as one value: the profile, catalog, environment,
    /// bundle id and app Apple ID it was made with (`setup`), and its simulated clock (`clock`).
    public var settings: URL { file("settings.json") }
    /// `setup.json`: where a state made before `settings.json` kept its setup; read until the
    /// first change of the settings folds it in and removes it.
    public var legacySetup: URL { file("setup.json") }
    /// `clock.json`: where a state made before `settings.json` kept its clock (as `legacySetup`).
    public var legacyClock: URL { file("clock.json") }
    /// `user.json`: the simulated user's app account token.
    public var user: URL { file("user.json") }
    /// `quota.json`: the daily message count.
    public var quota: URL { file("quota.json") }
    /// `paywall-views.json`: paywall view times.
    public var paywallViews: URL { file("paywall-views.json") }
    /// `entitlement.json`: the last entitlement the backend confirmed, as the app caches it.
    public var entitlement: URL { file("entitlement.json") }
    /// `profile-state.json`: what a profile's own screens remember.
    public var profileState: URL { file("profile-state.json") }
    /// `events.jsonl`: the analytics event log, one JSON object per line.
    public var events: URL { file("events.jsonl") }

    /// `store/`: Apple's side, the simulated App Store.
    public var store: Store { Store(folder: root.appendingPathComponent(Store.folderName)) }
    /// `backend/`: the team's side, the simulated verification backend.
    public var backend: Backend { Backend(folder: root.appendingPathComponent(Backend.folderName)) }

    /// The journal beside a journaled ledger (`store-ledger.json` → `store-ledger.journal`).
    public static func journal(of ledger: URL) -> URL { ledger.deletingPathExtension().appendingPathExtension("journal") }

    /// The regular file `name` in the directory, made without a `stat` (`appendingPathComponent`
    /// asks the file system whether the name is a folder; the app looks every half second).
    private func file(_ name: String) -> URL { root.appending(path: name, directoryHint: .notDirectory) }

    /// The files of the simulated App Store (`store/`).
    public struct Store: Hashable, Sendable {
        static let folderName = "store"
        /// The folder.
        public let folder: URL
        /// The store's folder at `folder` (a state directory's `store/`, or a folder of its own in tests).
        public init(folder: URL) { self.folder = folder }
        /// `store-ledger.json` (+ `.journal`): transactions, subscriptions, requests, switches.
        public var ledger: URL { folder.appending(path: "store-ledger.json", directoryHint: .notDirectory) }
        /// `store-keys.json`: the certificate chain and key the store signs with.
        public var signingKeys: URL { folder.appending(path: "store-keys.json", directoryHint: .notDirectory) }
        /// `api-host-certificates.json`: the TLS authority and the certificate `serve` presents as Apple's API hosts.
        public var apiHostCertificates: URL { folder.appending(path: "api-host-certificates.json", directoryHint: .notDirectory) }
        /// `.lock`: the store's lock (`StateLock.store`), held to change its ledger and notification log.
        public var lock: URL { folder.appending(path: StateLayout.lockName, directoryHint: .notDirectory) }
        /// `offer-key.json`: the In-App Purchase key promotional offers are checked against.
        public var offerKey: URL { folder.appending(path: "offer-key.json", directoryHint: .notDirectory) }
        /// `notifications.jsonl`: the server notifications made and each try to deliver them.
        public var notifications: URL { folder.appending(path: "notifications.jsonl", directoryHint: .notDirectory) }
        /// `notifications.checkpoint.json`: how many notifications the log's first bytes hold.
        public var notificationsCheckpoint: URL { folder.appending(path: "notifications.checkpoint.json", directoryHint: .notDirectory) }
    }

    /// The files of the simulated verification backend (`backend/`).
    public struct Backend: Hashable, Sendable {
        static let folderName = "backend"
        /// The folder.
        public let folder: URL
        /// The backend's folder at `folder` (a state directory's `backend/`, or a folder of its own in tests).
        public init(folder: URL) { self.folder = folder }
        /// `backend-ledger.json` (+ `.journal`): verified transactions, grants, the last entitlement.
        public var ledger: URL { folder.appending(path: "backend-ledger.json", directoryHint: .notDirectory) }
        /// `.lock`: the backend's lock (`StateLock.backend`), held to change its ledger.
        public var lock: URL { folder.appending(path: StateLayout.lockName, directoryHint: .notDirectory) }
        /// `entitlement-cache.json`: the backend's cached entitlement.
        public var entitlementCache: URL { folder.appending(path: "entitlement-cache.json", directoryHint: .notDirectory) }
    }
}
