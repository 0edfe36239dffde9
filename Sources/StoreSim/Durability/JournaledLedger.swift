import Foundation
import PaywallFoundation
import StoreKitVocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A state kept as a snapshot plus a journal of the changes made since.
package protocol JournaledState: Codable, Equatable {
    /// What one save changed (a few records and the small fields), a line of the journal.
    associatedtype Change: Codable
    /// The number of the last change folded into this state (0 or nil: none yet).
    var journalSeq: Int? { get set }
    /// Folds the changes in, in order (all of a journal at once, so a state can index itself once).
    mutating func apply(_ changes: [Change])
    /// The journal line `{"change":…,"seq":N}` exactly as `encoder` (sorted keys) writes it, when
    /// the state writes it faster itself; nil: the encoder writes it.
    static func journalLine(seq: Int, change: Change, encoder: JSONEncoder) throws -> Data?
    /// Whether `change` is of the kind saved without an fsync (`save(sync: false)`): only such
    /// lines may follow a line a power loss damaged.
    static func isSavedWithoutSync(_ change: Change) -> Bool
    /// A journal line read faster than the decoder reads it; nil: the decoder reads it (and names
    /// the fault, if there is one).
    static func readJournalLine(_ line: Data) -> (seq: Int, change: Change)?
    /// Moves what the snapshot at `ledger` should not hold into files of its own (written and
    /// fsynced before the snapshot that names them); returns what to do once that snapshot is durable.
    mutating func prepareSnapshot(ledger: URL, durability: Durability) throws -> (() -> Void)?
    /// Opens the files a snapshot read from `ledger` names (those `prepareSnapshot` wrote).
    mutating func attachFiles(ledger: URL) throws
}

extension JournaledState {
    package static func journalLine(seq: Int, change: Change, encoder: JSONEncoder) throws -> Data? { nil }
    package static func isSavedWithoutSync(_ change: Change) -> Bool { false }
    package static func readJournalLine(_ line: Data) -> (seq: Int, change: Change)? { nil }
    package mutating func prepareSnapshot(ledger: URL, durability: Durability) throws -> (() -> Void)? { nil }
    package mutating func attachFiles(ledger: URL) throws {}
}

