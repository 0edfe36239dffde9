import Foundation
import PaywallFoundation
import PaywallCore
import SimRuntime
import StoreSim

/// A state that lives for months, measured as a user runs it: whole `paywall-sim store` processes
/// on one state directory. A monthly subscription at `monthlyRenewalEveryThirtySeconds` (fixture
/// 05, `_timeRate` 15: a renewal every 30 s) is caught up with `store advance … --yes` to 1k, 10k
/// and 20,161 transactions (a week, 20,160 renewals, each at its own instant); at each length the
/// listing commands run: `store transactions --json --limit 50`, `store notifications`,
/// `store entitlements`. The naive way beside the listing is the whole list (`--limit 0`: every
/// transaction's JWS made and verified), as `store transactions` printed it before it paged.
/// `serve`'s notification history page is measured in process, on a store opened on the state:
/// its first page reads every line's metadata (what each request cost before the store kept it),
/// a later page only what was appended since.
///
/// The week's advance is set against its signing floor, three ES256 signatures a renewal (its
/// transaction, renewal info and notification) with the signer paywall-sim links, measured in the
/// same run: in CPU time (`ratio.catchUpToSigning`, which moves with the machine's load: 3.7× quiet,
/// 5–6× beside other builds) and in instructions (`ratio.catchUpToSigningCount`, the issue's ≤ 4×,
/// which does not): callgrind counts 400 renewals of one advance in process
/// (`Workload.advance`, through `StateWorkspace.Command.advance` as `paywall-sim store advance`
/// runs it) and 200 signatures of 1 KiB (`Workload.sign`), each inside `counted` only.
struct CatchUpBench {
    /// Days of the jump (7: 20,160 renewals).
    var days = 7
    /// With `--long`, a last leg on to this many transactions (100,000), its listing rows and the
    /// ratio of its listing to 1k's; the jump's budgets stay the week's.
    var longest: Int?
    var catalog = CatchUpBench.catalog
    /// Counts the listing commands' instructions at each length, for the ratios to the first
    /// length's (nil: valgrind is not there, and the ratios are not made).
    var counter: InstructionCounter?

    struct Failed: Error, CustomStringConvertible { var description: String }

