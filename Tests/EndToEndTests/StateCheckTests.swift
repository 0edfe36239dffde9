import ArgumentParser
import Foundation
import PaywallSimCLI
@testable import StoreSim
@testable import TeamServer
import Tapes
import TestSupport
import Testing

/// `paywall-sim debug check-state`'s invariants, in process: a real state directory (a chat and a
/// purchase played by the tape player) passes, and each damage the kill rounds must catch fails
/// with its own line; the check changes no file.
@Suite("debug check-state")
struct StateCheckTests {
    /// Two free chat messages, then a purchase the backend grants and the app finishes, on one day.
    static let tapes = [
        """
        Set Now 2026-01-30T09:00:00Z
        Set Start chat
        Type "one\\n"
        Type "two\\n"
        Sleep 1s
        """,
        """
        Set Now 2026-01-30T10:00:00Z
        Set Start paywall
        Key Enter
        ExpectState purchasing
        Key Enter
        Wait /Welcome to Premium/
        ExpectEntitled yes
        Sleep 2s
        """,
    ]

    /// The state the tapes leave, made once; each test damages its own copy.
    static let played: Result<URL, PlayFailure> = {
        let directory = TestPaths.scratchDirectory("check-state-played")
        for (index, source) in tapes.enumerated() {
            let tape: Tape
            switch TapeLoader().load(source: source, file: "check-state-\(index).tape") {
            case let .success(loaded): tape = loaded
            case let .failure(error): return .failure(PlayFailure(description: "tape \(index): \(error)"))
            }
            let (result, _) = TapePlayer(tape: tape, options: .init(stateDirectory: directory)).play()
            guard result.status == .passed else {
                return .failure(PlayFailure(description: "tape \(index): \(result.failures) \(result.errors)"))
            }
        }
        return .success(directory)
    }()

    /// Why the tapes did not make the state.
    struct PlayFailure: Error, CustomStringConvertible { var description: String }

    /// A copy of the played state in a scratch directory.
    func freshState() throws -> URL {
        let played = try Self.played.get()
        let copy = TestPaths.scratchDirectory("check-state").appendingPathComponent("state")
        try FileManager.default.copyItem(at: played, to: copy)
        return copy
    }

    func check(_ state: URL, previous: StateSummary? = nil, settled: Bool = false) -> StateInvariants.Outcome {
        StateInvariants(previous: previous, settled: settled).check(StateLook(directory: state))
    }

    /// Loads a ledger, changes it and saves it as a fresh snapshot (the journal folded in).
    func change<State: JournaledState>(_ state: URL, _ file: String, _ type: State.Type, _ edit: (inout State) -> Void) throws {
        var ledger = JournaledLedger<State>(url: state.appendingPathComponent(file), durability: .durable)
        var value = try #require(try ledger.load())
        edit(&value)
        try ledger.save(&value, change: nil)
    }

    func changeStore(_ state: URL, _ edit: (inout StoreState) -> Void) throws {
        try change(state, "store/store-ledger.json", StoreState.self, edit)
    }

    func changeBackend(_ state: URL, _ edit: (inout BackendState) -> Void) throws {
        try change(state, "backend/backend-ledger.json", BackendState.self, edit)
    }