/// A durable state whose saves cost the size of the change, not of the whole state.
///
/// `NAME.json` is a snapshot written atomically (`Ledger`); `NAME.journal` holds one JSON line per
/// save after it, `{"seq":N,"change":{…}}`, appended and fsynced (or, for the kind of change the
/// state names in `isSavedWithoutSync`, appended and fsynced later). Loading reads the snapshot and
/// applies the journal lines numbered after the snapshot's `journalSeq`. A kill during an append
/// can leave only a torn last line: that save never returned, so the line is dropped (and cut off
/// the file) on the next load. A power loss can also damage a line saved without its fsync while
/// later ones survive; a damaged line followed only by lines of that kind is cut off with them (they
/// were never fsynced, so nothing durable is lost), and one followed by any other line is an
/// error. When the journal outgrows the snapshot (at least 64 KiB), the next
/// save writes a fresh snapshot and removes the journal; a kill between the two leaves journal
/// lines the snapshot already holds, which their numbers skip.
package struct JournaledLedger<State: JournaledState>: Sendable {
    package let snapshot: Ledger<State>
    package let journalURL: URL
    package private(set) var journalBytes = 0
    package private(set) var snapshotBytes = 0
    /// Whether the last refresh that changed the state only folded in appended journal lines: its
    /// records were appended or replaced in place, none removed or moved.
    package private(set) var lastRefreshOnlyAppended = false
    /// Whether a journal line was appended without its fsync since the last one (`save(sync: false)`).
    package private(set) var hasUnsyncedLines = false
    /// The files as this process last read or wrote them: a refresh reloads only when they differ.
    private var stamps: [FileStamp?] = [nil, nil]
    /// The two files' paths, worked out once: `URL.path` decodes the URL on every call, and a
    /// refresh runs before every store operation and every frame's store check.
    private let snapshotPath: String
    private let journalPath: String

    package init(url: URL, durability: Durability) {
        snapshot = Ledger(url: url, durability: durability)
        journalURL = StateLayout.journal(of: url)
        snapshotPath = snapshot.url.path
        journalPath = journalURL.path
    }

    /// The state as last saved, or nil when nothing was saved yet; a torn last line (or damaged
    /// lines `read()` leaves out) is cut off the journal.
    package mutating func load() throws -> State? {
        defer { stamps = currentStamps() }
        let reading = try read()
        guard let state = reading.state else { return nil }
        snapshotBytes = DurableFile.size(atPath: snapshot.url.path) ?? 0
        if reading.usedJournalBytes < reading.journalBytes { try truncateJournal(to: reading.usedJournalBytes) }
        journalBytes = reading.usedJournalBytes
        return state
    }

    /// What the snapshot and the journal hold, read without changing either file (`load` then cuts
    /// what this leaves out): the one parser of the two files.
    package struct Reading {
        /// The snapshot with the journal's changes folded in; nil when nothing was saved yet.
        package var state: State?
        /// The journal's length, and how much of it is the whole lines read (the rest is left out).
        package var journalBytes = 0
        package var usedJournalBytes = 0
        /// The first journal line left out, if any.
        package var droppedLine: DroppedJournalLine?
    }

    /// Reads the state as `load` does, changing no file.
    package func read() throws -> Reading {
        guard var state = try snapshot.load() else {
            if FileManager.default.fileExists(atPath: journalURL.path) {
                throw Ledger<State>.Failure(file: journalURL.path, "a journal without its snapshot \(snapshot.url.lastPathComponent); expected both (delete the journal to start over)")
            }
            return Reading(state: nil)
        }
        try state.attachFiles(ledger: snapshot.url)
        guard let data = FileManager.default.contents(atPath: journalURL.path) else { return Reading(state: state) }
        var good = 0
        var lineNumber = 0
        var changes: [State.Change] = []
        var lastSeq = state.journalSeq ?? 0
        var dropped: DroppedJournalLine?
        var start = data.startIndex
        while start < data.endIndex {
            lineNumber += 1
            guard let newline = Self.newline(in: data, from: start) else {
                // A torn last line: an append a kill cut short, whose save never returned.
                dropped = DroppedJournalLine(path: journalURL.path, lineNumber: lineNumber, isTornLastLine: true,
                                             reason: "no newline at the end of the file")
                break
            }
            let line = data[start..<newline]
            let lineData = Data(line)
            let entry: Entry
            if let fast = State.readJournalLine(lineData) {
                entry = Entry(seq: fast.seq, change: fast.change)
            } else { do {
                entry = try LocatedJSONDecoder().decode(Entry.self, from: lineData)
            } catch {
                let left = DroppedJournalLine(path: journalURL.path, lineNumber: lineNumber, isTornLastLine: false, reason: "\(error)")
                // A torn last line that happens to end the file.
                if data[newline...].dropFirst().isEmpty { dropped = left; break }
                // Damaged by a power loss before its fsync, with only unsynced lines after it: cut.
                if onlyUnsyncedLines(in: data[data.index(after: newline)...]) { dropped = left; break }
                throw Ledger<State>.Failure(file: journalURL.path, line: lineNumber, column: 1, "not a journal line (\(error)); expected {\"seq\":N,\"change\":{…}} written by this simulator")
            } }
            if entry.seq > lastSeq {
                guard entry.seq == lastSeq + 1 else {
                    throw Ledger<State>.Failure(file: journalURL.path, line: lineNumber, column: 1, "change \(entry.seq) follows \(lastSeq); expected \(lastSeq + 1)")
                }
                changes.append(entry.change)
                lastSeq = entry.seq
            }
            start = data.index(after: newline)
            good = data.distance(from: data.startIndex, to: start)
        }
        if !changes.isEmpty {
            state.apply(changes)
            state.journalSeq = lastSeq
        }
        return Reading(state: state, journalBytes: data.count, usedJournalBytes: good, droppedLine: dropped)
    }

    /// The index of the first newline in `data` at or after `start` (memchr: the journal of a long
    /// catch-up is megabytes, and `Data`'s own search goes byte by byte through its subscript).
    private static func newline(in data: Data, from start: Data.Index) -> Data.Index? {
        data.withUnsafeBytes { raw -> Data.Index? in
            let offset = data.distance(from: data.startIndex, to: start)
            guard offset < raw.count, let found = memchr(raw.baseAddress! + offset, 0x0A, raw.count - offset) else { return nil }
            return data.index(data.startIndex, offsetBy: raw.baseAddress!.distance(to: UnsafeRawPointer(found)))
        }
    }

    /// Whether every whole line of `rest` is a change saved without an fsync, or itself damaged.
    private func onlyUnsyncedLines(in rest: Data.SubSequence) -> Bool {
        var start = rest.startIndex
        while start < rest.endIndex, let newline = rest[start...].firstIndex(of: 0x0A) {
            if let entry = try? LocatedJSONDecoder().decode(Entry.self, from: Data(rest[start..<newline])),
               !State.isSavedWithoutSync(entry.change) { return false }
            start = rest.index(after: newline)
        }
        return true
    }

    /// Whether another process saved since this one last loaded or saved (the files changed).
    package func changedOnDisk() -> Bool { currentStamps() != stamps }

    /// Folds in what other processes saved since this one last loaded or saved; true when `state`
    /// changed. Call it holding the state directory's lock, so no save is half done.
    package mutating func refresh(_ state: inout State) throws -> Bool {
        guard changedOnDisk() else { return false }
        if let folded = foldAppendedLines(into: &state) {
            lastRefreshOnlyAppended = true
            return folded
        }
        lastRefreshOnlyAppended = false
        guard let fresh = try load() else { return false }
        guard fresh.journalSeq != state.journalSeq || fresh != state else { return false }
        state = fresh
        return true
    }

    private func currentStamps() -> [FileStamp?] { [FileStamp.of(snapshotPath), FileStamp.of(journalPath)] }

    /// Folds in only the journal lines another process appended since this one last read or wrote
    /// (the snapshot unchanged, the journal the same file and longer): a refresh costs the change,
    /// not the history. Nil, having changed nothing, whenever that is not so or anything in the new
    /// lines is unexpected (a torn or damaged line, a gap in the numbers); `load` then reads both
    /// files whole and says what is wrong.
    private mutating func foldAppendedLines(into state: inout State) -> Bool? {
        let now = currentStamps()
        guard let snapshotNow = now[0], snapshotNow == stamps[0], let journalNow = now[1], snapshotBytes > 0,
              stamps[1].map({ $0.sameFile(as: journalNow) && $0.size == Int64(journalBytes) }) ?? (journalBytes == 0),
              journalNow.size > Int64(journalBytes),
              let handle = FileHandle(forReadingAtPath: journalPath) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(journalBytes))) != nil,
              let data = try? handle.read(upToCount: Int(journalNow.size) - journalBytes), !data.isEmpty,
              data.last == 0x0A else { return nil }
        var changes: [State.Change] = []
        var lastSeq = state.journalSeq ?? 0
        for line in data.split(separator: 0x0A) {
            let lineData = Data(line)
            guard let entry = State.readJournalLine(lineData).map({ Entry(seq: $0.seq, change: $0.change) })
                    ?? (try? LocatedJSONDecoder().decode(Entry.self, from: lineData)) else { return nil }
            guard entry.seq > lastSeq else { continue }
            guard entry.seq == lastSeq + 1 else { return nil }
            changes.append(entry.change)
            lastSeq = entry.seq
        }
        journalBytes += data.count
        stamps = [snapshotNow, journalNow]
        guard !changes.isEmpty else { return false }
        state.apply(changes)
        state.journalSeq = lastSeq
        return true
    }

    /// Saves `state`: its `change` appended to the journal, or a fresh snapshot when there is no
    /// change to describe it (`nil`), no snapshot yet, or the journal has outgrown the snapshot.
    ///
    /// With `sync` false a journal line is written but not fsynced: a kill leaves it, and it is
    /// durable once the journal is next fsynced (the next save with `sync`, `syncJournal()`, or a
    /// save by another process). A snapshot is always fsynced.
    package mutating func save(_ state: inout State, change: State.Change?, sync: Bool = true) throws {
        let seq = (state.journalSeq ?? 0) + 1
        if let change, snapshotBytes > 0, journalBytes < max(64 << 10, snapshotBytes) {
            var line = try encode(Entry(seq: seq, change: change))
            line.append(0x0A)
            hasUnsyncedLines = try !append(line, sync: sync)
            journalBytes += line.count
            state.journalSeq = seq
            stamps = currentStamps()
            return
        }
        state.journalSeq = seq
        let afterSnapshot = try state.prepareSnapshot(ledger: snapshot.url, durability: snapshot.durability)
        try snapshot.save(state)
        afterSnapshot?()
        snapshotBytes = DurableFile.size(atPath: snapshot.url.path) ?? 1
        if FileManager.default.fileExists(atPath: journalURL.path) {
            guard unlink(journalURL.path) == 0 else {
                throw Ledger<State>.Failure(file: journalURL.path, "cannot remove the compacted journal: errno \(errno)")
            }
            do { try DurableFile.syncDirectory(journalURL.deletingLastPathComponent().path, durability: snapshot.durability) }
            catch { throw Ledger<State>.Failure(error) }
        }
        journalBytes = 0
        hasUnsyncedLines = false
        stamps = currentStamps()
    }

    /// Fsyncs the journal when lines were appended to it without (`save(sync: false)`). A journal
    /// another process compacted away is in that process's fsynced snapshot: nothing to do.
    ///
    /// A failed fsync is reported once and not tried again: after one, Linux has dropped the
    /// error along with the pages, and a second fsync would succeed without writing them.
    package mutating func syncJournal() throws {
        guard hasUnsyncedLines else { return }
        hasUnsyncedLines = false
        do { try DurableFile.syncIfPresent(journalURL, durability: snapshot.durability) } catch { throw Ledger<State>.Failure(error) }
    }

    private struct Entry: Codable {
        var seq: Int
        var change: State.Change
    }

    private func encode(_ entry: Entry) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return try State.journalLine(seq: entry.seq, change: entry.change, encoder: encoder) ?? encoder.encode(entry) } catch {
            throw Ledger<State>.Failure(file: journalURL.path, "cannot encode a change: \(error)")
        }
    }

    /// Appends `data` to the journal; false when it still owes its fsync.
    private func append(_ data: Data, sync: Bool) throws -> Bool {
        do { return try DurableFile.append(data, to: journalURL, sync: sync, durability: snapshot.durability) } catch { throw Ledger<State>.Failure(error) }
    }

    private func truncateJournal(to length: Int) throws {
        guard truncate(journalURL.path, off_t(length)) == 0 else {
            throw Ledger<State>.Failure(file: journalURL.path, "cannot cut off a torn last line: errno \(errno)")
        }
    }
}
