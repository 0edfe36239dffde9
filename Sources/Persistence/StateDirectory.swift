import Foundation
import PaywallFoundation

/// The folder holding the state files; injected (the CLI defaults it to `$XDG_STATE_HOME/paywall-sim`).
public struct StateDirectory: Hashable, Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// `$XDG_STATE_HOME/paywall-sim`, or `~/.local/state/paywall-sim` when the variable is unset or empty.
    public static func defaultRoot(environment: [String: String], home: String) -> URL {
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
            return URL(fileURLWithPath: state).appendingPathComponent("paywall-sim")
        }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/paywall-sim")
    }

    /// Creates the folder (and its parents) if needed.
    public func create() throws {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError(path: root.path, message: "cannot create the state directory: \(FileErrorText.reason(error))")
        }
    }

    /// The directory's layout: every file's name.
    public var layout: StateLayout { StateLayout(root: root) }

    /// `quota.json`: the daily message count (`MessageQuota`).
    public var quotaFile: URL { layout.quota }
    /// `paywall-views.json`: paywall view times (`PaywallViewHistory`).
    public var paywallViewsFile: URL { layout.paywallViews }
    /// `entitlement.json`: the last entitlement the backend confirmed.
    public var entitlementFile: URL { layout.entitlement }
    /// `profile-state.json`: what a profile's own screens remember (usage, ads, receipt cache).
    public var profileStateFile: URL { layout.profileState }
    /// `events.jsonl`: the analytics event log, one JSON object per line.
    public var eventsFile: URL { layout.events }
}
