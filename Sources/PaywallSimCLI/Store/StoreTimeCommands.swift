import ArgumentParser
import Foundation
import PaywallFoundation
import StoreSim

/// `store advance DURATION`: moves the simulator's clock forward and runs what falls due.
struct StoreAdvanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advance",
        abstract: "Move the simulator's clock forward (500ms, 2s, 5m, 1h, 1d, 1w) and run the renewals and expiries now due.",
        discussion: "The offset is saved in DIR/clock.json, so `run` and later `store` commands see the same time. Renewals reach the app at its next launch.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("How far: a number and a unit (ms, s, m, h, d, w), e.g. 1d or 1d12h.", valueName: "DURATION"))
    var duration: String

    func validate() throws {
        if let problem = SimDuration.problem(duration) {
            throw ValidationError("DURATION \(duration): \(problem)")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let seconds = SimDuration.parse(duration) ?? 0
            let store = try workspace.openStore()
            let before = EntitlementsReport.statuses(store)
            let from = workspace.clock.now()
            guard ISO8601.supportedRange.contains(from.addingTimeInterval(seconds)) else {
                throw StoreCLIError("advance \(duration): the clock would pass 9999-12-31T23:59:59Z, the latest instant the simulator supports")
            }
            try workspace.advance(by: seconds)
            try store.process(now: workspace.clock.now())
            let updates = store.takeUpdates()
            let changes = ControlReport.changes(from: before, to: EntitlementsReport.statuses(store))
            var summary = ["Advanced the clock by \(duration): \(StoreDate.string(from)) → \(StoreDate.string(workspace.clock.now()))."]
            let renewals = updates.filter { $0.reason == .renewal }.count
            summary.append(renewals == 0 && changes.isEmpty ? "Nothing fell due." : "\(renewals) renewal(s).")
            return ControlReport(action: "advance", now: workspace.clock.now(), summary: summary, updates: updates, changes: changes)
        }
    }
}

/// `store reset`: clears the store (transactions, pending requests, subscriptions, switches).
struct StoreResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Clear the store: every transaction, pending request and subscription; switches back to the catalog's. No confirmation.",
        discussion: "The backend's records and the clock are kept; delete the state directory for a clean start.")

    @OptionGroup var options: StoreOptions

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
            return ControlReport(action: "reset", now: workspace.clock.now(), summary: summary,
                                 note: "The app finds an empty store at its next launch.")
        }
    }
}
