import Foundation
import PaywallApp
import PaywallCore
import PaywallScreens
import TerminalKit

/// One key's update + render + diff on the paywall (Up/Down), against a full repaint of the same frame.
struct KeyRenderBench {
    var presses: Int

    func run(size: TerminalSize, into table: inout BenchTable) throws {
        let dir = BenchSession.freshDirectory("keys-\(size.width)x\(size.height)")
        defer { BenchSession.cleanUp(dir) }
        let controller = try BenchSession.controller(start: .paywall, directory: dir)
        func tick() { Self.tick(controller) }
        var previous = controller.render(size: size).grid
        var incremental: [(wall: Double, cpu: Double)] = []
        var full: [(wall: Double, cpu: Double)] = []
        var renderOnly: [(wall: Double, cpu: Double)] = []
        var changedCells = 0
        let allCells = size.width * size.height
        for i in 0..<presses {
            let key: Key = i % 2 == 0 ? .down : .up
            var runs: [CellRun] = []
            var grid = previous
            var split = (wall: 0.0, cpu: 0.0)
            let whole = Timing.measure {
                tick()
                controller.handle(key)
                split = Timing.measure {
                    grid = controller.render(size: size).grid
                    runs = grid.diff(from: previous)
                }
            }
            incremental.append(whole)
            renderOnly.append(split)
            changedCells += runs.reduce(0) { $0 + $1.cells.count }
            // The naive way: the same frame rendered and every cell written (diff against nothing).
            var everything: [CellRun] = []
            full.append(Timing.measure {
                let again = controller.render(size: size).grid
                everything = again.diff(from: nil)
            })
            precondition(everything.reduce(0) { $0 + $1.cells.count } == allCells)
            previous = grid
        }
        // The naive way of the whole key: the same presses, each frame laying out its copy again.
        var naiveKeys: [(wall: Double, cpu: Double)] = []
        controller.layouts = Timing.noLayoutReuse
        for i in 0..<presses {
            let key: Key = i % 2 == 0 ? .down : .up
            naiveKeys.append(Timing.measure {
                tick()
                controller.handle(key)
                let grid = controller.render(size: size).grid
                _ = grid.diff(from: previous)
                previous = grid
            })
        }
        controller.layouts = .shared
        let label = "\(size.width)×\(size.height)"
        table.add("key: clock + update (flow + effects + state files) + render + diff, paywall Up/Down \(label) (\(presses) presses back to back, 40 ms apart on the session's clock)",
                  Timing.summary(incremental),
                  naive: "every frame lays out its copy again (no layout memo): \(Timing.summary(naiveKeys))",
                  ratio: BenchTable.ratio(fast: Timing.median(incremental.map(\.cpu)), naive: Timing.median(naiveKeys.map(\.cpu))) + " CPU")
        let median = Timing.median(renderOnly.map(\.cpu)), naive = Timing.median(full.map(\.cpu))
        table.add("key: render + diff only \(label)", Timing.summary(renderOnly),
                  naive: "render + full repaint (diff against nothing): \(Timing.summary(full))",
                  ratio: BenchTable.ratio(fast: median, naive: naive) + " CPU")
        let perKey = Double(changedCells) / Double(max(presses, 1))
        table.add("cells written per plan move \(label)", String(format: "%.0f of %d", perKey, allCells),
                  naive: "\(allCells) (every cell)", ratio: BenchTable.ratio(fast: perKey, naive: Double(allCells)))
    }

    /// Time moves as it does under a person's keys (a press every 40 ms), as the live loop
    /// advances the session before each frame: what depends on the clock is redone.
    static func tick(_ controller: AppController) {
        (controller.session.clock as? ManualClock)?.advance(by: 0.04)
        controller.send(.elapsed(to: controller.session.clock.now()))
    }

    /// One whole key, as `Workload.key80` counts it: the clock on, the key, the frame and its diff.
    static func press(_ controller: AppController, _ key: Key, size: TerminalSize, after previous: CellGrid) -> (grid: CellGrid, runs: [CellRun]) {
        tick(controller)
        controller.handle(key)
        let grid = controller.render(size: size).grid
        return (grid, grid.diff(from: previous))
    }
}
