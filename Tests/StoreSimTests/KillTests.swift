import Foundation
import PaywallCore
import Testing
import TestSupport
@testable import StoreSim
@testable import TeamServer
#if canImport(Glibc)
import Glibc
#endif

/// Starts the built `store-worker`, SIGKILLs it at random instants and checks the ledger invariants.
@Suite("Durability under kill -9", .serialized)
struct KillTests {
    static let workerBundleID = "com.paywallsim.worker"
    static let workerUser = UUID(uuidString: "6F1C2A3B-0000-4000-8000-00000000C0DE")!

    /// The worker binary of this test run's build.
    static func workerURL() -> URL? { try? BuiltBinary.url(named: "store-worker") }

    /// Runs the worker; kills it after `killAfter` microseconds when given. Returns its acknowledged lines.
    static func run(_ worker: URL, dir: URL, count: Int, seed: UInt64, killAfter: useconds_t?) throws -> [String] {
        let process = Process()
        process.executableURL = worker
        process.arguments = [dir.path, String(count), String(seed)]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        if let killAfter {
            usleep(killAfter)
            kill(process.processIdentifier, SIGKILL)
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if killAfter == nil || process.terminationReason == .exit {
            #expect(process.terminationStatus == 0, "the worker failed instead of being killed")
        }
        // A line cut by the kill has no newline: drop it.
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        lines.removeLast()
        #expect(!lines.contains { $0.hasPrefix("error") }, "worker: \(lines.filter { $0.hasPrefix("error") })")
        return lines
    }

    static func ids(_ lines: [String], _ verb: String) -> [String] {
        lines.filter { $0.hasPrefix(verb + " ") }.map { String($0.dropFirst(verb.count + 1)) }
    }

    /// Opens the state the way a new app process would and checks every invariant against the acknowledgements.
    static func check(dir: URL, purchased: Set<String>, granted: Set<String>, finished: Set<String>) throws {
        let clock = ManualClock(Date(timeIntervalSince1970: 1_780_000_000))
        let catalog = StoreCatalog(products: [], groups: [], settings: StoreSettings(), origin: "kill-test")
        let store = try SimulatedStore(catalog: catalog, stateDirectory: dir, clock: clock, bundleID: workerBundleID)
        let ids = store.allTransactions.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate transaction ids")
        #expect(purchased.isSubset(of: Set(ids)), "an acknowledged purchase is missing")
        let unfinished = Set(store.unfinishedTransactions.map(\.id))
        #expect(finished.isDisjoint(with: unfinished), "an acknowledged finish was lost")
        let backend = try VerificationBackend(stateDirectory: dir, verifier: store.signedDataVerifier, bundleID: workerBundleID,
                                              userAppAccountToken: workerUser, clock: clock)
        let grants = backend.grantedTransactionIDs
        #expect(Set(grants).count == grants.count, "a transaction was granted twice")
        #expect(granted.isSubset(of: Set(grants)), "an acknowledged grant is missing")
        #expect(Set(grants).isSubset(of: Set(ids)), "the backend granted a transaction the store does not have")
    }

    @Test(.enabled(if: BuiltBinary.exists("store-worker"), "store-worker not built; run `swift build --product store-worker` first"))
    func survivesThirtyRandomKills() throws {
        let worker = try #require(Self.workerURL())
        let dir = Fixture.tempDirectory()
        var rng = SeededGenerator(seed: 2026)
        var purchased = Set<String>(), granted = Set<String>(), finished = Set<String>()
        var killedMidRun = 0
        for round in 0..<30 {
            let delay = useconds_t(10_000 + rng.next() % 500_000)
            let lines = try Self.run(worker, dir: dir, count: 400, seed: UInt64(round + 1), killAfter: delay)
            if lines.last != "done" { killedMidRun += 1 }
            purchased.formUnion(Self.ids(lines, "purchased"))
            granted.formUnion(Self.ids(lines, "granted"))
            finished.formUnion(Self.ids(lines, "finished"))
            try Self.check(dir: dir, purchased: purchased, granted: granted, finished: finished)
        }
        #expect(killedMidRun > 20)
        #expect(!purchased.isEmpty)
        // A clean run drains what the kills left: every transaction granted once and finished.
        let lines = try Self.run(worker, dir: dir, count: 0, seed: 1, killAfter: nil)
        #expect(lines.last == "done")
        let clock = ManualClock(Date(timeIntervalSince1970: 1_780_000_000))
        let store = try SimulatedStore(catalog: StoreCatalog(products: [], groups: [], settings: StoreSettings(), origin: "kill-test"),
                                       stateDirectory: dir, clock: clock, bundleID: Self.workerBundleID)
        #expect(store.unfinishedTransactions.isEmpty)
        let backend = try VerificationBackend(stateDirectory: dir, verifier: store.signedDataVerifier, bundleID: Self.workerBundleID,
                                              userAppAccountToken: Self.workerUser, clock: clock)
        #expect(Set(backend.grantedTransactionIDs) == Set(store.allTransactions.map(\.id)))
        #expect(backend.grantedTransactionIDs.count == store.allTransactions.count)
    }
}
