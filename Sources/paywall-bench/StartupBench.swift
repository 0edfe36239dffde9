import Foundation
import PaywallScreens
import TerminalKit

/// Start-up to the first headless frame: inputs resolved, session opened on a fresh state directory, first render.
struct StartupBench {
    var runs: Int

    func run(into table: inout BenchTable) throws {
        var samples: [(wall: Double, cpu: Double)] = []
        for i in 0..<runs {
            let dir = BenchSession.freshDirectory("startup-\(i)")
            defer { BenchSession.cleanUp(dir) }
            var cells = 0
            samples.append(try Timing.measure { cells = try Self.firstFrame(in: dir) })
            precondition(cells > 0, "the first frame drew nothing")
        }
        table.add("start-up to first headless frame (fresh state dir, \(runs) runs)",
                  Timing.summary(samples))
    }

    /// A launch on `dir` and its first 80×24 frame diffed against nothing: the cells it wrote.
    static func firstFrame(in dir: URL) throws -> Int {
        let controller = try BenchSession.controller(start: .onboarding, directory: dir)
        controller.layouts = LayoutMemos() // cold, as a new process
        let grid = controller.render(size: TerminalSize(width: 80, height: 24)).grid
        return grid.diff(from: nil).reduce(0) { $0 + $1.cells.count }
    }
}