    /// Every regular file under `directory` and its bytes.
    func contents(of directory: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walk = FileManager.default.enumerator(atPath: directory.path)
        while let relative = walk?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: directory.appendingPathComponent(relative).path) { files[relative] = data }
        }
        return files
    }

    func firstTransactionID(_ state: URL) throws -> String {
        try #require(StateLook(directory: state).transactions?.first?.payload.transactionId)
    }

    @Test func aPlayedStatePassesAndIsLeftAsItWas() throws {
        let state = try freshState()
        let before = contents(of: state)
        let outcome = check(state, settled: true)
        #expect(outcome.failures == [])
        #expect(outcome.summary.transactions.count >= 1)
        #expect(outcome.summary.unfinished == 0)
        #expect(outcome.summary.grants.sorted() == outcome.summary.transactions.keys.sorted())
        #expect(outcome.summary.quota?.day == "2026-01-30")
        #expect(outcome.summary.quota?.used == 2)
        #expect(outcome.summary.messageEvents == 2)
        // Against its own summary too: nothing went back.
        #expect(check(state, previous: outcome.summary, settled: true).failures == [])
        #expect(contents(of: state) == before)
    }

    @Test func aDuplicatedTransactionIDFails() throws {
        let state = try freshState()
        let id = try firstTransactionID(state)
        try changeStore(state) { $0.records.append($0.records[0]) }
        #expect(check(state).failures == ["duplicate transaction ids in the store ledger: \(id)"])
    }

    @Test func aGrantOfAnUnknownTransactionFails() throws {
        let state = try freshState()
        try changeBackend(state) { $0.grants.append("999999") }
        #expect(check(state).failures == ["granted 999999 is not a transaction the store ledger holds"])
    }

    @Test func aGrantedTwiceFails() throws {
        let state = try freshState()
        let id = try firstTransactionID(state)
        try changeBackend(state) { $0.grants.append(id) }
        #expect(check(state).failures == ["a transaction granted twice: \(id)"])
        #expect(check(state, settled: true).failures.contains("transaction \(id) granted 2 times after a clean launch, expected once"))
    }

    @Test func aFinishedTransactionTheBackendNeverRecordedFails() throws {
        let state = try freshState()
        let id = try firstTransactionID(state)
        try changeBackend(state) { $0.records[id] = nil }
        #expect(check(state).failures == ["transaction \(id) was finished but the backend never recorded it"])
    }

    @Test func aTransactionLostSinceThePreviousLookFails() throws {
        let state = try freshState()
        let id = try firstTransactionID(state)
        let previous = check(state).summary
        try changeStore(state) { $0.records.removeAll { $0.payload.transactionId == id } }
        let failures = check(state, previous: previous).failures
        #expect(failures.contains("transaction \(id) lost since the previous look"))
        #expect(failures.contains("granted \(id) is not a transaction the store ledger holds"))
    }

    @Test func aFinishedTransactionUnfinishedAgainFails() throws {
        let state = try freshState()
        let id = try firstTransactionID(state)
        let previous = check(state).summary
        try changeStore(state) { $0.records[0].finished = false }
        #expect(check(state, previous: previous).failures == ["transaction \(id) was finished and is unfinished again"])
        #expect(check(state, settled: true).failures.first?.hasPrefix("transaction \(id) is still unfinished after a clean launch (PURCHASE, purchased ") == true)
    }

    @Test func aLostGrantFails() throws {
        let state = try freshState()
        let id = try firstTransactionID(state)
        let previous = check(state).summary
        try changeBackend(state) { $0.grants.removeAll { $0 == id } }
        #expect(check(state, previous: previous).failures == ["grant of \(id) lost since the previous look"])
    }

    @Test func aQuotaResetOnTheSameDayFails() throws {
        let state = try freshState()
        let previous = check(state).summary
        try Data(#"{"day":"2026-01-30","used":0}"#.utf8).write(to: state.appendingPathComponent("quota.json"))
        #expect(check(state, previous: previous).failures == [
            "a sent message is not counted: an event says 2 used today, quota.json 0",
            "quota reset on the same day: day 2026-01-30 used 2 -> 0",
        ])
    }

    @Test func aQuotaDayMovedBackFails() throws {
        let state = try freshState()
        var previous = check(state).summary
        previous.quota = .init(day: "2026-02-01", used: 1)
        #expect(check(state, previous: previous).failures == ["quota day went back: 2026-02-01 -> 2026-01-30"])
    }

    @Test func fewerMessageEventsFail() throws {
        let state = try freshState()
        var previous = check(state).summary
        previous.messageEvents = 5
        let outcome = check(state, previous: previous)
        #expect(outcome.failures == ["message events went back from 5 to 2"])
        #expect(outcome.summary.messageEvents == 5)
    }

    @Test func aHalfWrittenEventLineFails() throws {
        let state = try freshState()
        let events = state.appendingPathComponent("events.jsonl")
        let handle = try FileHandle(forWritingTo: events)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"name":"message_se"#.utf8))
        try handle.close()
        let failures = check(state).failures
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(events.path + ":") == true, "\(failures)")
    }

    @Test func aHalfWrittenJSONFileFails() throws {
        let state = try freshState()
        let file = state.appendingPathComponent("paywall-views.json")
        let whole = try #require(FileManager.default.contents(atPath: file.path))
        try whole.prefix(whole.count / 2).write(to: file)
        let failures = check(state).failures
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(file.path + ":") == true, "\(failures)")
        #expect(failures.first?.hasSuffix("not valid JSON (half-written?)") == true, "\(failures)")
    }

    /// A journal of two changes after the snapshot: the first record again, then `second`.
    func journalTwoChanges(_ state: URL, second: (StoreState) -> StoreState.Change) throws -> URL {
        var ledger = JournaledLedger<StoreState>(url: state.appendingPathComponent("store/store-ledger.json"), durability: .durable)
        var value = try #require(try ledger.load())
        try ledger.save(&value, change: nil) // a fresh snapshot, no journal
        let id = value.records[0].payload.transactionId
        try ledger.save(&value, change: value.change(dirty: [id]))
        try ledger.save(&value, change: second(value))
        return ledger.journalURL
    }

    /// Cuts the journal's first line in half, keeping its newline.
    func halveFirstLine(_ journal: URL) throws {
        let data = try #require(FileManager.default.contents(atPath: journal.path))
        let newline = try #require(data.firstIndex(of: 0x0A))
        try (data[..<(newline / 2)] + data[newline...]).write(to: journal)
    }

    @Test func aHalfWrittenLineInTheMiddleOfAJournalFails() throws {
        let state = try freshState()
        let journal = try journalTwoChanges(state) { $0.change(dirty: [$0.records[0].payload.transactionId]) }
        try halveFirstLine(journal)
        let failures = check(state).failures
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(journal.path + ":1:1: not a journal line") == true, "\(failures)")
    }

    @Test func aHalfWrittenLineBeforeOnlyFinishLinesFailsAndIsNotCut() throws {
        // The store would cut it with the finish after it (a power loss can explain that, a kill cannot).
        let state = try freshState()
        let journal = try journalTwoChanges(state) { value in
            var finish = value.change(dirty: [])
            finish.finished = [value.records[0].payload.transactionId]
            return finish
        }
        try halveFirstLine(journal)
        let before = try #require(FileManager.default.contents(atPath: journal.path))
        let failures = check(state).failures
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(journal.path + ":1:1: not a journal line") == true, "\(failures)")
        #expect(failures.first?.hasSuffix("only a torn last line may be left out") == true, "\(failures)")
        #expect(FileManager.default.contents(atPath: journal.path) == before)
    }

    @Test func aTornLastJournalLineIsAcceptedAndLeftAsItIs() throws {
        let state = try freshState()
        let journal = try journalTwoChanges(state) { $0.change(dirty: [$0.records[0].payload.transactionId]) }
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"change":{"head":{"nextReq"#.utf8))
        try handle.close()
        let before = try #require(FileManager.default.contents(atPath: journal.path))
        #expect(check(state, settled: true).failures == [])
        #expect(FileManager.default.contents(atPath: journal.path) == before)
    }

    @Test func aDamagedLastLineWithItsNewlineFails() throws {
        let state = try freshState()
        let journal = try journalTwoChanges(state) { $0.change(dirty: [$0.records[0].payload.transactionId]) }
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"change\":\n".utf8))
        try handle.close()
        let failures = check(state).failures
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(journal.path + ":3:1: not a journal line") == true, "\(failures)")
    }

    @Test func theCommandRecordsAndComparesItsSummary() throws {
        let state = try freshState()
        let record = TestPaths.scratchDirectory("check-state-record").appendingPathComponent("summary.json")
        try StateCheckCommand.parse([state.path, "--record", record.path]).run()
        #expect(try StateSummary.load(from: record) == check(state).summary)
        try StateCheckCommand.parse([state.path, "--previous", record.path, "--record", record.path, "--settled"]).run()

        try changeStore(state) { $0.records.removeAll() }
        let after = try StateCheckCommand.parse([state.path, "--previous", record.path])
        #expect(throws: ExitCode(1)) { try after.run() }
    }

    @Test func theCommandRefusesAMissingDirectoryOrPreviousWithStatus2() throws {
        let scratch = TestPaths.scratchDirectory("check-state-usage")
        let missing = scratch.appendingPathComponent("nope")
        for arguments in [[missing.path], [], [scratch.path, "--previous", scratch.appendingPathComponent("none.json").path]] {
            let command = try StateCheckCommand.parse(arguments)
            #expect(throws: ExitCode(2), "\(arguments)") { try command.run() }
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
