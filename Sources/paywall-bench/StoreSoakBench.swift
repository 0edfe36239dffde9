import Foundation
import PaywallCore
import StoreSim

/// A store soak: purchases and renewals with the durable ledger, each posted to the backend and finished.
///
/// The real way keeps the store and backend open and writes each ledger atomically per step. The
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

        init(dir: URL, clock: ManualClock) throws {
            self.dir = dir
            self.clock = clock
            store = try SimulatedStore(catalog: StoreSoakBench.catalog, stateDirectory: dir, clock: clock, seed: 5,
                                       bundleID: StoreSoakBench.bundleID)
            backend = try VerificationBackend(stateDirectory: dir, trustedKeys: store.trustedPublicKeys,
                                              bundleID: StoreSoakBench.bundleID, userAppAccountToken: StoreSoakBench.user, clock: clock)
        }

        func reopen() throws {
            store = try SimulatedStore(catalog: StoreSoakBench.catalog, stateDirectory: dir, clock: clock, seed: 5,
                                       bundleID: StoreSoakBench.bundleID)
            backend = try VerificationBackend(stateDirectory: dir, trustedKeys: store.trustedPublicKeys,
                                              bundleID: StoreSoakBench.bundleID, userAppAccountToken: StoreSoakBench.user, clock: clock)
        }

        /// Posts and finishes one transaction; false if the backend refused it.
        func grant(_ transaction: SignedTransaction) throws -> Bool {
            guard case .verified = backend.post(jws: transaction.jws, appAccountToken: StoreSoakBench.user, offerID: "A") else { return false }
            if store.unfinishedTransactions.contains(where: { $0.id == transaction.id }) { try store.finish(transactionID: transaction.id) }
            return true
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

    /// Runs `count` operations; returns seconds per chunk of `chunk` operations and transactions granted.
    func soak(count: Int, chunk: Int, naive: Bool) throws -> (chunks: [Double], granted: Int, ledgerBytes: Int) {
        let dir = BenchSession.freshDirectory(naive ? "soak-naive" : "soak")
        defer { BenchSession.cleanUp(dir) }
        let stack = try Stack(dir: dir, clock: ManualClock(Date(timeIntervalSince1970: 1_780_000_000)))
        guard case let .success(first, _) = stack.store.purchase(productID: "weekly_9_99", options: StorePurchaseOptions(appAccountToken: Self.user)),
              try stack.grant(first) else { throw BenchError("the soak's first subscription purchase failed") }
        var granted = 1
        var chunks: [Double] = []
        var done = 0
        while done < count {
            let n = min(chunk, count - done)
            chunks.append(try Timing.seconds {
                for i in done..<(done + n) {
                    if naive { try stack.reopen() }
                    granted += try stack.step(i)
                }
            })
            done += n
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("store-ledger.json").path)[.size] as? Int) ?? 0
        return (chunks, granted, bytes ?? 0)
    }

    func run(into table: inout BenchTable) throws {
        let chunk = max(1, min(1000, operations / 10))
        let real = try soak(count: operations, chunk: chunk, naive: false)
        let total = real.chunks.reduce(0, +)
        let firstChunk = real.chunks.first ?? .nan
        let lastChunk = real.chunks.last ?? .nan
        let naiveCount = min(naiveOperations, operations)
        let naive = try soak(count: naiveCount, chunk: naiveCount, naive: true)
        let naiveTotal = naive.chunks.reduce(0, +)
        // Compare at the same ledger sizes: the real run's first `naiveCount` operations.
        let realSame = try soak(count: naiveCount, chunk: naiveCount, naive: false).chunks.reduce(0, +)
        table.add("store soak: \(operations) purchases + renewals, durable ledger (\(real.granted) granted)",
                  String(format: "%.0f ops/s overall (%@ total); first %d: %.0f ops/s, last %d: %.0f ops/s; ledger %.1f MB",
                         Double(operations) / total, Timing.format(total), chunk, Double(chunk) / firstChunk,
                         chunk, Double(chunk) / lastChunk, Double(real.ledgerBytes) / 1e6))
        table.add("store soak, first \(naiveCount) operations",
                  String(format: "%.0f ops/s", Double(naiveCount) / realSame),
                  naive: String(format: "re-read ledgers per operation: %.0f ops/s", Double(naiveCount) / naiveTotal),
                  ratio: BenchTable.ratio(fast: realSame, naive: naiveTotal))
    }
}

/// A benchmark that could not run, with what went wrong.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
