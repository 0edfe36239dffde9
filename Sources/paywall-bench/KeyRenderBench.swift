import Foundation
import TerminalUI

/// One key's update + render + diff on the paywall (Up/Down), against a full repaint of the same frame.
struct KeyRenderBench {
    var presses: Int

    func run(size: TerminalSize, into table: inout BenchTable) throws {
        let dir = BenchSession.freshDirectory("keys-\(size.width)x\(size.height)")
        defer { BenchSession.cleanUp(dir) }
        let controller = try BenchSession.controller(start: .paywall, directory: dir)
        var previous = controller.render(size: size).grid
        var incremental: [Double] = []
        var full: [Double] = []
        var changedCells = 0
        let allCells = size.width * size.height
        for i in 0..<presses {
            let key: Key = i % 2 == 0 ? .down : .up
            var runs: [CellRun] = []
            var grid = previous
            incremental.append(Timing.seconds {
                controller.handle(key)
                grid = controller.render(size: size).grid
                runs = grid.diff(from: previous)
            })
            changedCells += runs.reduce(0) { $0 + $1.cells.count }
            // The naive way: the same frame rendered and every cell written (diff against nothing).
            var everything: [CellRun] = []
            full.append(Timing.seconds {
                let again = controller.render(size: size).grid
                everything = again.diff(from: nil)
            })
            precondition(everything.reduce(0) { $0 + $1.cells.count } == allCells)
            previous = grid
        }
        let label = "\(size.width)×\(size.height)"
        let median = Timing.median(incremental), naive = Timing.median(full)
        table.add("key update + render + diff, paywall Up/Down \(label) (\(presses) presses)",
                  "median \(Timing.format(median)), p99 \(Timing.format(Timing.quantile(incremental, 0.99)))",
                  naive: "full repaint: median \(Timing.format(naive)), p99 \(Timing.format(Timing.quantile(full, 0.99)))",
                  ratio: BenchTable.ratio(fast: median, naive: naive))
        let perKey = Double(changedCells) / Double(max(presses, 1))
        table.add("cells written per plan move \(label)", String(format: "%.0f of %d", perKey, allCells),
                  naive: "\(allCells) (every cell)", ratio: BenchTable.ratio(fast: perKey, naive: Double(allCells)))
    }
}
