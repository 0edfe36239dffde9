import Foundation
import TestSupport
import Testing
@testable import StoreSim

/// A list of numbers journaled one append at a time (a stand-in for the store and backend states).
struct NumbersState: JournaledState, Equatable {
    var numbers: [Int] = []
    var journalSeq: Int?
    struct Change: Codable { var added: [Int] }
    mutating func apply(_ changes: [Change]) { for change in changes { numbers += change.added } }
}

@Suite("Journaled ledger: snapshot plus appended changes")
struct JournaledLedgerTests {
    static func directory() -> URL {
        let url = TestPaths.scratchDirectory("journal")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Saves 1…count one change at a time; returns the ledger and the state as saved.
    static func fill(_ url: URL, count: Int) throws -> (JournaledLedger<NumbersState>, NumbersState) {
        var ledger = JournaledLedger<NumbersState>(url: url, durability: .durable)
        var state = try ledger.load() ?? NumbersState()
        try ledger.save(&state, change: nil) // the first save is a snapshot
        for n in 1...count {
            state.numbers.append(n)
            try ledger.save(&state, change: .init(added: [n]))
        }
        return (ledger, state)
    }

    @Test func changesAreAppendedAndReadBack() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        let (_, saved) = try Self.fill(url, count: 50)
        #expect(FileManager.default.fileExists(atPath: url.deletingPathExtension().appendingPathExtension("journal").path))
        var reopened = JournaledLedger<NumbersState>(url: url, durability: .durable)
        let loaded = try #require(try reopened.load())
        #expect(loaded.numbers == Array(1...50))
        #expect(loaded == saved)
        let snapshot = try #require(try Ledger<NumbersState>(url: url, durability: .durable).load())
        #expect(snapshot.numbers.isEmpty, "the snapshot was not rewritten for each change")
    }

    @Test func aTornLastLineIsDroppedAndCutOff() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        _ = try Self.fill(url, count: 3)
        let journal = url.deletingPathExtension().appendingPathExtension("journal")
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"change":{"added":[4]},"se"#.utf8)) // a kill mid-append
        try handle.close()
        var ledger = JournaledLedger<NumbersState>(url: url, durability: .durable)
        var state = try #require(try ledger.load())
        #expect(state.numbers == [1, 2, 3])
        state.numbers.append(5)
        try ledger.save(&state, change: .init(added: [5]))
        var again = JournaledLedger<NumbersState>(url: url, durability: .durable)
        #expect(try again.load()?.numbers == [1, 2, 3, 5], "the next append follows the last whole line")
    }

    @Test func aBrokenMiddleLineIsRefusedWithFileAndLine() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        _ = try Self.fill(url, count: 3)
        let journal = url.deletingPathExtension().appendingPathExtension("journal")
        var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = "{ not json"
        try (lines.joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
        var ledger = JournaledLedger<NumbersState>(url: url, durability: .durable)
        #expect { _ = try ledger.load() } throws: { "\($0)".contains("numbers.journal:2:1") }
    }

    @Test func theJournalIsCompactedIntoASnapshotWhenItOutgrowsIt() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        let (_, saved) = try Self.fill(url, count: 5_000) // over 64 KiB of journal lines
        let journal = url.deletingPathExtension().appendingPathExtension("journal")
        let journalSize = (try? FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int) ?? 0
        #expect(journalSize < 70_000, "compaction keeps the journal near the threshold")
        let snapshot = try #require(try Ledger<NumbersState>(url: url, durability: .durable).load())
        #expect(snapshot.numbers.count > 1_000, "older changes were folded into the snapshot")
        var reopened = JournaledLedger<NumbersState>(url: url, durability: .durable)
        #expect(try reopened.load() == saved)
    }

    @Test func linesTheSnapshotAlreadyHoldsAreSkipped() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        let (_, saved) = try Self.fill(url, count: 4)
        // A kill after a compaction's snapshot and before the journal was removed.
        try Ledger<NumbersState>(url: url, durability: .durable).save(saved)
        var ledger = JournaledLedger<NumbersState>(url: url, durability: .durable)
        #expect(try ledger.load()?.numbers == [1, 2, 3, 4], "no change is applied twice")
    }

    /// A process that shares the ledger folds in only the lines another appended since it last
    /// read: the same state a fresh load gives. A compaction (a new snapshot) and a damaged new
    /// line are read whole, and the damage is named as a load names it.
    @Test func aRefreshFoldsInOnlyTheAppendedLines() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        var (writer, written) = try Self.fill(url, count: 3)
        var reader = JournaledLedger<NumbersState>(url: url, durability: .durable)
        var read = try #require(try reader.load())
        for n in 4...6 {
            written.numbers.append(n)
            try writer.save(&written, change: .init(added: [n]))
        }
        #expect(try reader.refresh(&read))
        #expect(reader.lastRefreshOnlyAppended, "only the three new lines were read")
        #expect(read == written)
        #expect(try !reader.refresh(&read), "nothing new")
        // The reader saves too, then reads the writer's next line after its own.
        read.numbers.append(7)
        try reader.save(&read, change: .init(added: [7]))
        #expect(try writer.refresh(&written) && writer.lastRefreshOnlyAppended && written == read)
        written.numbers.append(8)
        try writer.save(&written, change: .init(added: [8]))
        #expect(try reader.refresh(&read) && reader.lastRefreshOnlyAppended && read.numbers == Array(1...8))
        // A compaction writes a new snapshot: read whole.
        written.numbers.append(9)
        try writer.save(&written, change: nil)
        #expect(try reader.refresh(&read))
        #expect(!reader.lastRefreshOnlyAppended && read == written)
        // A damaged new line is not folded in: the whole read names it.
        written.numbers.append(10)
        try writer.save(&written, change: .init(added: [10]))
        let journal = url.deletingPathExtension().appendingPathExtension("journal")
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{ not json\n".utf8))
        try handle.write(contentsOf: Data(#"{"change":{"added":[11]},"seq":99}"#.utf8 + [0x0A]))
        try handle.close()
        #expect { _ = try reader.refresh(&read) } throws: { "\($0)".contains("numbers.journal:2:1") }
    }

    @Test func aJournalWithoutItsSnapshotIsRefused() throws {
        let url = Self.directory().appendingPathComponent("numbers.json")
        _ = try Self.fill(url, count: 2)
        try FileManager.default.removeItem(at: url)
        var ledger = JournaledLedger<NumbersState>(url: url, durability: .durable)
        #expect { _ = try ledger.load() } throws: { "\($0)".contains("a journal without its snapshot") }
    }
}

@Suite("Ledgers and tokens that would crash Foundation")
struct LedgerTrapTests {
    static let trap = Data(repeating: UInt8(ascii: "["), count: 513)

    @Test func aLedgerOfDeepBracketsIsRefusedWithItsPath() throws {
        let url = JournaledLedgerTests.directory().appendingPathComponent("store-ledger.json")
        try Self.trap.write(to: url)
        #expect { _ = try Ledger<NumbersState>(url: url, durability: .durable).load() } throws: { "\($0)".contains(url.path + ":1:") }
    }

    @Test func aJWSHeaderOfDeepBracketsIsMalformed() {
        let header = Self.trap.base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        #expect(throws: CompactJWS.Failure.self) { _ = try CompactJWS.decodeUnverified("\(header).e30.sig") }
    }
}
