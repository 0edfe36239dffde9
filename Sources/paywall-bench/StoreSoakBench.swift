import Foundation
import PaywallCore
import StoreSim
import TeamServer
import PaywallFoundation

/// A store soak: purchases and renewals with the durable ledger, each posted to the backend and finished.
///
/// The real way keeps the store and backend open and journals each step (a fsynced line per save,
/// a snapshot when the journal outgrows it). The
/// naive way also re-reads both ledgers from disk before every operation (a fresh store and backend).
struct StoreSoakBench {
    var operations: Int
    var naiveOperations: Int

    static let user = UUID(uuidString: "B3B3B3B3-0000-4000-8000-00000000BE4C") ?? UUID()
    static let bundleID = "com.paywallsim.bench"
    static let catalog = StoreCatalog(
        products: [
            StoreProduct(id: "coins_100", referenceName: "Coins", kind: .consumable, price: 0.99),
            StoreProduct(id: "weekly_9_99", referenceName: "Weekly", kind: .autoRenewable, price: 9.99,
                         subscription: SubscriptionInfo(groupID: "premium", level: 1, period: BillingPeriod(value: 1, unit: .week))),
        ],
        groups: [SubscriptionGroup(id: "premium", name: "Premium", productIDs: ["weekly_9_99"])],
        settings: StoreSettings(timeRate: .oneRenewalEveryTwoSeconds), origin: "paywall-bench")

    /// Opens the store and backend in `dir`.
    final class Stack {
        let clock: ManualClock
        var store: SimulatedStore
        var backend: VerificationBackend
        let dir: URL
        /// Counts the store's and the backend's fsyncs.
        let syncs = SyncCounter()

        init(dir: URL, clock: ManualClock) throws {
            self.dir = dir
            self.clock = clock
            (store, backend) = try Self.open(dir, clock: clock, durability: .durable.counting(syncs))
        }

        func reopen() throws {
            (store, backend) = try Self.open(dir, clock: clock, durability: .durable.counting(syncs))
        }

        private static func open(_ dir: URL, clock: ManualClock, durability: Durability) throws -> (SimulatedStore, VerificationBackend) {
            let store = try SimulatedStore(catalog: StoreSoakBench.catalog, stateDirectory: dir, clock: clock, seed: 5,
                                           bundleID: StoreSoakBench.bundleID, durability: durability)
            let backend = try VerificationBackend(stateDirectory: dir, verifier: store.signedDataVerifier, bundleID: StoreSoakBench.bundleID,
                                                  userAppAccountToken: StoreSoakBench.user, clock: clock, durability: durability)
            return (store, backend)
        }

        /// Posts and finishes one transaction; false if the backend refused it.
        func grant(_ transaction: SignedTransaction) throws -> Bool {
            guard case .verified = backend.post(jws: transaction.jws, appAccountToken: StoreSoakBench.user, offerID: "A") else { return false }
            try store.finish(transactionID: transaction.id) // a finished one is left as it is
            return true
        }

        /// The subscription the odd steps renew, bought and granted.
        func start() throws {
            guard case let .success(first, _) = store.purchase(productID: "weekly_9_99", options: StorePurchaseOptions(appAccountToken: StoreSoakBench.user)),
                  try grant(first) else { throw BenchError("the soak's first subscription purchase failed") }
        }

        /// Even steps buy coins, odd steps let one renewal period pass; returns transactions granted.
        func step(_ i: Int) throws -> Int {
            if i % 2 == 0 {
                guard case let .success(t, _) = store.purchase(productID: "coins_100", options: StorePurchaseOptions(appAccountToken: StoreSoakBench.user))
                else { return 0 }
                return try grant(t) ? 1 : 0
            }
            clock.advance(by: 2)
            try store.process(now: clock.now())
            var granted = 0
            for update in store.takeUpdates() { if let t = update.transaction, try grant(t) { granted += 1 } }
            return granted
        }
    }

    /// Runs `count` operations on one fresh ledger; returns (wall, cpu) per chunk of `chunk` operations.
    func soak(count: Int, chunk: Int, naive: Bool) throws -> (chunks: [(wall: Double, cpu: Double)], granted: Int, ledgerBytes: Int, syncs: Int) {
        let dir = BenchSession.freshDirectory(naive ? "soak-naive" : "soak")
        defer { BenchSession.cleanUp(dir) }
        let stack = try Stack(dir: dir, clock: ManualClock(Date(timeIntervalSince1970: 1_780_000_000)))
        try stack.start()
        stack.syncs.reset()
        var granted = 1
        var chunks: [(wall: Double, cpu: Double)] = []
        var done = 0
        while done < count {
            let n = min(chunk, count - done)
            chunks.append(try Timing.measure {
                for i in done..<(done + n) {
                    if naive { try stack.reopen() }
                    granted += try stack.step(i)
                }
                // The last finish of the chunk made durable, as an app's flush or a command's end makes it.
                try stack.store.syncFinishes()
            })
            done += n
        }
        let ledgers = [StateLayout.Store(folder: dir).ledger, StateLayout.Backend(folder: dir).ledger]
        let bytes = ledgers.flatMap { [$0, StateLayout.journal(of: $0)] }.reduce(0) { total, url in
            total + (DurableFile.size(atPath: url.path) ?? 0)
        }
        return (chunks, granted, bytes, stack.syncs.count)
    }

