import Foundation
import PaywallFoundation
import StoreKitVocabulary
import StoreSim

/// A state that lives for months: one monthly subscription at `monthlyRenewalEveryThirtySeconds`
/// (a renewal every 30 s), caught up over a week in one jump (20,160 renewals, each at its own
/// instant, written in batches), then what it costs to open the store and show the newest 50
/// transactions or every notification at 1k, 10k and 20k transactions of history.
///
/// The naive way beside the listing is how `store transactions` found each row before the record
/// index: every transaction, its payload looked up by a scan of the ledger (quadratic).
struct CatchUpBench {
    /// Days of the jump (7: 20,160 renewals).
    var days = 7

    static let bundleID = "com.paywallsim.bench"
    static let catalog = StoreCatalog(
        products: [
            StoreProduct(id: "monthly", referenceName: "Monthly", kind: .autoRenewable, price: 4.99,
                         subscription: SubscriptionInfo(groupID: "premium", level: 1, period: BillingPeriod(value: 1, unit: .month))),
        ],
        groups: [SubscriptionGroup(id: "premium", name: "Premium", productIDs: ["monthly"])],
        settings: StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds), origin: "paywall-bench")
    static let start = Date(timeIntervalSince1970: 1_769_763_600) // 2026-01-30T09:00:00Z

    func run(into table: inout BenchTable) throws {
        let dir = ScratchDirectory.unique("paywall-bench-catchup")
        defer { ScratchDirectory.discard(dir) }
        let clock = ManualClock(Self.start)
        let store = try SimulatedStore(catalog: Self.catalog, stateDirectory: dir, clock: clock, seed: 9, bundleID: Self.bundleID)
        _ = store.purchase(productID: "monthly")
        _ = store.takeUpdates()
        // The history lengths to list at: 1k and 10k transactions, then the whole jump.
        var listed: [(Int, Double)] = []
        var jump = (wall: 0.0, cpu: 0.0)
        for stop in [1_000, 10_000, days * 2_880 + 1] {
            clock.set(Self.start.addingTimeInterval(Double(stop - 1) * 30))
            let leg = try Timing.measure {
                try store.process(now: clock.now())
                _ = store.takeUpdates()
            }
            jump = (jump.wall + leg.wall, jump.cpu + leg.cpu)
            listed.append((stop, try listing(dir: dir, clock: clock, into: &table, history: stop)))
        }
        let renewals = Double(days * 2_880)
        let bytes = Double(Self.bytes(in: dir))
        table.add("catch-up: \(days)d at a renewal every 30 s (\(Int(renewals)) renewals, one jump)",
                  String(format: "%.2f s (CPU %.2f s), %.0f µs a renewal", jump.wall, jump.cpu, jump.wall / renewals * 1e6))
        table.record("catchup.jumpSeconds", jump.wall)
        table.add("catch-up: state on disk a renewal (ledger + notifications)", String(format: "%.0f bytes (%.1f MiB in all)", bytes / renewals, bytes / 1_048_576))
        table.record("catchup.bytesPerRenewal", bytes / renewals)
        table.add("catch-up: peak memory (ru_maxrss, the process so far)", String(format: "%.1f MiB", Timing.peakMemoryMiB()))
        table.record("catchup.peakMemory", Timing.peakMemoryMiB())
        // Flat or not: the listing at 10k and 20k against 1k.
        if let first = listed.first?.1, let last = listed.last?.1, first > 0 {
            table.add("catch-up: open + newest 50, \(listed.last!.0) ÷ \(listed.first!.0) transactions", String(format: "%.1f×", last / first))
        }
    }

    /// Opens the store as a `store` command does and shows the newest 50; returns the seconds it took.
    private func listing(dir: URL, clock: ManualClock, into table: inout BenchTable, history: Int) throws -> Double {
        var page = 0
        let open = try Timing.measure {
            let store = try SimulatedStore(catalog: Self.catalog, stateDirectory: dir, clock: clock, seed: 9, bundleID: Self.bundleID)
            page = store.transactionPage(limit: 50).page.count
        }
        var naive = ""
        if history <= 1_000 {
            let store = try SimulatedStore(catalog: Self.catalog, stateDirectory: dir, clock: clock, seed: 9, bundleID: Self.bundleID)
            let seconds = Timing.seconds {
                // Every transaction, each payload found by a scan (the listing before the record index).
                let all = store.allTransactions
                var found = 0
                for transaction in all where all.first(where: { $0.id == transaction.id }) != nil { found += 1 }
                page = max(page, min(found, 50))
            }
            naive = String(format: "%.0f ms", seconds * 1000)
        }
        var notifications = 0
        let notify = try Timing.measure {
            let store = try SimulatedStore(catalog: Self.catalog, stateDirectory: dir, clock: clock, seed: 9, bundleID: Self.bundleID)
            notifications = try store.notifications().count
        }
        table.add("catch-up: open + newest \(page) of \(history) transactions", String(format: "%.0f ms (CPU %.0f ms)", open.wall * 1000, open.cpu * 1000),
                  naive: naive)
        table.record("catchup.list\(history / 1000)k.ms", open.wall * 1000)
        table.add("catch-up: open + read all \(notifications) notifications", String(format: "%.0f ms", notify.wall * 1000))
        table.record("catchup.notifications\(history / 1000)k.ms", notify.wall * 1000)
        return open.wall
    }

    /// Bytes of every file under `dir`.
    static func bytes(in dir: URL) -> Int {
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total = 0
        for case let url as URL in walker { total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }
        return total
    }
}
