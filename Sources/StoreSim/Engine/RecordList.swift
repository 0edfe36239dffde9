import Foundation
import PaywallFoundation

/// The ledger's transaction records, oldest first: those sealed in the record archive (read from
/// its file when asked for) and, in memory, those changed or added since the last snapshot.
///
/// A value like the array it stands for: copies share the archive (immutable) and copy only what
/// changed in memory. Replacing a range that reaches into the sealed records (a deletion) reads
/// them all into memory, and the next snapshot seals them into a new archive.
struct RecordList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Hashable, Sendable, Codable {
    /// The sealed records, if any.
    private(set) var archive: RecordArchive?
    /// Sealed records changed since they were sealed, by position.
    private(set) var replaced: [Int: TransactionRecord] = [:]
    /// Records added since the last seal.
    private(set) var appended: [TransactionRecord] = []

    init() {}

    /// A list of `records` in memory.
    init(_ records: [TransactionRecord]) { appended = records }

    /// The sealed records of `archive`, then `appended`.
    init(archive: RecordArchive?, appended: [TransactionRecord] = []) {
        self.archive = archive
        self.appended = appended
    }

    /// How many of the records (from the first) are sealed.
    var sealedCount: Int { archive?.count ?? 0 }

    /// Whether every record is sealed (nothing changed or added since).
    var isAllSealed: Bool { replaced.isEmpty && appended.isEmpty }

    var startIndex: Int { 0 }
    var endIndex: Int { sealedCount + appended.count }
    func index(after i: Int) -> Int { i + 1 }
    func index(before i: Int) -> Int { i - 1 }

    subscript(position: Int) -> TransactionRecord {
        get {
            let sealed = sealedCount
            if position >= sealed { return appended[position - sealed] }
            return replaced[position] ?? archive!.record(at: position)
        }
        set {
            let sealed = sealedCount
            if position >= sealed { appended[position - sealed] = newValue } else { replaced[position] = newValue }
        }
    }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == TransactionRecord {
        let sealed = sealedCount
        if subrange.lowerBound >= sealed {
            appended.replaceSubrange((subrange.lowerBound - sealed)..<(subrange.upperBound - sealed), with: newElements)
            return
        }
        // Sealed records removed or moved: the whole list in memory, sealed anew by the next snapshot.
        var all = Array(self)
        all.replaceSubrange(subrange, with: newElements)
        self = RecordList(all)
    }

    mutating func append(_ newElement: TransactionRecord) { appended.append(newElement) }

    mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == TransactionRecord {
        appended.append(contentsOf: newElements)
    }

    mutating func removeAll(keepingCapacity keepCapacity: Bool = false) { self = RecordList() }

    // MARK: - Looking without reading

    /// The traits of the record at `position`, without reading a sealed one from its file.
    func traits(at position: Int) -> RecordTraits {
        switch held(at: position) {
        case let .record(record): RecordTraits(record)
        case let .slot(slot): slot.traits
        }
    }

    /// Where the record at `position` is known from: in memory, or its sealed slot in the index.
    private enum Held {
        case record(TransactionRecord)
        case slot(RecordArchive.Slot)
    }

    private func held(at position: Int) -> Held {
        let sealed = sealedCount
        if position >= sealed { return .record(appended[position - sealed]) }
        if let record = replaced[position] { return .record(record) }
        return .slot(archive!.slots[position])
    }

    /// The purchase date (milliseconds) of the record at `position`, without reading a sealed one.
    func purchaseDate(at position: Int) -> Int64 {
        switch held(at: position) {
        case let .record(record): record.payload.purchaseDate
        case let .slot(slot): slot.purchaseDate
        }
    }

    /// When the record at `position` was last signed (milliseconds), and its transaction id, without
    /// reading a sealed one whose id is a number.
    func signing(at position: Int) -> (signedDate: Int64, transactionID: String) {
        if case let .slot(slot) = held(at: position), slot.numericID != RecordArchive.noNumber {
            return (slot.signedDate, String(slot.numericID))
        }
        let payload = self[position].payload
        return (payload.signedDate, payload.transactionId)
    }

    /// The positions, in order, of the records whose traits `isIncluded` accepts.
    func positions(where isIncluded: (RecordTraits) -> Bool) -> [Int] {
        indices.filter { isIncluded(traits(at: $0)) }
    }

    /// How many records have traits `isIncluded` accepts.
    func count(where isIncluded: (RecordTraits) -> Bool) -> Int {
        var total = 0
        for position in indices where isIncluded(traits(at: position)) { total += 1 }
        return total
    }

    /// The position of the last record with transaction id `id`, or nil when there is none: the
    /// records added since the seal from the newest back, then the archive's index.
    func lastPosition(ofID id: String) -> Int? {
        if let at = appended.lastIndex(where: { $0.payload.transactionId == id }) { return sealedCount + at }
        return archive?.position(ofID: id)
    }

    /// Every subscription group a sealed record belongs to, sorted.
    var sealedGroups: [String] { archive?.mark.groups ?? [] }

    /// The positions whose record may differ between `other` and this list (every one that does,
    /// and perhaps more), when both are views of the same archive; nil otherwise (compare all).
    func positionsChanged(since other: RecordList) -> [Int]? {
        guard let mine = archive, let theirs = other.archive, mine.recordsURL == theirs.recordsURL,
              mine.mark.generation == theirs.mark.generation else { return nil }
        let common = Swift.min(mine.count, theirs.count)
        var changed = Set(replaced.keys).union(other.replaced.keys)
        if mine !== theirs {
            for position in 0..<common where mine.slots[position] != theirs.slots[position] { changed.insert(position) }
        }
        changed.formUnion(common..<Swift.max(count, other.count))
        return changed.filter { $0 < count }.sorted()
    }

    // MARK: - Sealing

    /// This list with every record sealed into the archive beside `ledger`: changed and added
    /// records appended to its files, or, when there is no archive (a new ledger, one written
    /// before archives, or one rewritten by a deletion), a new archive after `generation`.
    func sealed(ledger: URL, after generation: Int?, durability: Durability) throws -> RecordList {
        if let archive {
            guard !isAllSealed else { return self }
            return RecordList(archive: try archive.appending(replaced: replaced, appended: appended, ledger: ledger, durability: durability))
        }
        guard !appended.isEmpty else { return self }
        return RecordList(archive: try RecordArchive.create(appended, after: generation, ledger: ledger, durability: durability))
    }

    // MARK: - Equality and coding

    static func == (a: RecordList, b: RecordList) -> Bool {
        guard a.count == b.count else { return false }
        if a.archive?.recordsURL == b.archive?.recordsURL, a.archive?.mark == b.archive?.mark,
           a.replaced == b.replaced, a.appended == b.appended { return true }
        return a.elementsEqual(b)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(count) }

    /// Read as the array of its records.
    init(from decoder: any Decoder) throws {
        appended = try [TransactionRecord](from: decoder)
    }

    /// With an archive, only the records after it: a state is encoded once `prepareSnapshot` has
    /// sealed it, next to the mark naming the archive (a snapshot the `Ledger` writes whole, as
    /// when a subscription group is named `records`, then reads back as it was, not doubled).
    func encode(to encoder: any Encoder) throws {
        try (archive == nil ? Array(self) : appended).encode(to: encoder)
    }
}
