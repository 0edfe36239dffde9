import CopyQA
import Foundation

/// The full copy sweep `paywall-sim copy check` runs: every screen × offer × locale × theme × size of
/// the default matrix over the embedded deck, rendered and checked.
struct SweepBench {
    var runs: Int

    func run(into table: inout BenchTable) throws {
        let matrix = SweepMatrix()
        let sweep = try CopyQAInputs(matrix: matrix).sweep()
        var report: CheckReport?
        func sweepRuns() -> [(wall: Double, cpu: Double)] {
            (0..<max(1, runs)).map { _ in
                Timing.forgetLayouts() // each run starts cold, as `copy check` in a new process does
                return Timing.measure { report = CopyCheck.run(sweep, matrix: matrix) }
            }
        }
        let samples = sweepRuns()
        let naive = Timing.withoutLayoutReuse { sweepRuns() }
        guard let report else { return }
        let cpu = Timing.median(samples.map(\.cpu))
        let perSecond = cpu > 0 ? Double(report.screensRendered) / cpu : 0
        table.add("copy sweep: \(report.combinations) combinations, \(report.screensRendered) screens, every check (\(runs) runs, \(report.findings.count) findings)",
                  Timing.summary(samples) + String(format: "; %.0f screens per CPU second", perSecond),
                  naive: "no layout memo: \(Timing.summary(naive))",
                  ratio: BenchTable.ratio(fast: cpu, naive: Timing.median(naive.map(\.cpu))) + " CPU")
    }
}
