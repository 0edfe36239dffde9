import Foundation
import PaywallFoundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's transaction records sealed out of its snapshot, read one at a time when asked for.
///
/// `store-ledger-records-G.jsonl` holds one record a line, as the snapshot would write it
/// (`writeSortedKeyJSON`); `store-ledger-records-G.index` holds 40 bytes an entry: where a
/// position's record is, its id as a number, its purchase and signing dates and its traits. Both are only appended to, and the
/// snapshot's `Mark` says how much of each is valid, so a kill mid-seal leaves bytes past the mark
/// that nobody reads (and the next seal writes over). A record changed after it was sealed is
/// appended again, or, when only its finished flag changed, gets a new entry for the same line;
/// the last entry of a position wins. Opening reads the index (40 bytes a record) and opens the
/// records file: a state of 100,000 transactions opens without reading one of them.
final class RecordArchive: @unchecked Sendable {
    /// How much of the two files a snapshot holds, and what is known of all their records.
    struct Mark: Codable, Hashable, Sendable {
        /// The files' number: a ledger rewritten whole (a transaction deleted) starts a new pair.
        var generation: Int
        /// Records (positions) sealed. (Not named `records`: the snapshot's own `records` key must
        /// occur once in it, for `Ledger` to write the snapshot's records in parts.)
        var sealed: Int
        /// Index entries valid.
        var entries: Int
        /// Bytes of the records file valid.
        var bytes: Int
        /// Every subscription group a sealed record belongs to, sorted.
        var groups: [String]
        /// Whether every id is a number, increasing with position (looked up by binary search).
        var sortedIDs: Bool
        /// The size of an index entry (the index's format; nil: the 24 bytes of the first format).
        var entryBytes: Int?
    }

    /// Where a position's record is and what it is.
    struct Slot: Hashable, Sendable {
        var offset: Int
        var length: Int
        var traits: RecordTraits
        /// The id as a number; `UInt64.max` when it is not one.
        var numericID: UInt64
        /// The purchase date in milliseconds (listings by date read it here).
        var purchaseDate: Int64
        /// When it was last signed, in milliseconds (the order of a transaction history).
        var signedDate: Int64
    }

    let mark: Mark
    let recordsURL: URL
    let indexURL: URL
    let slots: [Slot]
    /// The records file, open for reading (`pread`: a record read costs its bytes, and no page of
    /// the file counts in the process's memory as a mapping's would).
    private let descriptor: Int32
    private let lock = NSLock()
    /// Positions by numeric id, made on first use when the ids are not in order.
    private var idPositions: [UInt64: Int]?

    static let entrySize = 40
    static let noNumber = UInt64.max

    /// The two files of `generation` beside `ledger`.
    static func files(of ledger: URL, generation: Int) -> (records: URL, index: URL) {
        let folder = ledger.deletingLastPathComponent()
        let base = ledger.deletingPathExtension().lastPathComponent + "-records-\(generation)"
        return (folder.appending(path: base + ".jsonl", directoryHint: .notDirectory),
                folder.appending(path: base + ".index", directoryHint: .notDirectory))
    }

    private init(mark: Mark, ledger: URL, slots: [Slot]) throws {
        self.mark = mark
        (recordsURL, indexURL) = Self.files(of: ledger, generation: mark.generation)
        self.slots = slots
        descriptor = try Self.openRecords(recordsURL, length: mark.bytes)
    }

    deinit { close(descriptor) }

    var count: Int { slots.count }

