import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Counts the instructions a command executes with valgrind's callgrind: the same total for the
/// same binary and input whatever else the machine is doing, so a budget on it means the same on
/// a slow machine and a fast one.
///
/// valgrind cannot read the DWARF that Swift 6.3's debug builds write ("Possibly corrupted
/// debuginfo file"), so each binary is counted from a copy without its debug sections
/// (`strip --strip-debug`: the same instructions). The child runs with Swift's hashing made
/// deterministic (`SWIFT_DETERMINISTIC_HASHING=1`), so a dictionary walks its keys in the same
/// order in every run; what is left to vary (a UUID, a temporary path, the wall clock read) moves a
/// count by well under 0.1%.
final class InstructionCounter {
    /// Why a count could not be made.
    struct Unavailable: Error, CustomStringConvertible { var description: String }

    private let valgrind: String
    private let scratch: URL
    private var stripped: [String: String] = [:]

    /// A counter, or why there is none (no valgrind, no strip).
    static func make() -> Result<InstructionCounter, Unavailable> {
        guard let valgrind = which("valgrind") else {
            return .failure(Unavailable(description: "valgrind is not installed (apt-get install valgrind): the instruction counts did not run"))
        }
        guard which("strip") != nil else {
            return .failure(Unavailable(description: "strip is not installed (apt-get install binutils): the instruction counts did not run"))
        }
        return .success(InstructionCounter(valgrind: valgrind))
    }

    private init(valgrind: String) {
        self.valgrind = valgrind
        scratch = BenchSession.freshDirectory("callgrind")
    }

    deinit { BenchSession.cleanUp(scratch) }

    /// Instructions `binary arguments` executed from start to exit (its output to /dev/null), or
    /// only those inside the function whose symbol is `within` (and what it calls).
    func count(_ binary: String, _ arguments: [String], within symbol: String? = nil) throws -> Double {
        let copy = try strippedCopy(of: binary)
        let log = scratch.appendingPathComponent("callgrind-\(UUID().uuidString).log").path
        defer { unlink(log) }
        let toggle = symbol.map { ["--collect-atstart=no", "--toggle-collect=\($0)"] } ?? []
        let status = Self.run(valgrind, ["--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=\(log)"] + toggle + [copy] + arguments,
                              environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // "==123== Collected : 276662380"
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }),
              let total = Double(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") else {
            let last = text.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw Unavailable(description: "callgrind counted nothing for \((binary as NSString).lastPathComponent) \(arguments.joined(separator: " ")) (exit \(status)): \(last)")
        }
        guard status == 0 || status == 1 else {
            throw Unavailable(description: "\((binary as NSString).lastPathComponent) \(arguments.joined(separator: " ")) exited \(status) under callgrind")
        }
        return total
    }

    /// What one unit of a workload costs: the instructions inside its counted part
    /// (`Workload.counted`) over `units` units, divided by `units`. The process's start-up and the
    /// workload's set-up are not counted, and so neither is what varies with them (a new state's
    /// signing key is drawn until its public key is compact, a random number of tries).
    ///
    /// valgrind counts inside a function on the thread that entered it only, so a workload that
    /// runs on every core (`Workload.usesThreads`) is counted as the whole process with `units`
    /// less the whole process with none.
    func perUnit(_ bench: String, _ workload: Workload, units: Int, tape: String, state: URL? = nil) throws -> Double {
        let arguments = { (units: Int) in workload.arguments(units: units, tape: tape, state: state) }
        guard workload.usesThreads else { return try count(bench, arguments(units), within: Workload.countedSymbol) / Double(units) }
        return (try count(bench, arguments(units)) - count(bench, arguments(0))) / Double(units)
    }

    private func strippedCopy(of binary: String) throws -> String {
        if let copy = stripped[binary] { return copy }
        let copy = scratch.appendingPathComponent((binary as NSString).lastPathComponent).path
        guard Self.run("/usr/bin/env", ["strip", "--strip-debug", "-o", copy, binary], environment: [:]) == 0 else {
            throw Unavailable(description: "strip --strip-debug \(binary) failed")
        }
        stripped[binary] = copy
        return copy
    }

    /// The path of `tool` on `PATH`.
    private static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool arguments` with its standard output and error to /dev/null; its exit status.
    private static func run(_ tool: String, _ arguments: [String], environment: [String: String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
