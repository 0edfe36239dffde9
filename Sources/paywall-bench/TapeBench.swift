import Foundation
import PaywallScreens
import Tapes

/// A whole demo tape played headless with `TapePlayer`: wall time per run.
struct TapeBench {
    var path: String
    var runs: Int

    func run(into table: inout BenchTable) {
        guard FileManager.default.fileExists(atPath: path) else {
            table.add("demo tape \(path)", "skipped: file not found (run from the package root or pass --tape)")
            return
        }
        var status = ""
        func play(_ layouts: LayoutMemos) -> [(wall: Double, cpu: Double)] {
            (0..<runs).map { _ in
                Timing.measure {
                    switch TapeLoader().load(path: path) {
                    case let .failure(errors): status = "invalid: \(errors)"
                    case let .success(tape):
                        var options = TapePlayer.Options()
                        options.goldenTapePath = path
                        options.layouts = layouts
                        status = TapePlayer(tape: tape, options: options).play().result.status.rawValue
                    }
                }
            }
        }
        let samples = play(.shared)
        let naive = play(Timing.noLayoutReuse)
        let name = (path as NSString).lastPathComponent
        table.record("tape.median", Timing.median(samples.map(\.wall)) * 1e3)
        table.add("demo tape \(name), load + play (\(runs) runs, \(status))", Timing.summary(samples),
                  naive: "no layout memo: \(Timing.summary(naive))",
                  ratio: BenchTable.ratio(fast: Timing.median(samples.map(\.cpu)), naive: Timing.median(naive.map(\.cpu))) + " CPU")
    }
}