    func run(into table: inout BenchTable) throws {
        guard let binary = ProcessBench.simulatorBinary() else { throw Failed(description: "no paywall-sim beside paywall-bench (swift build -c release)") }
        guard FileManager.default.fileExists(atPath: catalog) else { throw Failed(description: "\(catalog): run paywall-bench from the package root") }
        let dir = ScratchDirectory.unique("paywall-bench-catchup")
        defer { ScratchDirectory.discard(dir) }
        func store(_ arguments: [String], in state: URL = dir) throws -> (wall: Double, cpu: Double, peakMiB: Double) {
            guard let figures = ProcessBench.spawnMeasured(binary, ["store"] + arguments + ["--state", state.path, "--storekit", catalog]) else {
                throw Failed(description: "paywall-sim store \(arguments.joined(separator: " ")) failed")
            }
            return figures
        }
        _ = try store(["buy", "com.coffic.netto.monthly", "--now", "2026-01-30T09:00:00Z"])
        var jump = (wall: 0.0, cpu: 0.0, peakMiB: 0.0)
        var done = 0
        var listings: [Double] = []
        // Instructions of each listing at each length counted (1k, the week, and `--long`'s last).
        var counts: [ListingCounts] = []
        // The state on disk after the week (a `--long` leg goes on past it).
        var bytes = 0.0
        let week = days * 2_880
        for stop in [1_000, 10_000, week] + (longest.map { $0 > week ? [$0] : [] } ?? []) {
            let leg = try store(["advance", "\((stop - done) * 30)s", "--yes"])
            done = stop
            if stop <= week {
                jump = (jump.wall + leg.wall, jump.cpu + leg.cpu, max(jump.peakMiB, leg.peakMiB))
            } else {
                table.add("catch-up: store advance on to \(stop) transactions (\(stop - week) renewals more)",
                          String(format: "%.2f s (CPU %.2f s), %.0f µs a renewal, peak %.1f MiB", leg.wall, leg.cpu,
                                 leg.wall / Double(stop - week) * 1e6, leg.peakMiB))
            }
            let page = try store(["transactions", "--json", "--limit", "50"])
            let whole = stop <= 10_000 ? try store(["transactions", "--json", "--limit", "0"]) : nil
            let notifications = try store(["notifications"])
            let entitlements = try store(["entitlements"])
            let length = "\(stop + 1) transactions"
            table.add("catch-up: store transactions --json --limit 50, \(length)", Self.text(page),
                      naive: whole.map(Self.text) ?? "", ratio: whole.map { String(format: "%.1f×", $0.wall / page.wall) } ?? "")
            table.add("catch-up: store notifications (newest 50), \(length)", Self.text(notifications))
            table.add("catch-up: store entitlements, \(length)", Self.text(entitlements))
            // Timed in this process up to the week only: a store opened here on 100k transactions
            // would set this process's peak memory, which the soak's budget reads later. The
            // counts below measure every length, each in a process of its own.
            if stop <= week {
                let history = try historyPages(in: dir)
                table.add("catch-up: serve's notification history page, \(length)", String(format: "%.1f ms", history.kept * 1000),
                          naive: String(format: "%.0f ms (every line's metadata read)", history.first * 1000), ratio: String(format: "%.0f×", history.first / history.kept))
            }
            listings.append(page.wall)
            if let counter, stop != 10_000 { counts.append(try ListingCounts(length: stop, in: dir, catalog: catalog, binary: binary, counter: counter)) }
            if stop == week { bytes = Double(Self.bytes(in: dir)) }
        }
        let renewals = Double(week)
        table.add("catch-up: store advance to \(days)d at a renewal every 30 s (\(Int(renewals)) renewals, 3 legs)",
                  String(format: "%.2f s (CPU %.2f s), %.0f µs a renewal, peak %.1f MiB", jump.wall, jump.cpu, jump.wall / renewals * 1e6, jump.peakMiB))
        // The issue's figure: the whole week in one process, on a state of its own.
        let single = ScratchDirectory.unique("paywall-bench-week")
        defer { ScratchDirectory.discard(single) }
        _ = try store(["buy", "com.coffic.netto.monthly", "--now", "2026-01-30T09:00:00Z"], in: single)
        let whole = try store(["advance", "\(days)d", "--yes"], in: single)
        table.add("catch-up: one store advance \(days)d (\(Int(renewals)) renewals in one process)",
                  String(format: "%.2f s (CPU %.2f s), %.0f µs a renewal, peak %.1f MiB", whole.wall, whole.cpu, whole.wall / renewals * 1e6, whole.peakMiB))
        // The floor: three ES256 signatures a renewal (its transaction, its renewal info, its
        // notification), measured now with the signer paywall-sim links.
        let floor = SigningFloor.measure()
        let floorSeconds = 3 * renewals * floor.wall
        // On CPU time (the advance also waits for its fsyncs, the disk's time): it moves with what
        // else the machine runs (3.7× quiet, 5–6× beside other builds), but it sees the kernel's
        // side of the writes, which the instruction count below does not.
        table.record("ratio.catchUpToSigning", whole.cpu / (3 * renewals * floor.cpu))
        table.add("catch-up: that advance ÷ its signing floor (3 ES256 signatures a renewal: \(Int(3 * renewals)) × \(Timing.format(floor.wall)), measured now)",
                  String(format: "CPU %.1f× (wall %.1f×)", whole.cpu / (3 * renewals * floor.cpu), whole.wall / floorSeconds),
                  naive: String(format: "the floor: %.2f s%@", floorSeconds, SigningFloor.openSSL().map { String(format: "; openssl speed ecdsap256 signs %.0f a second here", $0) } ?? ""))
        // The same ratio in instructions, which do not move with load: a renewal of `store advance`
        // ÷ three signatures, each counted by callgrind in a process of its own.
        if let counter {
            let advance = try advanceInstructions(binary: binary, counter: counter)
            table.record("ratio.catchUpToSigningCount", advance.renewal / (3 * advance.signature))
            table.add("catch-up, instructions: a renewal of store advance ÷ its signing floor (3 ES256 signatures a renewal, \(Self.countedRenewals) renewals counted)",
                      String(format: "%.2f× (%@ a renewal)", advance.renewal / (3 * advance.signature), CountBench.format(advance.renewal)),
                      naive: "the floor: 3 × \(CountBench.format(advance.signature)) (one signature of 1 KiB)")
        }
        table.record("catchup.peakMemory", whole.peakMiB)
        table.add("catch-up: state on disk a renewal (ledger + notifications)", String(format: "%.0f bytes (%.1f MiB in all)", bytes / renewals, bytes / 1_048_576))
        table.record("catchup.bytesPerRenewal", bytes / renewals)
        if let first = counts.first {
            for later in counts.dropFirst() {
                let name = "\(later.length / 1000)k"
                let ratios = [later.list / first.list, later.notifications / first.notifications, later.entitlements / first.entitlements, later.history / first.history]
                for (figure, ratio) in zip(["list", "notifications", "entitlements", "history"], ratios) {
                    table.record("ratio.\(figure)\(later.length > week ? "Long" : "Week")To1k", ratio)
                }
                table.add("catch-up, instructions at \(later.length + 1) transactions ÷ at \(first.length + 1) (flat is 1×)",
                          String(format: "store transactions --limit 50 %.2f×, store notifications %.2f×, store entitlements %.2f×, a later history page %.2f×", ratios[0], ratios[1], ratios[2], ratios[3]),
                          naive: "at \(name): \(CountBench.format(later.list)), \(CountBench.format(later.notifications)), \(CountBench.format(later.entitlements)), \(CountBench.format(later.history))")
            }
        }
        if let first = listings.first, first > 0 {
            table.add("catch-up: store transactions --limit 50 at 20k ÷ at 1k", String(format: "%.1f× (flat would be 1×)", listings[min(2, listings.count - 1)] / first))
            if listings.count > 3, let last = listings.last {
                table.add("catch-up: store transactions --limit 50 at \(longest.map { $0 / 1000 } ?? 0)k ÷ at 1k", String(format: "%.1f× (flat would be 1×)", last / first))
            }
        }
    }

