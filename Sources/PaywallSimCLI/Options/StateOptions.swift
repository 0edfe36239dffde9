import ArgumentParser
import Foundation
import PaywallFoundation
import PaywallCore
import SimRuntime

/// The state directory and the simulator's clock it keeps (`run`, `store`).
public struct StateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("State directory (quota, events, store and backend ledgers, clock.json); default: $XDG_STATE_HOME/paywall-sim, else ~/.local/state/paywall-sim.",
                                            valueName: "DIR"))
    public var state: String?

    @Option(name: .long, help: ArgumentHelp("Set the simulator's clock to this ISO-8601 instant (saved: later commands carry on from it).",
                                            valueName: "ISO-8601"))
    public var now: String?

    @Flag(name: .long, help: "Use the --profile and --storekit named here even if the state directory was made with others (remembered from now on).")
    public var switchCatalog = false

    public init() {}

    /// The state directory: `--state`, else `$XDG_STATE_HOME/paywall-sim` (or `~/.local/state/paywall-sim`).
    public var stateDirectory: URL {
        if let state { return URL(fileURLWithPath: state) }
        let environment = ProcessInfo.processInfo.environment
        return URL(fileURLWithPath: environment["XDG_STATE_HOME"].map { $0 + "/paywall-sim" }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/paywall-sim")
    }

    /// The instant `--now` names (validated).
    public var pinnedNow: Date? { now.flatMap(ISO8601.parse) }

    public func validate() throws {
        if let now, let problem = ISO8601.clockProblem(now) {
            throw ValidationError("--now \(now): \(problem)")
        }
    }

    /// Refuses a state directory that is a file, cannot be made or is not writable, in one line.
    func checkStateDirectory() throws {
        if let problem = FileErrorText.directoryProblem(stateDirectory) {
            throw Diagnostic("\(stateDirectory.path): \(problem); expected a writable state directory (--state DIR)")
        }
    }

    /// The simulated clock, shared with `paywall-sim store`: the wall clock plus the offset saved in
    /// the state directory; `--now` pins it (and is saved, so later commands carry on from there).
    func makeClock() throws -> any Clock {
        try checkStateDirectory()
        let time = try SimulatedTime.load(stateDirectory: stateDirectory, now: pinnedNow, wall: Date())
        if now != nil { try time.save() }
        return StateDirectoryClock(time: time, stateDirectory: stateDirectory)
    }
}
