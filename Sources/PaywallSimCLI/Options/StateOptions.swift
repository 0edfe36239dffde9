import ArgumentParser
import Foundation
import PaywallFoundation
import PaywallCore
import SimRuntime

/// The state directory and the simulator's clock it keeps (`run`, `store`).
public struct StateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("State directory (quota, events, store and backend ledgers, settings and clock); default: $XDG_STATE_HOME/paywall-sim, else ~/.local/state/paywall-sim.",
                                            valueName: "DIR"))
    public var state: String?

    @Option(name: .long, help: ArgumentHelp("Pin the simulator's clock at this ISO-8601 instant (saved: later commands carry on from it).",
                                            valueName: "ISO-8601"))
    public var now: String?

    @Option(name: .long, help: ArgumentHelp("Keep the state's clock pinned (it moves only with --now, store advance and tapes) or make it follow the wall clock from where it stands (saved).",
                                            valueName: "pinned|wall"))
    public var clock: String?

    @Flag(name: .long, help: "Use the --profile and --storekit named here even if the state directory was made with others (remembered from now on).")
    public var switchCatalog = false

    @Flag(name: .long, help: "Run a catch-up of more than 10,000 renewals (a wall clock far ahead at a fast time rate) instead of stopping to ask.")
    public var yes = false

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

    /// The clock kind `--clock` names (validated).
    public var clockMode: SimulatedTime.Mode? { clock.flatMap(SimulatedTime.Mode.init(rawValue:)) }

    public func validate() throws {
        if let now, let problem = ISO8601.clockProblem(now) {
            throw ValidationError("--now \(now): \(problem)")
        }
        if let clock, clockMode == nil {
            throw ValidationError("--clock \(clock): expected pinned or wall")
        }
    }

    /// Whether this command changes the saved clock (`--now` or `--clock`).
    var setsClock: Bool { now != nil || clock != nil }

    /// The simulated clock, shared with `paywall-sim store`: the state's clock (in `settings.json`), pinned
    /// at `--now` or switched by `--clock` (and saved, so later commands carry on from there). A
    /// pinned clock runs on while the app runs; `leave()` pins the state where the run ended.
    func makeClock(in workspace: StateWorkspace, runsWhilePinned: Bool = true) throws -> StateDirectoryClock {
        try workspace.checkWritable()
        let wall = Date()
        let time = try workspace.time(now: pinnedNow, mode: clockMode, wall: wall)
        if setsClock { try workspace.keep(time) }
        return workspace.liveClock(from: time, runsWhilePinned: runsWhilePinned, wall: wall)
    }
}
