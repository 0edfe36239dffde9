import Foundation
import StoreSim
import PaywallFoundation

/// The backend's ledger as saved, read without changing a file (`paywall-sim debug check-state`).
///
/// It is read by the backend's own loading (`JournaledLedger.read`), minus the cut of a torn last
/// line and the lock that only a backend opening the ledger does.
public struct SavedBackendLedger: Sendable {
    /// Transaction ids in the order they were granted (each once, unless the ledger was damaged).
    public var grants: [String]
    /// The ids of every transaction the backend recorded, granted or not.
    public var recordedTransactionIDs: Set<String>
    /// The journal line the backend would cut off when it next opens the ledger, if any.
    public var droppedJournalLine: DroppedJournalLine?

    /// Reads `backend-ledger.json` and its journal in `directory` (a state directory's `backend`);
    /// nil when the backend saved nothing there yet. Throws, naming the file, what would stop the
    /// backend from opening it.
    public static func read(in directory: URL) throws -> SavedBackendLedger? {
        let ledger = JournaledLedger<BackendState>(url: StateLayout.Backend(folder: directory).ledger, durability: .durable) // read only
        let reading = try ledger.read()
        guard let state = reading.state else { return nil }
        return SavedBackendLedger(grants: state.grants, recordedTransactionIDs: Set(state.records.keys),
                                  droppedJournalLine: reading.droppedLine)
    }
}
