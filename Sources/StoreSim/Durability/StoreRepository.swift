import Foundation
import PaywallFoundation

/// The store's durable side in a state directory: its journaled ledger, the directory's lock, and
/// what changed since the last save (records by id, records only finished, a snapshot due). The
/// StoreKit rules in `SimulatedStore` change `StoreState` and say which records they changed;
/// how that reaches the disk — a journal line of those records, the finishes as ids without an
/// fsync, a snapshot when the rules removed records — is decided here.
struct StoreRepository {
    /// Held for every change, so processes sharing the state directory never overwrite each other.
    let lock: StateLock
    private var ledger: JournaledLedger<StoreState>
    /// Records added or changed since the last save (journaled by id); nil: save a whole snapshot.
    private var changed: Set<String>? = []
    /// Records finished since the last save and otherwise unchanged (journaled as ids only).
    private var finishedOnly: Set<String> = []
    /// `state.lastProcessed` as last saved or read from the ledger: a change's notifications save
    /// the processed time again only when it moved since.
    private(set) var savedLastProcessed: Date?

    /// The repository of the store folder `folder`, written as `durability` says.
    init(folder: URL, durability: Durability) {
        lock = StateLock.store(StateLayout.Store(folder: folder))
        ledger = JournaledLedger<StoreState>(url: StateLayout.Store(folder: folder).ledger, durability: durability)
    }

    /// The state as last saved (nil: nothing saved yet); call it holding the lock.
    mutating func load() throws -> StoreState? {
        let state = try ledger.load()
        savedLastProcessed = state?.lastProcessed
        return state
    }

    /// Whether records changed since the last save (or a snapshot is due).
    var hasUnsavedRecords: Bool { changed?.isEmpty != true || !finishedOnly.isEmpty }

    /// Whether records changed other than by a finish alone (those are saved with their fsync).
    var hasChangedRecords: Bool { changed?.isEmpty != true }

    /// How many records changed since the last save (a catch-up saves in batches).
    var changedCount: Int { changed?.count ?? 0 }

    /// The rules added or changed the record `id`.
    mutating func recordChanged(_ id: String) { changed?.insert(id) }

    /// The rules finished the record `id` and changed nothing else of it.
    mutating func recordFinished(_ id: String) { finishedOnly.insert(id) }

    /// The rules removed records: the next save writes a whole snapshot (removals are not journaled).
    mutating func snapshotNext() { changed = nil }

    /// Whether another process saved since this one last read or wrote (a few `stat` calls).
    func changedOnDisk() -> Bool { ledger.changedOnDisk() }

    /// How a refresh changed the state.
    enum Refresh {
        /// Journal lines only appended records or replaced them in place (none removed or moved).
        case appended
        /// The ledger was read again whole.
        case reloaded
    }

    /// Folds what other processes saved into `state`, holding the lock; nil when nothing changed.
    mutating func refresh(_ state: inout StoreState) throws -> Refresh? {
        guard try ledger.refresh(&state) else { return nil }
        changed = []
        finishedOnly = []
        savedLastProcessed = state.lastProcessed
        return ledger.lastRefreshOnlyAppended ? .appended : .reloaded
    }

    /// Saves what changed since the last save: a journal line, or a snapshot when needed. With
    /// `sync` false the line is not fsynced yet (a finish: `syncJournal` or the next save does it).
    mutating func save(_ state: inout StoreState, sync: Bool = true) throws {
        let change = changed.map { state.change(dirty: $0, finished: finishedOnly) }
        try ledger.save(&state, change: change, sync: sync)
        changed = []
        finishedOnly = []
        savedLastProcessed = state.lastProcessed
    }

    /// Whether journal lines wait for their fsync.
    var hasUnsyncedLines: Bool { ledger.hasUnsyncedLines }

    /// Fsyncs the journal lines written without one.
    mutating func syncJournal() throws { try ledger.syncJournal() }
}
