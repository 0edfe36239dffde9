import Foundation
import PaywallFoundation

/// Appends records and their index entries to a record archive's two files, a chunk at a time,
/// and fsyncs both at the end.
struct RecordArchiveWriter {
    let recordsURL: URL
    let indexURL: URL
    private(set) var bytes: Int
    private(set) var entries: Int
    var truncating: Bool
    /// Whether the files are fsynced at the end (the workspace's policy).
    let durability: Durability
    private var pendingRecords = JSONBytes()
    private var pendingEntries: [UInt8] = []
    private var recordsStart: Int
    private var entriesStart: Int

    init(recordsURL: URL, indexURL: URL, bytes: Int, entries: Int, truncating: Bool, durability: Durability) {
        self.durability = durability
        self.recordsURL = recordsURL
        self.indexURL = indexURL
        self.bytes = bytes
        self.entries = entries
        self.truncating = truncating
        recordsStart = bytes
        entriesStart = entries * RecordArchive.entrySize
    }

    mutating func append(_ record: TransactionRecord, position: Int) throws -> RecordArchive.Slot {
        let before = pendingRecords.bytes.count
        record.writeSortedKeyJSON(into: &pendingRecords)
        let length = pendingRecords.bytes.count - before
        pendingRecords.bytes.append(UInt8(ascii: "\n"))
        guard length < 1 << 24 else { throw RecordArchive.failure(recordsURL, "a record of \(length) bytes; expected under 16 MiB") }
        let slot = RecordArchive.Slot(offset: bytes, length: length, traits: RecordTraits(record),
                        numericID: RecordArchive.number(record.payload.transactionId) ?? RecordArchive.noNumber,
                        purchaseDate: record.payload.purchaseDate, signedDate: record.payload.signedDate)
        bytes += length + 1
        try entry(slot, position: position)
        if pendingRecords.bytes.count >= 1 << 20 { try flush(sync: false) }
        return slot
    }

    mutating func entry(_ slot: RecordArchive.Slot, position: Int) throws {
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { pendingEntries.append(contentsOf: $0) } }
        put(UInt64(slot.offset))
        put(slot.numericID)
        put(slot.purchaseDate)
        put(slot.signedDate)
        put(UInt32(position))
        put(UInt32(slot.length) | UInt32(slot.traits.rawValue) << 24)
        entries += 1
    }

    /// Writes what is pending and fsyncs both files, also when an earlier chunk (written
    /// without its fsync) was the last one.
    mutating func finish() throws {
        try flush(sync: true)
        do {
            try DurableFile.syncIfPresent(recordsURL, durability: durability)
            try DurableFile.syncIfPresent(indexURL, durability: durability)
        } catch {
            throw Ledger<StoreState>.Failure(error)
        }
    }

    private mutating func flush(sync: Bool) throws {
        do {
            if !pendingRecords.bytes.isEmpty || truncating {
                try DurableFile.write(Data(pendingRecords.bytes), to: recordsURL, at: recordsStart, truncating: truncating, sync: sync, durability: durability)
                recordsStart += pendingRecords.bytes.count
                pendingRecords.bytes.removeAll(keepingCapacity: true)
            }
            if !pendingEntries.isEmpty || truncating {
                try DurableFile.write(Data(pendingEntries), to: indexURL, at: entriesStart, truncating: truncating, sync: sync, durability: durability)
                entriesStart += pendingEntries.count
                pendingEntries.removeAll(keepingCapacity: true)
            }
            truncating = false
        } catch {
            throw Ledger<StoreState>.Failure(error)
        }
    }
}
