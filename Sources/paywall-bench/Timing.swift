import Foundation
import PaywallScreens
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic wall-clock timing and the statistics the table prints.
enum Timing {
    /// Nanoseconds on the monotonic clock.
    static func nanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// CPU time of this process in nanoseconds, every thread's (what the work cost, whatever else
    /// the machine runs; the copy sweep renders on every core).
    static func cpuNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Runs `body` and returns its wall-clock duration in seconds.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        try measure(body).wall
    }

    /// Runs `body` and returns its wall-clock and CPU durations in seconds.
    static func measure(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let start = nanos(), cpuStart = cpuNanos()
        try body()
        return (Double(nanos() - start) / 1e9, Double(cpuNanos() - cpuStart) / 1e9)
    }

    /// Layout memos that keep nothing: every frame lays out its copy from scratch (the naive way).
    static let noLayoutReuse = LayoutMemos(reusing: false)

    /// "median W (CPU C), p99 W" for a list of (wall, cpu) samples.
    static func summary(_ samples: [(wall: Double, cpu: Double)]) -> String {
        let wall = samples.map(\.wall), cpu = samples.map(\.cpu)
        return "median \(format(median(wall))) (CPU \(format(median(cpu)))), p99 \(format(quantile(wall, 0.99))) (CPU \(format(quantile(cpu, 0.99))))"
    }

    /// The value at quantile `q` (0…1) of `samples` (nearest rank).
    static func quantile(_ samples: [Double], _ q: Double) -> Double {
        guard !samples.isEmpty else { return .nan }
        let sorted = samples.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func median(_ samples: [Double]) -> Double { quantile(samples, 0.5) }

    /// Peak resident memory of this process in MiB (`getrusage` `ru_maxrss`, KiB on Linux).
    static func peakMemoryMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// `seconds` as a short human figure: µs, ms or s.
    static func format(_ seconds: Double) -> String {
        if seconds.isNaN { return "n/a" }
        if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.2f s", seconds)
    }
}
