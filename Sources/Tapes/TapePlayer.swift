import PaywallApp
import Foundation
import PaywallFoundation
import PaywallCore
import SimRuntime
import StoreSim
import PaywallScreens
import TerminalKit

/// Replays a tape headless on a virtual clock: keys in, screens compared, byte-for-byte repeatable.
public final class TapePlayer {
    /// How a run behaves beyond the tape itself.
    public struct Options: Sendable {
        /// Write or rewrite goldens instead of failing on a difference.
        public var updateGoldens = false
        /// Play on this state directory instead of a fresh temporary one (kept afterwards).
        public var stateDirectory: URL?
        /// Keep every distinct frame (for `--cast` and `--transcript`).
        public var recordFrames = false
        /// Where goldens live: the top-level tape's path (includes share their parent's goldens).
        public var goldenTapePath: String?
        /// The profile for tapes that set none (`play --profile`); a tape's `Set Profile` wins.
        public var defaultProfile: String?
        /// The `.storekit` catalog for tapes that set none (`play --storekit`); a tape's `Set StoreKit` wins.
        public var defaultStorekit: String?
        /// Use the tape's profile and catalog even if `stateDirectory` was made with others (`--switch-catalog`).
        public var switchCatalog = false
        /// The environment and bundle id signed data carries (`play --environment --bundle-id`).
        public var environment: String?
        public var bundleID: String?
        /// The app's Apple ID Production's signed data carries (`--app-apple-id`).
        public var appAppleID: Int64?
        /// The app's backend as another server (`play --backend URL`).
        public var backendURL: String?
        /// The team's own purchase endpoint file (`play --backend-endpoint`).
        public var backendEndpoint: String?
        /// Play on what `stateDirectory` holds: the clock starts where the state's stands when that
        /// is later than the tape's start (time never runs back).
        public var continuesState = false
        /// A matrix combination's suffix (`ko-B`): goldens, screenshots and outputs are named for it.
        public var variant: String?
        /// Compare the files of `Output` and `Screenshot` lines with those on disk (`play --check`)
        /// instead of writing them (a plain `play`, as VHS).
        public var compareFiles = false
        /// The folder relative `Output` and `Screenshot` paths start at; nil: the working directory.
        public var workingDirectory: String?
        /// The layout memos the tape's frames are drawn with (a benchmark passes its own).
        public var layouts: LayoutMemos = .shared

        public init(updateGoldens: Bool = false, stateDirectory: URL? = nil, recordFrames: Bool = false) {
            self.updateGoldens = updateGoldens
            self.stateDirectory = stateDirectory
            self.recordFrames = recordFrames
        }
    }

    /// The virtual clock's start when a tape sets none: 2026-01-30T09:00:00Z.
    public static let defaultStart = Date(timeIntervalSince1970: 1_769_763_600)
    /// Virtual time one key press takes.
    public static let keyMilliseconds: Int64 = 100
    /// Virtual time one typed character takes.
    public static let typeMilliseconds: Int64 = 50
    /// How far `Wait` lets time move between looks at the screen.
    public static let waitStepMilliseconds: Int64 = 100

    let tape: Tape
    let options: Options
    var settings: TapeSettings
    let clock: ManualClock
    let start: Date
    /// The running app (nil after a quit key, until `Relaunch`), driven as the live loop drives
    /// it: keys from the tape, time from the virtual clock.
    var driver: AppDriver?
    var controller: AppController? { driver?.app }
    var stateDirectory: URL { workspace.layout.root }
    /// The tape's state directory opened: the one workspace the tape, its app and its clock use
    /// (a tape's own directory is throwaway, removed when the tape ends, so its writes skip fsyncs).
    let workspace: StateWorkspace
    var ownsStateDirectory: Bool
    var failures: [TapeFailure] = []
    var errors: [String] = []
    var goldensWritten: [String] = []
    var frames: [RecordedFrame] = []
    var lastFrameText: String?
    /// The screen as the current run of read-only steps (`Expect`, `ExpectNot`, `Snapshot`,
    /// `ExpectState`, `ExpectEntitled`) saw it: those change nothing, so it is rendered once for
    /// the run; any other step forgets it.
    var screenOfReadOnlySteps: String?
    /// The cast's and `--live`'s clock (milliseconds), paced by `Set TypingSpeed` and `Set Pause`.
    var presentation: Int64 = 0
    /// The session of an app a quit key ended (until `Relaunch`), and where it quit.
    var quitSession: SimulatorSession?
    var quitAt: TapeLocation?
    /// Frames are kept when asked for (`--cast`, `--svg`, `--live`) or when the tape has an `Output`.
    var recordsFrames: Bool { options.recordFrames || !outputs.isEmpty }
    /// The tape's `Output` lines: written when it ends.
    let outputs: [(name: String, step: TapeStep)]
    /// Between `Hide` and `Show`: steps run and check, but no frame is recorded.
    var hidden = false
    /// The recording's clock when `Hide` came: `Show` takes it up from there.
    var hiddenAt: Int64?
    /// The longest stretch of virtual time (a `Sleep 1d`, a long `Wait`) a cast shows in real time.
    static let longestShownPause: Int64 = 3000

