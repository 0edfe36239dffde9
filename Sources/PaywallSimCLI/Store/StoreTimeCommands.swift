import ArgumentParser
import Foundation
import PaywallFoundation
import SimRuntime
import StoreSim

/// `store advance DURATION`: moves the simulator's clock forward and runs what falls due.
struct StoreAdvanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Move the simulator's clock forward (500ms, 2s, 5m, 1h, 1d, 1w, 1y) and run the renewals and expiries now due.",
        discussion: "The clock (pinned or wall) is saved in DIR/settings.json, so `run` and later `store` commands see the same time. A running app sees the renewals within a second.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("How far: a number and a unit (ms, s, m, h, d, w, y), e.g. 1d or 1d12h.", valueName: "DURATION"))
    var duration: String

    func validate() throws {
        if let problem = SimDuration.problem(duration) {
            let advice = problem.hasPrefix("longer") ? "; advance in several steps" : ""
            throw ValidationError("DURATION \(duration): \(problem)\(advice)")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let seconds = TimeInterval(SimDuration.parse(duration) ?? 0) / 1000
            let store = try workspace.openStore()
            let before = EntitlementsReport.statuses(store)
            let from = workspace.clock.now()
            guard ISO8601.supportedRange.contains(from.addingTimeInterval(seconds)) else {
                throw Diagnostic("advance \(duration): the clock would pass 9999-12-31T23:59:59Z, the latest instant the simulator supports")
            }
            try workspace.advance(store, by: seconds)
            let changes = ControlReport.changes(from: before, to: EntitlementsReport.statuses(store))
            // The report shows ids and dates: each update is made without its JWS and kept only as
            // its row (a week's catch-up is 20,160 of them).
            var report = ControlReport(action: "advance", now: workspace.clock.now(), summary: [], changes: changes)
            store.drainUpdates(withJWS: false) { report.updates.append(ControlReport.Update($0)) }
            let renewals = report.updates.reduce(0) { $0 + ($1.reason == TransactionUpdate.Reason.renewal.rawValue ? 1 : 0) }
            report.summary = ["Advanced the clock by \(duration): \(StoreDate.string(from)) → \(StoreDate.string(workspace.clock.now())).",
                              renewals == 0 && changes.isEmpty ? "Nothing fell due." : "\(renewals) renewal(s)."]
            return report
        }
    }
}

/// `store reset`: clears the store (transactions, pending requests, subscriptions, switches);
/// with `--all`, everything a fresh user would not have.
struct StoreResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Clear the store: every transaction, pending request and subscription; switches back to the catalog's. No confirmation.",
        discussion: "Without --all the backend's records, the app's cached entitlement, quota, paywall views and events, and the clock are kept, so the next launch still finds what the backend granted. --all makes a fresh user: it clears those too and keeps only the clock, the catalog the directory was made with and the store's signing keys.")

    @OptionGroup var options: StoreOptions
    @Flag(name: .long, help: "A fresh user: also clear the backend's records and grants, the cached entitlements, the quota, paywall views, events, profile screens' state and the user's app account token.")
    var all = false

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let transactions = store.allTransactions.count
            let pending = store.pendingPurchases.count
            let groups = EntitlementsReport.statuses(store).map(\.groupID)
            let switches = store.settings != store.catalog.settings
            try store.reset()
            var summary = ["Reset the store: removed \(transactions) transaction(s), \(pending) pending request(s), "
                + "\(groups.count) subscription(s)\(groups.isEmpty ? "" : " (\(groups.joined(separator: ", ")))")"
                + (switches ? "; switches back to the catalog's." : ".")]
            if transactions == 0 && pending == 0 && groups.isEmpty { summary = ["The store was already empty."] }
            guard all else {
                summary.append("Kept: the backend's records and grants, the app's cached entitlement, quota, paywall views and events, "
                    + "and the clock. For a fresh user: store reset --all.")
                return ControlReport(action: "reset", now: workspace.clock.now(), summary: summary,
                                     note: "The app finds an empty store at its next launch; the backend still answers what it granted.")
            }
            var removed: [String] = []
            if let backend = try workspace.openBackend(store: store) {
                let records = backend.grantedTransactionIDs.count
                try backend.reset()
                if records > 0 { removed.append("the backend's \(records) grant(s)") }
            }
            removed += try workspace.workspace.removeUserFiles()
            summary.append("A fresh user: removed \(removed.isEmpty ? "nothing else (none was there)" : removed.joined(separator: ", ")).")
            summary.append("Kept: the clock, the catalog the directory was made with (settings.json) and the store's signing keys.")
            return ControlReport(action: "reset", now: workspace.clock.now(), summary: summary,
                                 note: "The next launch is a new user: onboarding, no purchases, 10 free messages.")
        }
    }
}
