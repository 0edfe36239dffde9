import PaywallApp
import ArgumentParser
import Foundation
import Profiles
import PaywallFoundation
import NcursesTerminal
import SimRuntime
import Tapes
import PaywallScreens
import TerminalKit

/// `paywall-sim run`: the interactive simulator in this terminal.
public struct RunCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play the paywall flow interactively in this terminal (the default command).",
        discussion: """
        Keys: Enter continue, buy, confirm, send · → continue (on offer B's cards: next card) · ← back (cards: previous card) · s skip onboarding · ↑↓ (k j) select a plan · \
        r restore · n/Esc not now, cancel, close · Tab paywall from chat · ?/F1 help · d/F2 debug · \
        u/F3 account & subscriptions · t/F4 Transaction Manager · q quit · Ctrl+C quit anywhere.
        """)

    @OptionGroup public var options: SimulationOptions

    @Option(name: .long, help: ArgumentHelp("Theme: dark, light, mono, or a .theme file.", valueName: "NAME|FILE"))
    public var theme: String = "dark"

    @Option(name: .long, help: ArgumentHelp("Write the keys you press as a tape you can replay with `paywall-sim play`.",
                                            valueName: "FILE.tape"))
    public var record: String?

    public init() {}

    public func validate() throws {
        // A theme name that is none of the built-in ones (not a file either) is a bad value, as other options' are.
        if !theme.contains("/"), !theme.hasSuffix(".theme"), !Theme.builtInNames.contains(theme) {
            let close = Theme.builtInNames.filter { Spelling.editDistance(theme.lowercased(), $0) <= 2 }
            throw ValidationError("--theme \(theme): unknown theme\(close.isEmpty ? "" : " (did you mean \(close[0])?)"), expected one of \(Theme.builtInNames.joined(separator: ", ")) or a path to a .theme file")
        }
        // The recording is written at the end: a path it cannot be written to is refused now, not after the session.
        if let record {
            let folder = URL(fileURLWithPath: record).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
                  FileManager.default.isWritableFile(atPath: folder) else {
                throw ValidationError("--record \(record): \(folder) is not a writable folder, expected a path a tape can be written to")
            }
        }
    }

    public func run() throws {
        // The run's one workspace: its setup, its app, its store and its clock.
        let workspace = StateWorkspace(root: options.stateDirectory)
        let (settings, loadedTheme) = try options.inputs(theme: theme).resolve(workspace: workspace)
        for warning in settings.warnings { Console.err(warning) }
        if let missing = TerminalCheck.missingTerminal {
            throw Diagnostic("paywall-sim run needs a terminal, but \(missing) \(missing.contains(" and ") ? "are not TTYs" : "is not a TTY"). To replay a flow without one, write a tape and run `paywall-sim play TAPE`.")
        }
        let clock = try options.makeClock(in: workspace)
        // A recording replays on the clock this run started on (pinned with --now, or the saved one).
        let started = clock.now()
        let controller = try AppHost.launch(settings: settings, theme: loadedTheme, clock: clock)
        let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
        let screen = NcursesScreen(theme: loadedTheme, options: .init(colorDepth: depth, controlKeysAsKeys: true))
        try screen.start()
        defer { screen.stop() }
        var loop = LiveLoop(controller: controller, screen: screen, clock: clock)
        loop.run()
        screen.stop()
        try clock.leave()
        if let record {
            var inputs = options.inputs(theme: theme)
            inputs.start = controller.session.startScreen
            // Paths as the run resolved them, so the tape finds its files from wherever it is kept.
            inputs.storekit = inputs.storekit.map(inputs.absolute)
            inputs.copy = inputs.copy.map(inputs.absolute)
            inputs.config = inputs.config.map(inputs.absolute)
            if let profile = inputs.profile, ProfileLoader.namesAFile(profile) { inputs.profile = inputs.absolute(profile) }
            if theme.contains("/") || theme.hasSuffix(".theme") { inputs.theme = inputs.absolute(theme) }
            let size = loop.firstSize ?? loop.lastSize
            let recorded = TapeSettings(width: size.width, height: size.height,
                                        now: options.stateOptions.pinnedNow ?? started, inputs: inputs)
            let text = TapeRecorder().record(loop.presses, header: ["# Recorded by paywall-sim run --record"] + recorded.setLines(), size: size,
                                             expectations: Self.expectations(controller, size: loop.lastSize), endsWithQuit: loop.quit)
            do { try text.write(toFile: record, atomically: true, encoding: .utf8) }
            catch { throw Diagnostic("\(record): cannot write the tape: \(FileErrorText.reason(error))") }
            let keys = loop.presses.filter { $0.key != .resize }.count
            Console.out("Recorded \(keys) key \(keys == 1 ? "press" : "presses") to \(record)")
        }
    }

    /// What the screen shows when the recording ends, as tape checks: the flow state and the
    /// screen's title (when one is drawn whole).
    static func expectations(_ controller: AppController, size: TerminalSize) -> [String] {
        var lines = ["# What the screen showed at the end:", "ExpectState \(controller.session.model.state.name)"]
        let screen = controller.render(size: size)
        if let title = screen.drawn.first(where: { $0.slot == .title && !$0.truncated && $0.lines.count == 1 })?.lines.first?
            .trimmingCharacters(in: .whitespaces), !title.isEmpty {
            lines.append("Expect \(TapeMatcher.quote(title))")
        }
        return lines
    }
}