    public init(tape: Tape, options: Options = Options()) {
        self.tape = tape
        self.options = options
        outputs = tape.steps.compactMap { step in if case .output(let name) = step.command { return (name, step) } else { return nil } }
        settings = TapeSettings.initial(for: tape)
        if let dir = options.stateDirectory {
            workspace = StateWorkspace(root: dir)
            ownsStateDirectory = false
        } else {
            workspace = StateWorkspace(root: ScratchDirectory.unique("paywall-sim-tape"), durability: .throwaway)
            ownsStateDirectory = true
        }
        var start = settings.now ?? Self.defaultStart
        // Played on a used state, the tape goes on at the state's time (its saved clock, else the
        // wall clock every `store` command and `serve` on it read), never before what is in it.
        if options.continuesState, !ownsStateDirectory, let saved = workspace.usedStateInstant(), saved > start {
            start = saved
        }
        self.start = start
        clock = ManualClock(start)
    }

    /// Plays the whole tape and returns its result (and frames when asked).
    public func play() -> (result: TapeResult, frames: [RecordedFrame]) {
        defer { if ownsStateDirectory { ScratchDirectory.discard(stateDirectory) } }
        // On a state other processes may share (`serve`, `store` commands), the tape's time is
        // the state's from its first step: a server beside it never runs ahead on another clock.
        if !ownsStateDirectory && !options.continuesState {
            do { try workspace.keep(SimulatedTime(pinnedAt: start)) }
            catch { errors.append("\(tape.file): cannot save the clock: \(error)") }
        }
        launch()
        if errors.isEmpty {
            for step in tape.steps {
                run(step)
                if !errors.isEmpty { break }
            }
        }
        if errors.isEmpty { for output in outputs { write(output.name, step: output.step) } }
        // After a quit key the app is gone, but what it did is still the result.
        // (A quit key's app wrote what it had when it quit.)
        driver?.finish()
        let session = controller?.session ?? quitSession
        // A state that outlives the tape keeps its clock pinned where the tape ended: a `store`
        // command afterwards reads that instant, never the wall clock.
        if !ownsStateDirectory {
            do { try workspace.keep(SimulatedTime(pinnedAt: clock.now())) }
            catch { errors.append("\(tape.file): cannot save the clock: \(error)") }
        }
        let status: TapeResult.Status = !errors.isEmpty ? .invalid : (failures.isEmpty ? .passed : .failed)
        let result = TapeResult(tape: tape.file, status: status, failures: failures, errors: errors,
                                finalState: session?.model.state.name, entitled: session?.model.entitlement.isPremium,
                                events: session?.analytics.events.map(\.name) ?? [], goldensWritten: goldensWritten,
                                virtualMilliseconds: elapsedMilliseconds)
        return (result, frames)
    }

    /// Milliseconds of virtual time since the tape started.
    var elapsedMilliseconds: Int64 { Int64((clock.now().timeIntervalSince(start) * 1000).rounded()) }

    var size: TerminalSize { TerminalSize(width: settings.width, height: settings.height) }

    /// Opens (or reopens, for `Relaunch`) the app on the tape's state directory.
    func launch() {
        // The app that ran before a relaunch has written its analytics: the new one reads them.
        driver?.finish()
        do {
            let app = try AppHost.launch(inputs(), workspace: workspace, clock: clock)
            app.layouts = options.layouts
            driver = AppDriver(app: app, now: clock.now())
            if recordFrame(cause: "launch") { presentation += settings.pauseMilliseconds }
        } catch {
            errors.append("\(tape.file): cannot start the app: \(error)")
        }
    }

    /// The session inputs the tape's settings name (a tape's `Set Profile` wins over `play --profile`).
    func inputs() -> SessionInputs {
        var inputs = settings.inputs
        // The parser already resolved the tape's relative paths against its folder (relative to here).
        inputs.baseDirectory = FileManager.default.currentDirectoryPath
        if inputs.profile == nil { inputs.profile = options.defaultProfile }
        if inputs.storekit == nil { inputs.storekit = options.defaultStorekit }
        // A tape's own temporary directory follows the tape, even when it changes catalog mid-way.
        inputs.switchCatalog = ownsStateDirectory || options.switchCatalog
        inputs.environment = options.environment
        inputs.bundleID = options.bundleID
        inputs.appAppleID = options.appAppleID
        inputs.backendURL = options.backendURL
        inputs.backendEndpoint = options.backendEndpoint
        return inputs
    }

    /// The screen as text, rendered now.
    func screenText() -> String {
        controller?.render(size: size).grid.plainText ?? ""
    }

    /// The screen for a step that only reads it (see `screenOfReadOnlySteps`).
    func screenTextForReadOnlyStep() -> String {
        if let screenOfReadOnlySteps { return screenOfReadOnlySteps }
        let text = screenText()
        screenOfReadOnlySteps = text
        return text
    }

    /// Keeps a frame when the screen changed (for recordings); true when one was kept.
    @discardableResult
    func recordFrame(cause: String?) -> Bool {
        guard recordsFrames, !hidden, let controller else { return false }
        let grid = controller.render(size: size).grid
        let text = grid.plainText
        guard text != lastFrameText else { return false }
        lastFrameText = text
        var frame = RecordedFrame.screen(text, at: elapsedMilliseconds, cause: cause)
        frame.showMilliseconds = presentation
        frame.grid = grid
        frame.theme = controller.theme
        frames.append(frame)
        return true
    }

    /// Lets `milliseconds` of virtual time pass: the driver moves the session's time, turns the
    /// spinner, and commits writes and looks at the state directory on the live loop's cadence.
    func pass(_ milliseconds: Int64) {
        guard let driver else { return }
        driver.elapse(to: clock.now().addingTimeInterval(Double(milliseconds) / 1000), spin: true)
        _ = driver.settle(at: clock.now())
    }
}
