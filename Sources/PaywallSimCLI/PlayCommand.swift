import ArgumentParser
import Foundation
import Profiles
import PaywallFoundation
import SimRuntime
import NcursesTerminal
import Tapes
import PaywallScreens
import TerminalKit

/// `paywall-sim play`: replays tapes headless on a virtual clock (or live, for demos).
public struct PlayCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Replay tapes headless and check their expectations and snapshots.",
        discussion: """
        --profile and --storekit apply to tapes that set none; a tape's own Set lines win. \
        Exit status: 0 when every tape passes, 1 when an expectation or snapshot fails, 2 when a tape cannot be read or parsed.
        """)

    @Argument(help: ArgumentHelp("Tape files or folders of tapes (files starting with _ are include-only).", valueName: "TAPE|DIR"))
    public var paths: [String]

    @Option(name: .long, help: ArgumentHelp("Play on this state directory instead of a fresh temporary one.", valueName: "DIR"))
    public var state: String?

    @Flag(name: .long, help: "With --state: play the tape's profile and catalog even if the state directory was made with others (remembered from now on).")
    public var switchCatalog = false

    @Flag(name: .long, help: "With --state: start the state directory over first (everything but its signing keys), so the tape plays as on a fresh state.")
    public var reset = false

    @Flag(name: [.customLong("continue")], help: "With --state: play on what the state directory holds (the tape's clock starts where the state's stands, if later).")
    public var continueState = false

    @Flag(name: .long, help: "Write or rewrite the goldens of Snapshot lines instead of comparing (Output and Screenshot files are written by every play).")
    public var update = false

    @Flag(name: .long, help: "Parse and validate the tapes; a tape with Output or Screenshot lines is played and its files compared with those on disk (nothing is written).")
    public var check = false

    @Flag(name: .long, help: "Print the results as one JSON document (exit code, passed, one entry per tape).")
    public var json = false

    @Option(name: .long, help: ArgumentHelp("Write an asciicast v2 recording (asciinema) of the (single) tape.", valueName: "FILE"))
    public var cast: String?
    @Option(name: .long, help: ArgumentHelp("Play each tape once per combination of these settings (locale, offer, theme, size), its goldens, screenshots and outputs named for each (paywall-ko-B.svg); one KEY=V1,V2 per --matrix (or several in one quoted value); a tape's own `Matrix` line does the same.", valueName: "KEY=V1,V2"))
    public var matrix: [String] = []
    @Option(name: .long, help: ArgumentHelp("Write an animated SVG of the (single) tape: its screens in the theme's colours, paced as a cast, looping (no script; the same tape gives the same bytes).", valueName: "FILE.svg"))
    public var svg: String?

    @Option(name: .long, help: ArgumentHelp("Write an animated GIF of the (single) tape: its screens in the theme's colours drawn with the embedded Unifont, paced as a cast in 10 ms steps, looping (the same tape gives the same bytes).", valueName: "FILE.gif"))
    public var gif: String?

    @Flag(name: .long, help: "Print every frame as text.")
    public var transcript = false

    @Flag(name: .long, help: "Play the tape in this terminal at human pace, for demos.")
    public var live = false

    @OptionGroup public var app: AppOptions
    @OptionGroup public var signing: SigningOptions

    @Option(name: .long, help: ArgumentHelp("The app's backend for every tape: POST purchases to URL/iap/transactions and unlock on its answer (the player waits for it; no virtual time passes beyond the simulated latency).", valueName: "URL"))
    public var backend: String?
    @Option(name: .customLong("backend-endpoint"), help: ArgumentHelp("With --backend: the team's own purchase endpoint file (see run --help).", valueName: "FILE.json"))
    public var backendEndpoint: String?

    public init() {}

    public func validate() throws {
        if json && transcript { throw ValidationError("--json and --transcript both print to standard output: choose one (the JSON holds no frames; --cast FILE records them)") }
        if check && update { throw ValidationError("--check and --update: choose one (--check compares and writes nothing; --update writes the goldens of Snapshot lines)") }
        if case .failure(let problem) = TapeMatrix.parse(matrixWords) { throw ValidationError("--matrix: \(problem)") }
        // `--matrix locale=en,ko offer=A,B`: the second word is read as a tape; say how to write it.
        if let word = paths.first(where: { !FileManager.default.fileExists(atPath: $0) && (try? TapeMatrix.parse([$0]).get()) != nil }) {
            throw ValidationError("'\(word)' is no tape: --matrix takes one KEY=V1,V2 per use, expected --matrix \(matrixWords.first ?? "locale=en,ko") --matrix \(word) (or one quoted value)")
        }
        if reset && continueState { throw ValidationError("--reset and --continue: choose one (start the state over, or play on it)") }
        if (reset || continueState) && state == nil { throw ValidationError("--\(reset ? "reset" : "continue") needs --state DIR") }
        if cast != nil || svg != nil || gif != nil || live {
            let count = TapeDiscovery.tapes(in: paths).count
            if count > 1 { throw ValidationError("--cast, --svg, --gif and --live play one tape; \(count) were given") }
        }
    }

    public func run() throws {
        let files = TapeDiscovery.tapes(in: paths)
        guard !files.isEmpty else {
            // Nothing to play is a bad input, as a bad tape is (exit 2), not a failed tape.
            Console.err("Error: no tapes found in \(paths.joined(separator: " ")); expected .tape files (those starting with _ are include-only)")
            throw ExitCode(2)
        }
        if let state, !check {
            let workspace = StateWorkspace(root: URL(fileURLWithPath: state))
            try workspace.checkWritable(named: state)
            // With --matrix each combination has a state of its own (below): the named one is not used.
            if matrixWords.isEmpty { try prepare(workspace, named: state) }
        }
        var results: [TapeResult] = []
        for file in files {
            switch TapeChecker().load(path: file) {
            case let .failure(errors):
                results.append(.invalid(tape: file, errors: errors))
            case let .success(tape) where check && !tape.steps.contains(where: \.command.makesFile):
                // --check plays only the tapes whose files it can compare.
                results.append(TapeResult(tape: file, status: .passed))
            case let .success(tape):
                results += try plays(of: tape, file: file)
            }
        }
        try finish(results)
    }

    /// The `--matrix` words: one per use of the option, or several in one value split at spaces.
    var matrixWords: [String] { matrix.flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) } }

    /// Plays a tape once, or once per combination of a matrix (the command line's, else the tape's own `Matrix` line).
    private func plays(of tape: Tape, file: String) throws -> [TapeResult] {
        let lineMatrix = tape.steps.lazy.compactMap { step -> TapeMatrix? in if case .matrix(let m) = step.command { return m } else { return nil } }.first
        let chosen = matrixWords.isEmpty ? lineMatrix : (try? TapeMatrix.parse(matrixWords).get())
        guard let chosen else { return [try play(tape, file: file, combination: nil)] }
        return try chosen.combinations.map { combination in
            switch chosen.tape(tape, for: combination) {
            case .failure(let errors): return .invalid(tape: "\(file) [\(combination.label)]", errors: errors)
            case .success(let variant): return try play(variant, file: file, combination: combination)
            }
        }
    }

    /// Plays one tape (one matrix combination of it) and writes what was asked: transcript, cast,
    /// SVG (named for the combination), a live showing.
    private func play(_ tape: Tape, file: String, combination: TapeMatrix.Combination?) throws -> TapeResult {
        // A combination plays on a state of its own, named for it (`--state s` → `s-ko-B`), as its
        // outputs are: one combination's purchases are not the next one's.
        var stateDirectory = check ? nil : state.map { URL(fileURLWithPath: $0) }
        if let state, !check, let suffix = combination?.suffix {
            let own = state.hasSuffix("/") ? String(state.dropLast()) + "-" + suffix : state + "-" + suffix
            try prepare(StateWorkspace(root: URL(fileURLWithPath: own)), named: own)
            stateDirectory = URL(fileURLWithPath: own)
        }
        var options = TapePlayer.Options(updateGoldens: update, stateDirectory: stateDirectory,
                                         recordFrames: cast != nil || svg != nil || gif != nil || transcript || live)
        options.goldenTapePath = file
        options.switchCatalog = switchCatalog
        options.continuesState = continueState
        options.environment = signing.environment
        options.bundleID = signing.bundleID
        options.appAppleID = signing.appAppleID
        options.backendURL = backend
        options.backendEndpoint = backendEndpoint
        options.defaultProfile = app.profile.map { ProfileLoader.namesAFile($0) ? URL(fileURLWithPath: $0).standardized.path : $0 }
        options.defaultStorekit = app.storekit.map { URL(fileURLWithPath: $0).standardized.path }
        options.variant = combination?.suffix
        options.compareFiles = check
        let player = TapePlayer(tape: tape, options: options)
        var (result, frames) = player.play()
        if let combination { result.tape = "\(file) [\(combination.label)]" }
        let settings = TapeSettings.initial(for: tape)
        func named(_ path: String) -> String {
            guard let suffix = combination?.suffix else { return path }
            let url = URL(fileURLWithPath: path)
            let ext = url.pathExtension
            return url.deletingPathExtension().path + "-" + suffix + (ext.isEmpty ? "" : "." + ext)
        }
        if transcript { Console.out(TapeRecording.txt.text(frames, tape: tape, settings: settings) ?? "") }
        for (path, format) in [(cast, TapeRecording.cast), (svg, .svg), (gif, .gif)] {
            guard let path else { continue }
            do { try format.data(frames, tape: tape, settings: settings).write(to: URL(fileURLWithPath: named(path)), options: .atomic) }
            catch { throw Diagnostic("\(named(path)): cannot write the recording: \(FileErrorText.reason(error))") }
        }
        if live, try LivePlayback(frames: frames, size: TerminalSize(width: settings.width, height: settings.height)).run() {
            // The showing was interrupted: say so rather than a PASS, and exit as an interrupted program does.
            Console.err("INTERRUPTED \(file) (Ctrl+C during --live)")
            throw ExitCode(130)
        }
        return result
    }

    /// A tape expects a fresh state: a used one is refused in one line (what it holds, what to do),
    /// started over with `--reset`, or played on with `--continue`.
    private func prepare(_ workspace: StateWorkspace, named name: String) throws {
        if reset {
            try workspace.startOver()
            return
        }
        guard !continueState, let held = try workspace.previousRun() else { return }
        throw Diagnostic("--state \(name) is not fresh (\(held)); a tape expects a fresh state: "
            + "add --reset to start it over, --continue to play on it, or use a new --state")
    }

    /// Prints the results and ends the command with their exit code (0, 1 failed, 2 invalid).
    private func finish(_ results: [TapeResult]) throws -> Never {
        if json {
            Console.out(TapeReportFormatter.json(results))
        } else {
            Console.out(TapeReportFormatter.human(results), terminator: "")
        }
        throw ExitCode(TapeResult.exitCode(for: results))
    }
}
