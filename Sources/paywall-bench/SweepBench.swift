import CopyQA
import Foundation

/// The full copy sweep `paywall-sim copy check` runs: every screen × offer × locale × theme × size of
/// the default matrix over the embedded deck, rendered and checked.
struct SweepBench {
    var runs: Int

    func run(into table: inout BenchTable) throws {
        let matrix = SweepMatrix()
        let sweep = try CopyQAInputs(matrix: matrix).sweep()
        var samples: [(wall: Double, cpu: Double)] = []
        var report: CheckReport?
        for _ in 0..<max(1, runs) {
            samples.append(Timing.measure { report = CopyCheck.run(sweep, matrix: matrix) })
        }
        guard let report else { return }
        let cpu = Timing.median(samples.map(\.cpu))
        let perSecond = cpu > 0 ? Double(report.screensRendered) / cpu : 0
        table.add("copy sweep: \(report.combinations) combinations, \(report.screensRendered) screens, every check (\(runs) runs, \(report.findings.count) findings)",
                  Timing.summary(samples) + String(format: "; %.0f screens per CPU second", perSecond))
    }
}