    /// Opens the archive a snapshot's `mark` names: its index read, its records file opened.
    static func open(_ mark: Mark, ledger: URL) throws -> RecordArchive {
        let (recordsURL, indexURL) = files(of: ledger, generation: mark.generation)
        guard (mark.entryBytes ?? 24) == entrySize else {
            throw failure(indexURL, "has entries of \(mark.entryBytes ?? 24) bytes; expected \(entrySize) (an index another version of the simulator wrote)")
        }
        // 5. A mark that cannot describe two files (a damaged snapshot): an error, not a trap.
        guard mark.sealed >= 0, mark.entries >= mark.sealed, mark.bytes >= 0, mark.entries <= Int.max / entrySize else {
            throw failure(indexURL, "the ledger names \(mark.sealed) records, \(mark.entries) entries and \(mark.bytes) bytes; expected counts the files can hold")
        }
        let wanted = mark.entries * entrySize
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: indexURL)
            defer { try? handle.close() }
            data = try handle.read(upToCount: wanted) ?? Data()
        } catch {
            throw failure(indexURL, "cannot read: \(FileErrorText.reason(error)); expected the record index the ledger names")
        }
        guard data.count == wanted else {
            throw failure(indexURL, "holds \(data.count / entrySize) entries; expected \(mark.entries) (the ledger's snapshot names them)")
        }
        // Filled in place (an optional per slot and a copy to unwrap them cost as much as the read).
        var slots = [Slot](repeating: Slot(offset: 0, length: 0, traits: [], numericID: noNumber, purchaseDate: 0, signedDate: 0), count: mark.sealed)
        var filled = [Bool](repeating: false, count: mark.sealed)
        try data.withUnsafeBytes { raw in
            for entry in 0..<mark.entries {
                let at = entry * entrySize
                let rawOffset = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let offset = rawOffset < UInt64(Int.max / 2) ? Int(rawOffset) : Int.max / 2
                let numericID = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
                let purchaseDate = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 16, as: Int64.self))
                let signedDate = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 24, as: Int64.self))
                let position = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 32, as: UInt32.self)))
                let packed = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 36, as: UInt32.self))
                let length = Int(packed & 0xFF_FFFF)
                guard position < mark.sealed, length > 0, offset + length + 1 <= mark.bytes else {
                    throw failure(indexURL, "entry \(entry + 1) points outside the records (position \(position), bytes \(offset)+\(length)); expected it within the \(mark.sealed) records and \(mark.bytes) bytes the ledger names")
                }
                slots[position] = Slot(offset: offset, length: length, traits: RecordTraits(rawValue: UInt8(packed >> 24)), numericID: numericID,
                                       purchaseDate: purchaseDate, signedDate: signedDate)
                filled[position] = true
            }
        }
        if let missing = filled.firstIndex(of: false) {
            throw failure(indexURL, "has no entry for record \(missing + 1); expected one for each of the \(mark.sealed) records")
        }
        return try RecordArchive(mark: mark, ledger: ledger, slots: slots)
    }

    /// The record at `position`, read from the records file.
    func record(at position: Int) -> TransactionRecord {
        let slot = slots[position]
        var record = read(slot).flatMap(Self.decode) ?? Self.damaged(slot, path: recordsURL.path)
        record.finished = slot.traits.contains(.finished)
        return record
    }

    /// Whether the record at `position` reads back (the whole-ledger check of `debug check-state`).
    func readsBack(at position: Int) -> Bool { read(slots[position]).flatMap(Self.decode) != nil }

    /// The bytes of `slot`'s line (without its newline); nil when the file no longer holds them.
    private func read(_ slot: Slot) -> Data? {
        var data = Data(count: slot.length)
        let count = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, slot.length, off_t(slot.offset)) }
        return count == slot.length ? data : nil
    }

    private static func decode(_ data: Data) -> TransactionRecord? {
        data.withUnsafeBytes { RecordReader.record(in: $0) } ?? (try? LocatedJSONDecoder().decode(TransactionRecord.self, from: data))
    }

    /// The position of the record with `id`, or nil when no sealed record has it.
    func position(ofID id: String) -> Int? {
        guard let number = Self.number(id) else {
            // Not a number: looked for record by record (ids the store makes are numbers).
            return slots.indices.last { slots[$0].numericID == Self.noNumber && record(at: $0).payload.transactionId == id }
        }
        if mark.sortedIDs {
            var low = 0, high = slots.count
            while low < high {
                let middle = (low + high) / 2
                if slots[middle].numericID < number { low = middle + 1 } else { high = middle }
            }
            return low < slots.count && slots[low].numericID == number ? low : nil
        }
        lock.lock()
        defer { lock.unlock() }
        if idPositions == nil {
            var positions: [UInt64: Int] = [:]
            positions.reserveCapacity(slots.count)
            for (position, slot) in slots.enumerated() where slot.numericID != Self.noNumber { positions[slot.numericID] = position }
            idPositions = positions
        }
        return idPositions?[number]
    }

    /// `id` as the number the index keeps, when it is one written without leading zeros.
    static func number(_ id: String) -> UInt64? {
        guard let number = UInt64(id), number != noNumber, String(number) == id else { return nil }
        return number
    }

    // MARK: - Sealing

    /// A new pair of files holding `records`, in order: a generation after `previous` and after
    /// every one on disk (files other processes may still read are never written over).
    static func create(_ records: some Sequence<TransactionRecord>, after previous: Int?, ledger: URL, durability: Durability) throws -> RecordArchive {
        let generation = max(previous ?? 0, generationsOnDisk(ledger: ledger).max() ?? 0) + 1
        let (recordsURL, indexURL) = files(of: ledger, generation: generation)
        var writer = RecordArchiveWriter(recordsURL: recordsURL, indexURL: indexURL, bytes: 0, entries: 0, truncating: true, durability: durability)
        var slots: [Slot] = []
        var groups = Set<String>()
        var sorted = true
        for record in records {
            let slot = try writer.append(record, position: slots.count)
            if let last = slots.last { sorted = sorted && slot.numericID != noNumber && last.numericID < slot.numericID } else { sorted = slot.numericID != noNumber }
            slots.append(slot)
            if let group = record.payload.subscriptionGroupIdentifier { groups.insert(group) }
        }
        try writer.finish()
        let mark = Mark(generation: generation, sealed: slots.count, entries: writer.entries, bytes: writer.bytes,
                        groups: groups.sorted(), sortedIDs: sorted, entryBytes: entrySize)
        return try RecordArchive(mark: mark, ledger: ledger, slots: slots)
    }

    /// This archive with `replaced` records (by position) and `appended` ones added to its files.
    func appending(replaced: [Int: TransactionRecord], appended: [TransactionRecord], ledger: URL, durability: Durability) throws -> RecordArchive {
        // The files this archive was read from must still hold what it names (not removed by a
        // `store reset --all` in another process): appending to a new empty file would leave a hole.
        guard (DurableFile.size(atPath: recordsURL.path) ?? -1) >= mark.bytes,
              (DurableFile.size(atPath: indexURL.path) ?? -1) >= mark.entries * Self.entrySize else {
            throw Self.failure(recordsURL, "is gone or shorter than the ledger says (\(mark.bytes) bytes); expected the records this store sealed")
        }
        var writer = RecordArchiveWriter(recordsURL: recordsURL, indexURL: indexURL, bytes: mark.bytes, entries: mark.entries, truncating: false, durability: durability)
        var slots = self.slots
        var groups = Set(mark.groups)
        var sorted = mark.sortedIDs
        for position in replaced.keys.sorted() {
            let record = replaced[position]!
            var unfinished = self.record(at: position)
            unfinished.finished = record.finished
            if unfinished == record {
                // Only the finished flag changed: a new entry for the same line.
                var slot = slots[position]
                slot.traits = RecordTraits(record)
                try writer.entry(slot, position: position)
                slots[position] = slot
            } else {
                slots[position] = try writer.append(record, position: position)
            }
            if let group = record.payload.subscriptionGroupIdentifier { groups.insert(group) }
        }
        for record in appended {
            let slot = try writer.append(record, position: slots.count)
            sorted = sorted && slot.numericID != Self.noNumber && (slots.last.map { $0.numericID < slot.numericID } ?? true)
            slots.append(slot)
            if let group = record.payload.subscriptionGroupIdentifier { groups.insert(group) }
        }
        try writer.finish()
        let next = Mark(generation: mark.generation, sealed: slots.count, entries: writer.entries, bytes: writer.bytes,
                        groups: groups.sorted(), sortedIDs: sorted, entryBytes: RecordArchive.entrySize)
        return try RecordArchive(mark: next, ledger: ledger, slots: slots)
    }

    /// Removes the files of every generation beside `ledger` but `kept` (after a snapshot naming it is durable).
    static func removeOtherGenerations(than kept: Int?, ledger: URL) {
        for (name, generation) in generationFiles(ledger: ledger) where generation != kept {
            unlink(ledger.deletingLastPathComponent().appending(path: name, directoryHint: .notDirectory).path)
        }
    }

    /// The generations whose files are beside `ledger`.
    static func generationsOnDisk(ledger: URL) -> [Int] { generationFiles(ledger: ledger).map(\.generation) }

    private static func generationFiles(ledger: URL) -> [(name: String, generation: Int)] {
        let prefix = ledger.deletingPathExtension().lastPathComponent + "-records-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: ledger.deletingLastPathComponent().path) else { return [] }
        return names.compactMap { name in
            guard name.hasPrefix(prefix) else { return nil }
            let rest = name.dropFirst(prefix.count)
            guard let dot = rest.firstIndex(of: "."), let generation = Int(rest[..<dot]) else { return nil }
            return (name, generation)
        }
    }

    // MARK: - Helpers

    static func failure(_ url: URL, _ message: String) -> Ledger<StoreState>.Failure {
        Ledger<StoreState>.Failure(file: url.path, "\(message)")
    }

    private static func openRecords(_ url: URL, length: Int) throws -> Int32 {
        let fd = PlatformCalls.open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(url, "cannot open: errno \(errno); expected the records the ledger names") }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) >= length else {
            close(fd)
            throw failure(url, "holds \(info.st_size) bytes; expected at least \(length) (the ledger's snapshot names them)")
        }
        return fd
    }

    /// What stands in for a record the file no longer holds whole (damaged on disk): the slot's id,
    /// and the damage named where a product id would be.
    private static func damaged(_ slot: Slot, path: String) -> TransactionRecord {
        let id = slot.numericID == noNumber ? "?" : String(slot.numericID)
        let payload = TransactionPayload(
            transactionId: id, originalTransactionId: id, webOrderLineItemId: nil, bundleId: "",
            productId: "(damaged record: \(path) byte \(slot.offset))", subscriptionGroupIdentifier: nil,
            purchaseDate: 0, originalPurchaseDate: 0, expiresDate: nil, quantity: 1, type: "Consumable",
            appAccountToken: nil, inAppOwnershipType: "PURCHASED", signedDate: 0, revocationReason: nil,
            revocationDate: nil, isUpgraded: nil, offerType: nil, offerIdentifier: nil, offerDiscountType: nil,
            environment: "", storefront: "", storefrontId: "", transactionReason: "PURCHASE", price: 0, currency: "")
        return TransactionRecord(payload: payload, jws: "", verified: false, finished: true)
    }
}
