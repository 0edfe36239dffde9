import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim

/// The invariants a state directory keeps however the program is killed: checked on one look,
/// against the look before, and (`settled`) after a clean launch.
///
/// Within a look: every file reads; transaction ids and grants are unique, every grant is a
/// transaction the store holds, every finished transaction was recorded by the backend, and no
/// `message_sent` event counts more messages than `quota.json`. Against the previous look: no
/// transaction lost, a finished one stays finished, a grant stays granted, the quota is not reset
/// on the same day nor its day moved back, the message events never fewer. Settled: every
/// transaction finished and granted exactly once.
public struct StateInvariants: Sendable {
    /// The summary of the look before, if any.
    public var previous: StateSummary?
    /// Whether a clean launch ran last, so every transaction must be finished and granted once.
    public var settled = false

    public init(previous: StateSummary? = nil, settled: Bool = false) {
        self.previous = previous
        self.settled = settled
    }

    /// What a check found: each failure as one line, and the summary for the next look.
    public struct Outcome: Sendable {
        public var failures: [String]
        public var summary: StateSummary
    }

    /// Checks `look`; what could not be read is carried over from the previous summary.
    public func check(_ look: StateLook) -> Outcome {
        var failures = look.problems
        var summary = previous ?? StateSummary()
        if let transactions = look.transactions {
            let current = checkTransactions(transactions, backendRecords: look.backendRecords, failures: &failures)
            if let now = look.clockNow { checkNothingAfter(now, transactions, failures: &failures) }
            summary.transactions = current
        }
        if let grants = look.grants {
            checkGrants(grants, store: look.transactions == nil ? nil : summary.transactions, failures: &failures)
            summary.grants = Set(grants).sorted()
        }
        if let count = look.messageEvents {
            if let before = previous?.messageEvents, count < before {
                failures.append("message events went back from \(before) to \(count)")
            }
            summary.messageEvents = max(count, previous?.messageEvents ?? 0)
        }
        if let quota = look.quota {
            checkQuota(quota, mostCountedToday: look.mostCountedToday, failures: &failures)
            summary.quota = quota
        }
        if settled, let transactions = look.transactions {
            checkSettled(transactions, grants: look.grants, failures: &failures)
        }
        return Outcome(failures: failures, summary: summary)
    }

    /// Unique ids, finished ones recorded by the backend, none lost or unfinished again; returns id → finished.
    private func checkTransactions(_ transactions: [SavedStoreLedger.Transaction], backendRecords: Set<String>?,
                                   failures: inout [String]) -> [String: Bool] {
        let ids = transactions.map(\.payload.transactionId)
        let repeated = Self.repeated(ids)
        if !repeated.isEmpty {
            failures.append("duplicate transaction ids in the store ledger: \(repeated.joined(separator: ", "))")
        }
        let current = Dictionary(transactions.map { ($0.payload.transactionId, $0.finished) }, uniquingKeysWith: { _, last in last })
        let resigned = Set(transactions.filter { $0.payload.revocationDate != nil || $0.payload.isUpgraded == true }.map(\.payload.transactionId))
        if let backendRecords {
            for id in Self.unique(ids) where current[id] == true && !backendRecords.contains(id) {
                failures.append("transaction \(id) was finished but the backend never recorded it")
            }
        }
        for (id, finished) in (previous?.transactions ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let now = current[id] else {
                failures.append("transaction \(id) lost since the previous look")
                continue
            }
            // A refund or an upgrade re-signs a transaction and hands it to the app again (an update
            // it finishes once more): only a transaction nothing re-signed stays finished.
            if finished && !now && !resigned.contains(id) { failures.append("transaction \(id) was finished and is unfinished again") }
        }
        return current
    }

    /// How far a process killed while it runs may leave the saved clock behind what it signed: a
    /// running app writes its clock every second, a tape at its start and end, so a kill between
    /// leaves the clock at most that run's last seconds behind. A command that moves the clock (an
    /// advance) saves it before it signs; after a clean launch (`settled`) nothing may be later.
    static let runningClockLag: TimeInterval = 60

    /// No transaction bought or signed after the state's clock: a command stopped half way (an
    /// advance killed mid-way) leaves the clock at or after everything it recorded.
    private func checkNothingAfter(_ now: Date, _ transactions: [SavedStoreLedger.Transaction], failures: inout [String]) {
        let allowed = settled ? now : now.addingTimeInterval(Self.runningClockLag)
        let limit = Int64((allowed.timeIntervalSince1970 * 1000).rounded(.down))
        let late = transactions.filter { $0.payload.purchaseDate > limit || $0.payload.signedDate > limit }
        guard let first = late.first else { return }
        failures.append("\(late.count) transaction(s) dated after the clock (\(ISO8601.string(now))\(settled ? "" : " and the \(Int(Self.runningClockLag)) s a killed run may lag")), the first \(first.payload.transactionId) "
            + "bought \(ISO8601.string(first.payload.purchase)), signed at \(first.payload.signedDate) ms")
    }

    /// Unique grants, each a transaction of the store (`store`: id → finished, nil when unread), none lost.
    private func checkGrants(_ grants: [String], store: [String: Bool]?, failures: inout [String]) {
        let repeated = Self.repeated(grants)
        if !repeated.isEmpty { failures.append("a transaction granted twice: \(repeated.joined(separator: ", "))") }
        if let store {
            for id in Self.unique(grants) where store[id] == nil {
                failures.append("granted \(id) is not a transaction the store ledger holds")
            }
        }
        let granted = Set(grants)
        for id in previous?.grants ?? [] where !granted.contains(id) {
            failures.append("grant of \(id) lost since the previous look")
        }
    }

    /// Every sent message counted, and the quota neither reset on its day nor moved to an earlier day.
    private func checkQuota(_ quota: MessageQuota, mostCountedToday: Int, failures: inout [String]) {
        // Every run of the checks plays the same day, so the events and the quota share it.
        if quota.used < mostCountedToday {
            failures.append("a sent message is not counted: an event says \(mostCountedToday) used today, quota.json \(quota.used)")
        }
        guard let before = previous?.quota else { return }
        if before.day == quota.day && quota.used < before.used {
            failures.append("quota reset on the same day: day \(quota.day ?? "none") used \(before.used) -> \(quota.used)")
        }
        if let was = before.day, let now = quota.day, now < was {
            failures.append("quota day went back: \(was) -> \(now)")
        }
    }

    /// After a clean launch: every transaction finished and granted exactly once.
    private func checkSettled(_ transactions: [SavedStoreLedger.Transaction], grants: [String]?, failures: inout [String]) {
        var times: [String: Int] = [:]
        for id in grants ?? [] { times[id, default: 0] += 1 }
        for transaction in transactions {
            let payload = transaction.payload
            let id = payload.transactionId
            if !transaction.finished {
                failures.append("transaction \(id) is still unfinished after a clean launch (\(payload.transactionReason), purchased \(payload.purchaseDate), signed \(payload.signedDate) ms)")
            }
            // An unreadable backend ledger is a failure of its own: no count to compare.
            if grants != nil, times[id, default: 0] != 1 {
                failures.append("transaction \(id) granted \(times[id, default: 0]) times after a clean launch, expected once")
            }
        }
    }

    /// The values that occur more than once, sorted.
    static func repeated(_ values: [String]) -> [String] {
        var seen: [String: Int] = [:]
        for value in values { seen[value, default: 0] += 1 }
        return seen.filter { $0.value > 1 }.keys.sorted()
    }

    /// The values in order, each once.
    static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
