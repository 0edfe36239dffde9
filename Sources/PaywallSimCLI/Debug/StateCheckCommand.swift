import ArgumentParser
import Foundation
import PaywallFoundation

/// `paywall-sim debug check-state DIR`: checks a state directory's invariants, read only
/// (what `Scripts/faults/kill_rounds.py` runs after every kill).
public struct StateCheckCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check-state",
        abstract: "Check a state directory's invariants without changing it (for Scripts/faults/kill_rounds.py).",
        discussion: """
        Prints each failure as one line to stderr and a summary line to stdout. \
        Exit status: 0 when every invariant holds, 1 when one does not, 2 on bad usage (no such directory, an unreadable --previous).
        """)

    @Argument(help: ArgumentHelp("The state directory to check.", valueName: "DIR"))
    public var directory: String?

    @Option(name: .long, help: ArgumentHelp("The summary an earlier check wrote with --record: nothing it saw may be lost.", valueName: "FILE"))
    public var previous: String?

    @Option(name: .long, help: ArgumentHelp("Write this look's summary here, for the next check's --previous (may be the same file).", valueName: "FILE"))
    public var record: String?

    @Flag(name: .long, help: "A clean launch ran last: every transaction must be finished and granted exactly once.")
    public var settled = false

    public init() {}

    public func run() throws {
        guard let directory else {
            throw usage("expected a state directory: paywall-sim debug check-state DIR [--previous FILE] [--record FILE] [--settled]")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw usage("\(directory): no such directory; expected a state directory")
        }
        guard isDirectory.boolValue else { throw usage("\(directory): not a directory; expected a state directory") }
        var invariants = StateInvariants(settled: settled)
        if let previous {
            do { invariants.previous = try StateSummary.load(from: URL(fileURLWithPath: previous)) } catch { throw usage("\(error)") }
        }
        let outcome = invariants.check(StateLook(directory: URL(fileURLWithPath: directory)))
        if let record {
            do { try outcome.summary.save(to: URL(fileURLWithPath: record)) } catch { throw usage("\(error)") }
        }
        for failure in outcome.failures { Console.err(failure) }
        Console.out("check-state \(directory): \(outcome.summary.line)")
        if !outcome.failures.isEmpty { throw ExitCode(1) }
    }

    /// Prints `message` as the command's one line to stderr; the exit status for bad usage.
    private func usage(_ message: String) -> ExitCode {
        Console.err("paywall-sim debug check-state: \(message)")
        return ExitCode(2)
    }
}
