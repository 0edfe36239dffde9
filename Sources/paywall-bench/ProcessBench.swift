import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whole `paywall-sim` processes, as a user starts them: `--version`, `play` of the demo tape and
/// `copy check` (default, and with 40 locales), run in turn round after round so that a busy
/// moment of the machine falls on all of them alike. The `paywall-sim` beside this binary is used.
struct ProcessBench {
    var tape: String
    var rounds: Int
    var fortyLocaleRounds: Int

    /// One command's samples: wall and CPU (user + system, from `wait4`) in seconds.
    struct Command {
        var name: String
        var arguments: [String]
        var samples: [(wall: Double, cpu: Double)] = []
    }

    func run(into table: inout BenchTable) {
        guard let binary = Self.simulatorBinary() else {
            table.add("whole processes", "skipped: no paywall-sim beside paywall-bench (swift build -c release)")
            return
        }
        guard FileManager.default.fileExists(atPath: tape) else {
            table.add("whole processes", "skipped: \(tape) not found (run from the package root or pass --tape)")
            return
        }
        var commands = [
            Command(name: "--version", arguments: ["--version"]),
            Command(name: "play \(tape)", arguments: ["play", tape]),
            Command(name: "copy check", arguments: ["copy", "check"]),
            Command(name: "copy check with the 40 --locale", arguments: ["copy", "check"] + SweepBench.fortyLocales.flatMap { ["--locale", $0] }),
        ]
        var failed: Set<String> = []
        for round in 0..<rounds {
            for index in commands.indices where index < 3 || round < fortyLocaleRounds {
                if let sample = Self.spawn(binary, commands[index].arguments) {
                    commands[index].samples.append(sample)
                } else {
                    failed.insert(commands[index].name)
                }
            }
        }
        if !failed.isEmpty { table.add("whole processes", "could not run \(failed.sorted().joined(separator: ", "))") }
        let (version, play, check, forty) = (commands[0], commands[1], commands[2], commands[3])
        let start = Timing.median(version.samples.map(\.wall))
        table.add("whole process: paywall-sim --version (\(version.samples.count) runs)", Timing.summary(version.samples))
        table.add("whole process: paywall-sim play of the demo tape (\(play.samples.count) runs, interleaved)", Timing.summary(play.samples),
                  naive: "the `--version` start-up: median \(Timing.format(start))",
                  ratio: String(format: "%.2f× the start-up (goal ≤ 2×)", Timing.median(play.samples.map(\.wall)) / start))
        table.add("whole process: paywall-sim copy check (\(check.samples.count) runs; goal ≤ 100 ms)", Timing.summary(check.samples))
        table.add("whole process: paywall-sim copy check with 40 locales (\(forty.samples.count) runs; goal ≤ 1 s)", Timing.summary(forty.samples))
    }

    /// `paywall-sim` in the directory of this executable.
    static func simulatorBinary() -> String? {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let path = here.appendingPathComponent("paywall-sim").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `binary arguments` with its output to /dev/null; nil when it cannot start or exits badly
    /// (exit 1 is allowed: `copy check` reports the shipped deck's untranslated locales with it).
    static func spawn(_ binary: String, _ arguments: [String]) -> (wall: Double, cpu: Double)? {
        spawnMeasured(binary, arguments).map { ($0.wall, $0.cpu) }
    }

    /// GNU time, which reports a command's own peak memory (see `spawnMeasured`).
    static let gnuTime = "/usr/bin/time"

    /// `spawn`, with the child's peak memory (MiB). A child spawned from this process starts in its
    /// address space (`posix_spawn` is a vfork), so its `ru_maxrss` is at least this process's size
    /// then, tens of MiB after a few benchmarks. With GNU time installed, the command runs under
    /// it and the peak is the one it reports: that of a child forked from a process of 2 MiB.
    static func spawnMeasured(_ binary: String, _ arguments: [String]) -> (wall: Double, cpu: Double, peakMiB: Double)? {
        guard FileManager.default.isExecutableFile(atPath: gnuTime) else { return spawnDirect(binary, arguments) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-bench-peak-\(getpid())").path
        defer { unlink(report) }
        guard let measured = spawnDirect(gnuTime, ["-f", "%M", "-o", report, binary] + arguments),
              let text = try? String(contentsOfFile: report, encoding: .utf8),
              let kilobytes = Double(text.split(separator: "\n").last.map(String.init) ?? "") else { return nil }
        return (measured.wall, measured.cpu, kilobytes / 1024)
    }

    /// Runs `binary arguments` from this process: wall, CPU and `ru_maxrss` (floored by this process's size).
    private static func spawnDirect(_ binary: String, _ arguments: [String]) -> (wall: Double, cpu: Double, peakMiB: Double)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Timing.nanos()
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        let wall = Double(Timing.nanos() - start) / 1e9
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited, code <= 1 else { return nil }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime), Double(usage.ru_maxrss) / 1024)
    }
}
