import Foundation
import StoreSim

/// What a store control did: a summary, the updates the app will see, and status changes.
struct ControlReport: StoreOutput {
    /// One element of the updates stream the control produced.
    struct Update: Encodable {
        var reason: String
        var productID: String
        @Nullable var transactionID: String?
        @Nullable var expiresDate: String?

        init(_ update: TransactionUpdate) {
            reason = update.reason.rawValue
            productID = update.productID
            transactionID = update.transaction?.id
            expiresDate = update.transaction?.expirationDate.map(StoreDate.string)
        }
    }

    var action: String
    var now: String
    /// What the state's clock is (`pinned`, `wall clock +8d`).
    var clock = "pinned"

    mutating func stamp(clock: String) { self.clock = clock }
    var summary: [String]
    var updates: [Update]
    /// Subscription state changes, `premium: subscribed → expired`.
    var changes: [String]
    var note: String

    static let appNote = "A running app sees this within a second; an app started later, at its launch."

    init(action: String, now: Date, summary: [String], updates: [TransactionUpdate] = [], changes: [String] = [],
         note: String = ControlReport.appNote) {
        self.action = action
        self.now = StoreDate.string(now)
        self.summary = summary
        self.updates = updates.map(Update.init)
        self.changes = changes
        self.note = note
    }

    var text: String {
        var lines = summary
        if !updates.isEmpty {
            var table = TextTable(["UPDATE", "PRODUCT", "TRANSACTION", "EXPIRES"])
            // A long jump at a fast time rate can renew thousands of times: show the first and last rows.
            let shown = updates.count > 20 ? Array(updates.prefix(10)) + Array(updates.suffix(5)) : updates
            for (index, u) in shown.enumerated() {
                if updates.count > 20, index == 10 { table.add(["… \(updates.count - 15) more", "", "", ""]) }
                table.add([u.reason, u.productID, u.transactionID ?? "-", u.expiresDate ?? "-"])
            }
            lines += ["", table.render()]
        }
        if !changes.isEmpty { lines += [""] + changes }
        lines += ["", "Simulated time \(now) (\(clock)). \(note)"]
        return lines.joined(separator: "\n")
    }

    /// `group: old → new` for every group whose state differs between two snapshots.
    static func changes(from before: [SubscriptionGroupStatus], to after: [SubscriptionGroupStatus]) -> [String] {
        after.compactMap { status in
            let old = before.first { $0.groupID == status.groupID }
            guard old?.state != status.state || old?.productID != status.productID else { return nil }
            let from = old.map { "\($0.state.rawValue) (\($0.productID))" } ?? "none"
            return "\(status.groupID): \(from) → \(status.state.rawValue) (\(status.productID)), expires \(StoreDate.string(status.expiresDate))"
        }
    }
}
