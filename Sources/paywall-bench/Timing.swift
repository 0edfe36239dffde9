import Foundation
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

    /// Runs `body` and returns its duration in seconds.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = nanos()
        try body()
        return Double(nanos() - start) / 1e9
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
        getrusage(RUSAGE_SELF, &usage)
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
