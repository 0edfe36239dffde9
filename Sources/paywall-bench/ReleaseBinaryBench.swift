import Foundation

/// The self-contained binary `Scripts/release.sh` writes (`dist/paywall-sim-linux-ARCH`), when it is
/// there: its size, and its start-up and demo-tape play against the dynamically linked
/// `paywall-sim` beside this bench, in turn round after round. Ratios only: the two binaries run on
/// the same machine in the same moments, so a busy moment falls on both.
struct ReleaseBinaryBench {
    var tape: String
    var rounds: Int

    /// `dist/paywall-sim-linux-<machine>` under the working directory (the package root).
    static func releaseBinary() -> String? {
        #if arch(x86_64)
        let machine = "x86_64"
        #else
        let machine = "aarch64"
        #endif
        let path = "dist/paywall-sim-linux-\(machine)"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    func run(into table: inout BenchTable) {
        guard let release = Self.releaseBinary() else {
            table.add("release binary", "skipped: no dist/paywall-sim-linux-* (Scripts/release.sh makes it)")
            return
        }
        guard let dynamic = ProcessBench.simulatorBinary() else {
            table.add("release binary", "skipped: no paywall-sim beside paywall-bench (swift build -c release)")
            return
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: release)[.size] as? Int) ?? 0
        let dynamicBytes = (try? FileManager.default.attributesOfItem(atPath: dynamic)[.size] as? Int) ?? 0
        var samples: [String: [Double]] = [:]
        let runs = [("release --version", release, ["--version"]), ("dynamic --version", dynamic, ["--version"]),
                    ("release play", release, ["play", tape]), ("dynamic play", dynamic, ["play", tape])]
        for _ in 0..<rounds {
            for (name, binary, arguments) in runs {
                if let sample = ProcessBench.spawn(binary, arguments) { samples[name, default: []].append(sample.wall) }
            }
        }
        guard runs.allSatisfy({ samples[$0.0]?.count == rounds }) else {
            table.add("release binary", "could not run every command \(rounds) times")
            return
        }
        let median = { (name: String) in Timing.median(samples[name] ?? []) }
        let startRatio = median("release --version") / median("dynamic --version")
        let playRatio = median("release play") / median("release --version")
        table.record("release.megabytes", Double(bytes) / 1_048_576)
        table.add("release binary (\(release)): size", String(format: "%.1f MiB", Double(bytes) / 1_048_576),
                  naive: String(format: "the dynamic paywall-sim: %.1f MiB, without the toolchain's libraries", Double(dynamicBytes) / 1_048_576))
        table.add("release binary: --version (\(rounds) runs, interleaved)", "median \(Timing.format(median("release --version")))",
                  naive: "the dynamic one: median \(Timing.format(median("dynamic --version")))",
                  ratio: String(format: "%.2f× the dynamic start-up", startRatio))
        table.add("release binary: play of the demo tape", "median \(Timing.format(median("release play")))",
                  naive: "its --version start-up", ratio: String(format: "%.2f× its start-up", playRatio))
    }
}
