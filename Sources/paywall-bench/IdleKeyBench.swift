import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// One plan move at a person's pace: the thread sleeps 40 ms of real time before each press.
///
/// The key rows above press back to back (their 40 ms are the session's clock, not the machine's),
/// so every press finds the caches, the TLB and the kernel's paths warm from the one before. A
/// person's key finds them cold: whatever else ran in those 40 ms has taken them. This row is what
/// a key costs then, split into its parts, beside the same presses back to back.
struct IdleKeyBench {
    var presses: Int
    var idleMicroseconds: UInt32 = 40_000

    /// The four parts of one key in seconds of wall time (clock and store check, update, render,
    /// diff), and the whole key's CPU time (every thread's; the key has no waits, so the two agree
    /// but for the machine's interruptions).
    struct Parts {
        var clock = 0.0, update = 0.0, render = 0.0, diff = 0.0, cpu = 0.0
        var whole: Double { clock + update + render + diff }
    }

    func run(size: TerminalSize, into table: inout BenchTable) throws {
        let idle = try measure(size: size, idle: true)
        let busy = try measure(size: size, idle: false)
        func median(_ part: KeyPath<Parts, Double>, _ samples: [Parts]) -> Double { Timing.median(samples.map { $0[keyPath: part] }) }
        func parts(_ samples: [Parts]) -> String {
            "clock and store check \(Timing.format(median(\.clock, samples))), update \(Timing.format(median(\.update, samples))), "
                + "render \(Timing.format(median(\.render, samples))), diff \(Timing.format(median(\.diff, samples)))"
        }
        let idleWhole = idle.map(\.whole), busyWhole = busy.map(\.whole)
        let idleCPU = Timing.median(idle.map(\.cpu)), busyCPU = Timing.median(busy.map(\.cpu))
        table.record("ratio.idleKey", Timing.median(idleWhole) / max(Timing.median(busyWhole), 1e-9))
        table.add("key after \(idleMicroseconds / 1000) ms of real idle (a person's pace): clock + update + render + diff, paywall Up/Down \(size.width)×\(size.height) (\(presses) presses)",
                  "median \(Timing.format(Timing.median(idleWhole))) (CPU \(Timing.format(idleCPU))), p99 \(Timing.format(Timing.quantile(idleWhole, 0.99))); \(parts(idle))",
                  naive: "the same presses back to back: median \(Timing.format(Timing.median(busyWhole))) (CPU \(Timing.format(busyCPU))), p99 \(Timing.format(Timing.quantile(busyWhole, 0.99))); \(parts(busy))",
                  ratio: String(format: "×%.1f slower when idle", Timing.median(idleWhole) / max(Timing.median(busyWhole), 1e-9)))
    }

    /// Presses Up/Down `presses` times on a fresh paywall, sleeping `idleMicroseconds` before each when `idle`.
    private func measure(size: TerminalSize, idle: Bool) throws -> [Parts] {
        let dir = BenchSession.freshDirectory("idle-keys")
        defer { BenchSession.cleanUp(dir) }
        let controller = try BenchSession.controller(start: .paywall, directory: dir)
        let clock = controller.session.clock as? ManualClock
        var previous = controller.render(size: size).grid
        var samples: [Parts] = []
        samples.reserveCapacity(presses)
        for i in 0..<presses {
            if idle { usleep(idleMicroseconds) }
            var parts = Parts()
            let cpuStart = Timing.cpuNanos()
            let start = Timing.nanos()
            clock?.advance(by: 0.04)
            controller.send(.elapsed(to: controller.session.clock.now()))
            let clocked = Timing.nanos()
            controller.handle(i % 2 == 0 ? .up : .down) // the default plan is the last: up first
            let updated = Timing.nanos()
            let grid = controller.render(size: size).grid
            let rendered = Timing.nanos()
            let runs = grid.diff(from: previous)
            let diffed = Timing.nanos()
            parts.cpu = Double(Timing.cpuNanos() - cpuStart) / 1e9
            precondition(!runs.isEmpty, "a plan move changed no cell")
            parts.clock = Double(clocked - start) / 1e9
            parts.update = Double(updated - clocked) / 1e9
            parts.render = Double(rendered - updated) / 1e9
            parts.diff = Double(diffed - rendered) / 1e9
            samples.append(parts)
            previous = grid
        }
        return samples
    }
}
