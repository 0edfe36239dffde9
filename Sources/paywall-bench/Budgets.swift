/// The performance budgets: the one table `paywall-bench --check` compares the figures against.
///
/// No budget is a time: a time depends on the machine that ran it, and a budget on one cannot tell
/// a regression from a slower CPU. Each is a count (instructions counted by valgrind, bytes,
/// fsyncs, memory) or a ratio to a floor measured in the same run (the signer, the disk, the same
/// key when the machine is warm). A count's limit is the latest figure with a margin of about a
/// tenth (docs/development/performance.md gives the figures), so a miss means the code does more
/// work than it did; a goal the project set itself is marked (goal).
struct Budget: Sendable {
    /// What a budget's figure is: never a time, which depends on the machine that ran it.
    enum Measure: Sendable {
        /// Instructions executed, counted by valgrind (`InstructionCounter`): the same on any machine.
        case instructions
        /// A quotient of two figures measured in the same run, the floor named in the budget.
        case ratio
        /// Bytes (a file's size, a state's size on disk).
        case bytes
        /// Mebibytes of memory or of a file.
        case mebibytes
        /// Events counted (fsyncs).
        case count

        var unit: String {
            switch self {
            case .instructions: "instructions"
            case .ratio: "×"
            case .bytes: "bytes"
            case .mebibytes: "MiB"
            case .count: ""
            }
        }
    }

    /// The figure's name in `BenchTable.figures`.
    var figure: String
    /// What it measures, for the printed table.
    var what: String
    /// The largest value that passes.
    var limit: Double
    var measure: Measure

