import Foundation
import PaywallFoundation

/// What `store reset --all` removes beside the store and the backend: the user's own files.
extension StateWorkspace {
    /// The files a fresh user does not have, with what each holds: the caches, the app's
    /// quota, views, events and profile screens, and the user's app account token.
    public var userFiles: [(file: URL, what: String)] {
        [
            (layout.entitlement, "cached entitlement"), (layout.backend.entitlementCache, "backend's cached entitlement"),
            (layout.quota, "quota"), (layout.paywallViews, "paywall views"), (layout.events, "events"),
            (layout.profileState, "profile screens' state"), (layout.user, "app account token"),
        ]
    }

    /// Removes `userFiles` under the directory's lock; returns what the removed ones held.
    public func removeUserFiles() throws -> [String] {
        try withLock {
            var removed: [String] = []
            for (url, what) in userFiles {
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                do { try FileManager.default.removeItem(at: url) } catch {
                    throw Diagnostic("\(url.path): cannot remove it: \(FileErrorText.reason(error))")
                }
                removed.append(what)
            }
            return removed
        }
    }
}
