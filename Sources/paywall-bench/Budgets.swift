/// The performance budgets: the one table `paywall-bench --check` compares the figures against.
///
/// Each is a limit on one figure the benchmarks record (`BenchTable.record`), measured on the
/// build machine (2 cores, a release build, a quiet machine). The goals the project set itself are
/// the limits as given (a replay ≤ 2× the start-up, `copy check` ≤ 100 ms, 40 locales ≤ 1 s); the
/// others leave about twice the latest figure (docs/development/performance.md) for a machine's
/// noise, so a miss means something got slower, not that the machine was busy.
struct Budget: Sendable {
    /// The figure's name in `BenchTable.figures`.
    var figure: String
    /// What it measures, for the printed table.
    var what: String
    /// The largest value that passes.
    var limit: Double
    /// The unit of `limit` and the figure.
    var unit: String

    static let all: [Budget] = [
        Budget(figure: "catchup.jumpSeconds", what: "one store advance 7d at a renewal every 30 s (20,160 renewals) (goal)", limit: 20, unit: "s"),
        Budget(figure: "catchup.bytesPerRenewal", what: "state on disk a renewal, ledger and notifications (goal)", limit: 4096, unit: "bytes"),
        Budget(figure: "catchup.peakMemory", what: "peak memory of that process (goal)", limit: 64, unit: "MiB"),
        Budget(figure: "catchup.list20k.ms", what: "store transactions --json --limit 50 on 20,161 transactions (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.notifications20k.ms", what: "store notifications on 20,161 transactions (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.entitlements20k.ms", what: "store entitlements on 20,161 transactions (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.history20k.ms", what: "serve's notification history page on 20,161 transactions (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.list100k.ms", what: "store transactions --json --limit 50 on 100,001 transactions, with --long (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.notifications100k.ms", what: "store notifications on 100,001 transactions, with --long (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.entitlements100k.ms", what: "store entitlements on 100,001 transactions, with --long (goal)", limit: 200, unit: "ms"),
        Budget(figure: "catchup.history100k.ms", what: "serve's notification history page on 100,001 transactions, with --long (goal)", limit: 200, unit: "ms"),
        Budget(figure: "startup.median", what: "start-up to first headless frame, median", limit: 12, unit: "ms"),
        Budget(figure: "key.80x24.median", what: "key (update + render + diff) 80×24, median", limit: 100, unit: "µs"),
        Budget(figure: "key.200x60.median", what: "key (update + render + diff) 200×60, median", limit: 120, unit: "µs"),
        Budget(figure: "key.idle.median", what: "key after 40 ms of real idle, median", limit: 700, unit: "µs"),
        Budget(figure: "tape.median", what: "demo tape, load + play in process, median", limit: 15, unit: "ms"),
        Budget(figure: "tape.svgToTape", what: "demo tape recorded and made into its animated SVG ÷ the tape alone (goal)", limit: 2, unit: "×"),
        Budget(figure: "tape.gifToTape", what: "demo tape recorded and made into its animated GIF ÷ the tape alone (goal)", limit: 2, unit: "×"),
        Budget(figure: "tape.gifBytes", what: "the demo tape's animated GIF, size (goal: under 1 MB)", limit: 1_000_000, unit: "bytes"),
        Budget(figure: "soak.cpuPerOp", what: "store soak, CPU per purchase or renewal", limit: 2, unit: "ms"),
        Budget(figure: "soak.lastToFirst", what: "store soak, CPU per op of the last tenth ÷ the first (cost grows with history)", limit: 1.5, unit: "×"),
        Budget(figure: "soak.fsyncsPerOp", what: "store soak, fsyncs per operation", limit: 3.5, unit: ""),
        Budget(figure: "soak.peakMemory", what: "peak memory when the soak ends", limit: 128, unit: "MiB"),
        Budget(figure: "sweep.median", what: "copy sweep (81 combinations), median", limit: 100, unit: "ms"),
        Budget(figure: "sweep40.median", what: "copy sweep, 40 locales, the shipped deck, median", limit: 1500, unit: "ms"),
        Budget(figure: "process.version.median", what: "whole process: paywall-sim --version, median", limit: 30, unit: "ms"),
        Budget(figure: "process.playToStartup", what: "whole process: play of the demo tape ÷ the --version start-up (goal)", limit: 2, unit: "×"),
        Budget(figure: "process.copyCheck.median", what: "whole process: copy check, median (goal)", limit: 100, unit: "ms"),
        Budget(figure: "process.copyCheck40.median", what: "whole process: copy check with 40 locales, median (goal)", limit: 1000, unit: "ms"),
        Budget(figure: "release.megabytes", what: "the self-contained binary (Scripts/release.sh), stripped", limit: 100, unit: "MiB"),
        Budget(figure: "peakMemory", what: "peak memory of the whole run", limit: 512, unit: "MiB"),
    ]

    /// The budgets beside the figures as a Markdown table, and whether every measured one passed
    /// (a budget whose benchmark did not run, `--only`, is listed as not run).
    static func check(_ figures: [String: Double]) -> (table: String, passed: Bool) {
        var lines = ["| budget | limit | figure | result |", "|---|---|---|---|"]
        var passed = true
        for budget in all {
            let limit = "≤ \(format(budget.limit)) \(budget.unit)"
            guard let value = figures[budget.figure] else {
                lines.append("| \(budget.what) | \(limit) | - | not run |")
                continue
            }
            let ok = value.isFinite && value <= budget.limit
            if !ok { passed = false }
            lines.append("| \(budget.what) | \(limit) | \(format(value)) \(budget.unit) | \(ok ? "ok" : "MISSED") |")
        }
        return (lines.joined(separator: "\n"), passed)
    }

    private static func format(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
}