    /// Instructions of one renewal of `store advance` (a fresh state, a monthly subscription
    /// bought, then `countedRenewals` renewals in one advance: `Workload.advance`) and of one ES256
    /// signature of 1 KiB (`Workload.sign`).
    func advanceInstructions(binary: String, counter: InstructionCounter) throws -> (renewal: Double, signature: Double) {
        let state = ScratchDirectory.unique("paywall-bench-advance-count")
        defer { ScratchDirectory.discard(state) }
        guard ProcessBench.spawnMeasured(binary, ["store", "buy", "com.coffic.netto.monthly", "--now", "2026-01-30T09:00:00Z",
                                                  "--state", state.path, "--storekit", catalog]) != nil else {
            throw Failed(description: "paywall-sim store buy com.coffic.netto.monthly failed")
        }
        let bench = CommandLine.arguments[0]
        let renewal = try counter.perUnit(bench, .advance, units: Self.countedRenewals, tape: BenchOptions.defaultTape, state: state)
        let signature = try counter.perUnit(bench, .sign, units: 200, tape: BenchOptions.defaultTape)
        return (renewal, signature)
    }

    /// Renewals the instruction count runs in one advance: few enough for callgrind (about a
    /// second each), enough that the advance's one-time work (its steps, the commit) is small.
    static let countedRenewals = 400

    /// A renewal every 30 s: the catalog's monthly period at its time rate.
    static let secondsPerRenewal: TimeInterval = 30

    /// A history page (20 of every notification but TEST) from a store opened on `dir`: the first,
    /// and the median of five later ones (the store keeps what it read of the log).
    func historyPages(in dir: URL) throws -> (first: Double, kept: Double) {
        let page = try Self.historyPage(in: dir)
        let first = try Timing.measure(page).wall
        var later: [Double] = []
        for _ in 0..<5 { later.append(try Timing.measure(page).wall) }
        return (first, later.sorted()[2])
    }

    /// Instructions of each listing on a state of `length` transactions.
    struct ListingCounts {
        var length: Int
        var list, notifications, entitlements, history: Double

        init(length: Int, in dir: URL, catalog: String, binary: String, counter: InstructionCounter) throws {
            self.length = length
            let arguments = ["--state", dir.path, "--storekit", catalog]
            list = try counter.count(binary, ["store", "transactions", "--json", "--limit", "50"] + arguments)
            notifications = try counter.count(binary, ["store", "notifications"] + arguments)
            entitlements = try counter.count(binary, ["store", "entitlements"] + arguments)
            history = try counter.perUnit(CommandLine.arguments[0], .historyPage, units: 5, tape: BenchOptions.defaultTape, state: dir)
        }
    }

    /// The catch-up's catalog (fixture 05, a renewal every 30 s).
    static let catalog = "Tests/Fixtures/storekit/05-cisum-zh-hans-timerate15-v4.storekit"

    /// A store opened on `dir` and a function that reads one later history page from it (the
    /// second 20 of every notification but TEST since the first was signed), as `serve` does for
    /// each request.
    static func historyPage(in dir: URL) throws -> () throws -> Void {
        let workspace = StateWorkspace(root: dir)
        let store = try workspace.openStore(catalog: try StateWorkspace.catalog(storekit: catalog, profile: nil),
                                            clock: ManualClock(Date()), setup: try workspace.savedSetup())
        return { _ = try store.notificationPage(signedFrom: 0, where: { $0.notification.notificationType != "TEST" }, offset: 20, count: 20) }
    }

    static func text(_ figures: (wall: Double, cpu: Double, peakMiB: Double)) -> String {
        String(format: "%.0f ms (CPU %.0f ms), peak %.0f MiB", figures.wall * 1000, figures.cpu * 1000, figures.peakMiB)
    }

    /// Bytes of every file under `dir`.
    static func bytes(in dir: URL) -> Int {
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total = 0
        for case let url as URL in walker { total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0 }
        return total
    }
}