    static let all: [Budget] = [
        // The catch-up: whole `paywall-sim store` processes on one state directory (CatchUpBench).
        Budget(figure: "ratio.catchUpToSigningCount", what: "a renewal of store advance (400 in one advance), instructions ÷ its signing floor's, 3 ES256 signatures a renewal (goal, issue 51)", limit: 4.0, measure: .ratio),
        Budget(figure: "ratio.catchUpToSigning", what: "one store advance 7d (20,160 renewals), CPU ÷ its signing floor's, 3 ES256 signatures a renewal (moves with load; sees the kernel's side of the writes)", limit: 6.5, measure: .ratio),
        Budget(figure: "catchup.bytesPerRenewal", what: "state on disk a renewal, ledger and notifications (goal)", limit: 4096, measure: .bytes),
        Budget(figure: "catchup.peakMemory", what: "peak memory of that advance (goal)", limit: 64, measure: .mebibytes),
        Budget(figure: "ratio.listWeekTo1k", what: "store transactions --json --limit 50: instructions at 20,161 transactions ÷ at 1,001", limit: 1.2, measure: .ratio),
        Budget(figure: "ratio.notificationsWeekTo1k", what: "store notifications: instructions at 20,161 transactions ÷ at 1,001", limit: 1.2, measure: .ratio),
        Budget(figure: "ratio.entitlementsWeekTo1k", what: "store entitlements: instructions at 20,161 transactions ÷ at 1,001", limit: 1.2, measure: .ratio),
        Budget(figure: "ratio.historyWeekTo1k", what: "a later page of serve's notification history: instructions at 20,161 transactions ÷ at 1,001", limit: 1.2, measure: .ratio),
        Budget(figure: "ratio.listLongTo1k", what: "store transactions --json --limit 50: instructions at 100,001 transactions ÷ at 1,001 (--long)", limit: 1.2, measure: .ratio),
        Budget(figure: "ratio.notificationsLongTo1k", what: "store notifications: instructions at 100,001 transactions ÷ at 1,001 (--long)", limit: 1.2, measure: .ratio),
        Budget(figure: "ratio.entitlementsLongTo1k", what: "store entitlements: instructions at 100,001 transactions ÷ at 1,001 (--long)", limit: 1.25, measure: .ratio),
        Budget(figure: "ratio.historyLongTo1k", what: "a later page of serve's notification history: instructions at 100,001 transactions ÷ at 1,001 (--long)", limit: 1.2, measure: .ratio),
        // In process, counted (CountBench).
        Budget(figure: "count.startup", what: "start-up on a new state to the first headless frame, its keys made", limit: 22_500_000, measure: .instructions),
        Budget(figure: "count.key80", what: "a plan move (clock + update + render + diff), 80×24", limit: 600_000, measure: .instructions),
        Budget(figure: "count.key200", what: "a plan move (clock + update + render + diff), 200×60", limit: 1_050_000, measure: .instructions),
        Budget(figure: "ratio.idleKey", what: "a plan move after 40 ms of real idle ÷ the same back to back (wall, medians)", limit: 12, measure: .ratio),
        Budget(figure: "count.tape", what: "the demo tape loaded and played in process", limit: 71_000_000, measure: .instructions),
        Budget(figure: "ratio.tapeSVG", what: "the demo tape recorded and made into its animated SVG ÷ the tape alone, instructions", limit: 2.4, measure: .ratio),
        Budget(figure: "ratio.tapeGIF", what: "the demo tape recorded and made into its animated GIF ÷ the tape alone, instructions", limit: 1.9, measure: .ratio),
        Budget(figure: "tape.gifBytes", what: "the demo tape's animated GIF, size (goal: under 1 MB)", limit: 1_000_000, measure: .bytes),
        Budget(figure: "count.sweepPerScreen", what: "the copy sweep (81 combinations), a screen drawn and checked", limit: 495_000, measure: .instructions),
        Budget(figure: "count.soakPerOp", what: "store soak, a purchase or a renewal posted and finished", limit: 6_200_000, measure: .instructions),
        Budget(figure: "soak.lastToFirst", what: "store soak, CPU per op of the last tenth ÷ the first (cost grows with history)", limit: 1.5, measure: .ratio),
        Budget(figure: "soak.fsyncsPerOp", what: "store soak, fsyncs per operation", limit: 3.5, measure: .count),
        Budget(figure: "soak.peakMemory", what: "peak memory when the soak ends", limit: 128, measure: .mebibytes),
        // Whole processes, counted (CountBench).
        Budget(figure: "count.version", what: "whole process: paywall-sim --version", limit: 50_000_000, measure: .instructions),
        Budget(figure: "ratio.playToVersion", what: "whole process: play of the demo tape ÷ --version, instructions", limit: 3.8, measure: .ratio),
        Budget(figure: "count.copyCheck", what: "whole process: copy check", limit: 1_200_000_000, measure: .instructions),
        Budget(figure: "count.copyCheck40", what: "whole process: copy check with 40 locales", limit: 17_800_000_000, measure: .instructions),
        Budget(figure: "release.megabytes", what: "the self-contained binary (Scripts/release.sh), stripped", limit: 100, measure: .mebibytes),
        Budget(figure: "peakMemory", what: "peak memory of the whole run", limit: 512, measure: .mebibytes),
    ]

    /// The budgets beside the figures as a Markdown table, and whether every measured one passed
    /// (a budget whose benchmark did not run, `--only`, is listed as not run).
    static func check(_ figures: [String: Double]) -> (table: String, passed: Bool) {
        var lines = ["| budget | limit | figure | result |", "|---|---|---|---|"]
        var passed = true
        for budget in all {
            let limit = "≤ \(format(budget.limit, budget.measure))"
            guard let value = figures[budget.figure] else {
                lines.append("| \(budget.what) | \(limit) | - | not run |")
                continue
            }
            let ok = value.isFinite && value <= budget.limit
            if !ok { passed = false }
            lines.append("| \(budget.what) | \(limit) | \(format(value, budget.measure)) | \(ok ? "ok" : "MISSED") |")
        }
        return (lines.joined(separator: "\n"), passed)
    }

    private static func format(_ value: Double, _ measure: Measure) -> String {
        if measure == .instructions { return CountBench.format(value) + " instructions" }
        let number = value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: value < 10 ? "%.2f" : "%.1f", value)
        return measure.unit.isEmpty ? number : "\(number) \(measure.unit)"
    }
}
