import Foundation
import PaywallFoundation
import PaywallCore

/// Several processes on one state directory: the running app notices what the others did.
extension SimulatorSession {
    /// Looks for changes other processes saved (a `store` command, a tape, another app): store
    /// transactions arrive as updates (as `Transaction.updates` delivers them), a moved clock
    /// (`store advance`) moves this run's, and the quota and paywall views are merged into the
    /// model. Cheap when nothing changed (a few `stat` calls). Returns whether anything did.
    @discardableResult
    public func pollSharedState() -> Bool {
        var changed = false
        if clock.reloadIfChanged() { changed = true }
        clock.share()
        do { if try store.refreshFromDisk() { changed = true } } catch { note("store: \(error)") }
        let stamps = sharedFileStamps()
        if stamps != sharedStamps {
            sharedStamps = stamps
            do {
                let quota = model.quota.merged(onto: try appState.loadQuota(), since: quotaBase)
                quotaBase = quota
                let views = model.paywallViews.merged(with: try appState.loadPaywallViews())
                if quota != model.quota || views != model.paywallViews {
                    send(.sharedStateChanged(quota: quota, paywallViews: views))
                    changed = true
                }
            } catch { note("\(error)") }
        }
        if changed { pump() }
        return changed
    }

    /// The stamps of the app's files other processes may change.
    func sharedFileStamps() -> [FileStamp?] {
        [FileStamp.of(appState.directory.quotaFile.path), FileStamp.of(appState.directory.paywallViewsFile.path)]
    }
}
