import Foundation
import PaywallFoundation

/// The store's ledger as saved, read without changing a file (`paywall-sim debug check-state`).
///
/// It is read by the store's own loading (`JournaledLedger.read`), minus what only a store that
/// opens the ledger does: cutting a torn last line off the journal, taking the lock, making keys.
public struct SavedStoreLedger: Sendable {
    /// One transaction as the ledger keeps it.
    public struct Transaction: Hashable, Sendable {
        /// What was signed.
        public var payload: TransactionPayload
        /// Whether the app finished it (`Transaction.finish()`); an unfinished one is redelivered at launch.
        public var finished: Bool
    }

    /// The transactions in ledger order (each id once, unless the ledger was damaged).
    public var transactions: [Transaction]
    /// The journal line the store would cut off when it next opens the ledger, if any.
    public var droppedJournalLine: DroppedJournalLine?

    /// Reads `store-ledger.json` and its journal in `directory` (a state directory's `store`);
    /// nil when the store saved nothing there yet. Throws, naming the file, what would stop the
    /// store from opening it.
    public static func read(in directory: URL) throws -> SavedStoreLedger? {
        let ledger = JournaledLedger<StoreState>(url: StateLayout.Store(folder: directory).ledger, durability: .durable) // read only
        let reading = try ledger.read()
        guard let state = reading.state else { return nil }
        // The sealed records are read only when asked for: here every one is.
        if let archive = state.records.archive, let damaged = (0..<archive.count).first(where: { !archive.readsBack(at: $0) }) {
            throw Ledger<StoreState>.Failure(file: archive.recordsURL.path, "byte \(archive.slots[damaged].offset): record \(damaged + 1) does not read back; expected a record this simulator sealed")
        }
        return SavedStoreLedger(transactions: state.records.map { Transaction(payload: $0.payload, finished: $0.finished) },
                                droppedJournalLine: reading.droppedLine)
    }
}

extension SimulatedStore {
    /// How many transactions, pending requests and subscriptions the store in `folder` keeps, read
    /// without opening it (nothing is written); zeros when it has no ledger.
    public static func savedActivity(in folder: URL) throws -> (transactions: Int, pending: Int, subscriptions: Int) {
        let reading = try JournaledLedger<StoreState>(url: StateLayout.Store(folder: folder).ledger, durability: .durable).read() // read only
        guard let state = reading.state else { return (0, 0, 0) }
        return (state.records.count, state.pending.count, state.lines.count)
    }
}
