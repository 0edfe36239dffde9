import CopyQA
import Foundation

/// The instruction counts: the deterministic work of the benchmarks counted by valgrind
/// (`InstructionCounter`) rather than timed, so that their budgets give the same verdict on a
/// fast machine and a slow one. In-process work runs as `paywall-bench --workload` (each figure the
/// difference of two runs, so the process's start-up cancels out); whole commands run as the
/// `paywall-sim` beside this binary.
struct CountBench {
    var counter: InstructionCounter
    var tape: String

    /// Units of each workload counted: enough that the first unit's one-time work (a runtime's
    /// first lookups) is a small part of the figure.
    static let units: [Workload: Int] = [
        .key80: 400, .key200: 400, .startup: 5, .tape: 3, .tapeSVG: 3, .tapeGIF: 3, .sweep: 1, .soak: 300,
    ]

    func run(into table: inout BenchTable) throws {
        let bench = CommandLine.arguments[0]
        func perUnit(_ workload: Workload) throws -> Double {
            try counter.perUnit(bench, workload, units: Self.units[workload] ?? 1, tape: tape)
        }
        let key80 = try perUnit(.key80), key200 = try perUnit(.key200)
        table.record("count.key80", key80)
        table.record("count.key200", key200)
        table.add("instructions: a plan move (clock + update + render + diff), 80×24 / 200×60", "\(Self.format(key80)) / \(Self.format(key200))")
        let startup = try perUnit(.startup)
        table.record("count.startup", startup)
        table.add("instructions: start-up on a new state to the first headless frame (its keys made), the mean of 5 in one process", Self.format(startup))
        let play = try perUnit(.tape), svg = try perUnit(.tapeSVG), gif = try perUnit(.tapeGIF)
        table.record("count.tape", play)
        table.record("ratio.tapeSVG", svg / play)
        table.record("ratio.tapeGIF", gif / play)
        table.add("instructions: the demo tape loaded and played in process", Self.format(play),
                  naive: "with its animated SVG \(Self.format(svg)); with its GIF \(Self.format(gif))",
                  ratio: String(format: "SVG %.2f×, GIF %.2f× the tape", svg / play, gif / play))
        let screens = try Self.sweepScreens()
        let sweep = try perUnit(.sweep)
        table.record("count.sweepPerScreen", sweep / Double(screens))
        table.add("instructions: the copy sweep (81 combinations, \(screens) screens drawn)", Self.format(sweep),
                  naive: "", ratio: "\(Self.format(sweep / Double(screens))) a screen")
        let soak = try perUnit(.soak)
        table.record("count.soakPerOp", soak)
        table.add("instructions: a soak operation (a purchase or a renewal, posted and finished, durable ledger)", Self.format(soak))
        try wholeProcesses(into: &table)
    }

    /// `paywall-sim --version`, `play` of the demo tape, and `copy check` with the default and with
    /// 40 locales, as whole processes.
    private func wholeProcesses(into table: inout BenchTable) throws {
        guard let binary = ProcessBench.simulatorBinary() else { throw BenchError("no paywall-sim beside paywall-bench (swift build -c release)") }
        let version = try counter.count(binary, ["--version"])
        let play = try counter.count(binary, ["play", tape])
        let check = try counter.count(binary, ["copy", "check"])
        let forty = try counter.count(binary, ["copy", "check"] + SweepBench.fortyLocales.flatMap { ["--locale", $0] })
        table.record("count.version", version)
        table.record("ratio.playToVersion", play / version)
        table.record("count.copyCheck", check)
        table.record("count.copyCheck40", forty)
        table.add("instructions: whole process paywall-sim --version", Self.format(version))
        table.add("instructions: whole process paywall-sim play of the demo tape", Self.format(play), naive: "--version: \(Self.format(version))",
                  ratio: String(format: "%.2f× --version", play / version))
        table.add("instructions: whole process paywall-sim copy check, default / 40 locales", "\(Self.format(check)) / \(Self.format(forty))")
    }

    /// Screens the default sweep draws (what the per-screen figure divides by).
    static func sweepScreens() throws -> Int {
        let matrix = SweepMatrix()
        return CopyCheck.run(try CopyQAInputs(matrix: matrix).sweep(), matrix: matrix).screensRendered
    }

    /// "12.3 M" instructions.
    static func format(_ instructions: Double) -> String {
        instructions >= 1e9 ? String(format: "%.2f G", instructions / 1e9)
            : instructions >= 1e6 ? String(format: "%.2f M", instructions / 1e6) : String(format: "%.1f k", instructions / 1e3)
    }
}