    /// The disk's floor for a sequential durable operation: `perOperation` fsynced appends of 1 KiB
    /// (one file each) and nothing else, `count` times; operations per second of wall time.
    func durableFloor(count: Int, perOperation: Int) throws -> Double {
        let dir = BenchSession.freshDirectory("floor")
        defer { BenchSession.cleanUp(dir) }
        let files = (0..<perOperation).map { dir.appendingPathComponent("file-\($0).journal") }
        let line = Data(repeating: UInt8(ascii: "x"), count: 1023) + Data([0x0A])
        let time = try Timing.measure {
            for _ in 0..<count { for file in files { try DurableFile.append(line, to: file, durability: .durable) } }
        }
        return Double(count) / time.wall
    }

    /// Ledgers of `perLedger` operations until `operations` are done (one user's state directory each).
    func run(perLedger: Int, into table: inout BenchTable) throws {
        let perLedger = min(perLedger, max(1, operations)) // a soak shorter than one ledger is one ledger of its length
        let ledgers = max(1, (operations + perLedger - 1) / perLedger)
        let chunk = max(1, perLedger / 10)
        var wall = 0.0, cpu = 0.0, granted = 0, firstCPU = 0.0, lastCPU = 0.0, bytes = 0, syncs = 0
        for l in 0..<ledgers {
            let count = min(perLedger, operations - l * perLedger)
            let run = try soak(count: count, chunk: chunk, naive: false)
            wall += run.chunks.reduce(0) { $0 + $1.wall }
            cpu += run.chunks.reduce(0) { $0 + $1.cpu }
            firstCPU += (run.chunks.first?.cpu ?? 0) / Double(ledgers)
            lastCPU += (run.chunks.last?.cpu ?? 0) / Double(ledgers)
            granted += run.granted
            bytes = max(bytes, run.ledgerBytes)
            syncs += run.syncs
        }
        table.record("soak.lastToFirst", firstCPU > 0 ? lastCPU / firstCPU : .nan)
        table.record("soak.fsyncsPerOp", Double(syncs) / Double(operations))
        table.add("store soak: \(operations) purchases + renewals, durable ledger, \(ledgers) ledger(s) of \(perLedger) ops (\(granted) granted)",
                  String(format: "%.0f ops/s wall (%@), %.1f ms CPU/op, %.2f fsyncs/op; CPU/op first %d ops %.1f ms, last %d ops %.1f ms; store and backend ledgers and journals %.2f MB at the end",
                         Double(operations) / wall, Timing.format(wall), cpu * 1000 / Double(operations), Double(syncs) / Double(operations),
                         chunk, firstCPU * 1000 / Double(chunk), chunk, lastCPU * 1000 / Double(chunk), Double(bytes) / 1e6))
        // What the disk allows one operation after another, whatever the code: the fsyncs an
        // operation must wait for before it is acknowledged, and nothing else.
        let floorCount = min(2_000, max(operations, 100))
        let two = try durableFloor(count: floorCount, perOperation: 2)
        let three = try durableFloor(count: floorCount, perOperation: 3)
        table.add("the disk's floor for the soak: \(floorCount) operations of fsynced 1 KiB appends alone, one after another",
                  String(format: "2 per operation (the store's transaction, the backend's grant): %.0f ops/s; 3 (and the transaction's notification): %.0f ops/s", two, three))
        // The soak's wall time an operation ÷ the disk's for its fsyncs alone (3 an operation):
        // printed, not budgeted; the soak is bound by its CPU here (its budget is instructions).
        table.add("store soak ÷ the disk's floor (3 fsynced appends an operation)", String(format: "%.2f×", wall / Double(operations) * three))
    }

    func run(into table: inout BenchTable, perLedger: Int) throws {
        try run(perLedger: perLedger, into: &table)
        // Before the naive comparison below, whose fresh stores and backends reach their own peak.
        table.add("peak memory (ru_maxrss) when the soak ends (the process so far)", String(format: "%.1f MiB", Timing.peakMemoryMiB()))
        table.record("soak.peakMemory", Timing.peakMemoryMiB())
        let naiveCount = min(naiveOperations, operations)
        let naive = try soak(count: naiveCount, chunk: naiveCount, naive: true).chunks
        let real = try soak(count: naiveCount, chunk: naiveCount, naive: false).chunks
        let naiveCPU = naive.reduce(0) { $0 + $1.cpu }, realCPU = real.reduce(0) { $0 + $1.cpu }
        table.add("store soak, \(naiveCount) operations on one ledger",
                  String(format: "%.1f ms CPU/op (%.0f ops/s wall)", realCPU * 1000 / Double(naiveCount), Double(naiveCount) / real.reduce(0) { $0 + $1.wall }),
                  naive: String(format: "re-read both ledgers before every operation: %.1f ms CPU/op (%.0f ops/s wall)",
                                naiveCPU * 1000 / Double(naiveCount), Double(naiveCount) / naive.reduce(0) { $0 + $1.wall }),
                  ratio: BenchTable.ratio(fast: realCPU, naive: naiveCPU) + " CPU")
    }
}

/// A benchmark that could not run, with what went wrong.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
