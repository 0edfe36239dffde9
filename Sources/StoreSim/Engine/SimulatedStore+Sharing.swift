import Foundation
import StoreKitVocabulary

/// Several processes on one state directory: what another process saved reaches this one.
extension SimulatedStore {
    /// Folds in what other processes saved (a `store` command, a tape, another app) and queues
    /// what the app must hear of as updates, as StoreKit's `Transaction.updates` delivers them.
    /// Cheap when nothing changed (two `stat` calls under the lock). Returns whether anything did.
    @discardableResult
    public func refreshFromDisk() throws -> Bool {
        guard repository.changedOnDisk() else { return false }
        let queued = updates.count
        let before = state.journalSeq
        try lock.withLock { try refreshLocked() }
        return updates.count != queued || state.journalSeq != before
    }

    /// Queues an update for every unfinished transaction another process added or changed (a declined
    /// Ask to Buy request goes away with no update, as in StoreKit).
    func queueOutsideChanges(since before: StoreState) {
        // Where both are views of one record archive, only the positions that may have changed
        // are looked at; otherwise every unfinished record, against the one it was.
        let changed = state.records.positionsChanged(since: before.records)
        // The record as it was, by id: for a few records, found by comparing ids from the newest
        // back (or by the archive's index); for many (a long catch-up), from every id hashed once.
        let looked = changed ?? state.records.positions { !$0.contains(.finished) }
        var known: [String: TransactionRecord]?
        if changed == nil, looked.count > 8 {
            var all: [String: TransactionRecord] = [:]
            for record in before.records { all[record.payload.transactionId] = record }
            known = all
        }
        func previousRecord(_ id: String) -> TransactionRecord? {
            if let known { return known[id] }
            return before.records.lastPosition(ofID: id).map { before.records[$0] }
        }
        var vanished = before.pending.filter { request in !state.pending.contains { $0.requestID == request.requestID } }
        let now = clock.now()
        for position in looked where !state.records.traits(at: position).contains(.finished) {
            let record = state.records[position]
            let id = record.payload.transactionId
            let previous = previousRecord(id)
            if let previous, previous.sameJWS(as: record, headers: encodedHeaders) { continue }
            let reason: TransactionUpdate.Reason
            if record.payload.revocationDate != nil {
                reason = .revocation
            } else if previous != nil {
                reason = (record.payload.expires.map { $0 <= now } ?? false) ? .expiry : .redelivery
            } else if record.payload.transactionReason == "RENEWAL" {
                reason = .renewal
            } else if let index = vanished.firstIndex(where: { $0.productID == record.payload.productId }) {
                reason = vanished[index].kind == .askToBuy ? .askToBuyApproved : .interruptedCompleted
                vanished.remove(at: index)
            } else if record.payload.inAppOwnershipType == "FAMILY_SHARED" {
                reason = .familyShared
            } else if record.payload.offerType == 3 {
                reason = .offerCode
            } else if record.payload.offerType == 4 {
                reason = .winBack
            } else {
                reason = .outsideApp
            }
            updates.append(.record(reason, record))
        }
        if !updates.isEmpty { note("changes saved by another process: \(updates.reduce(0) { $0 + $1.count }) update(s)") }
    }
}
