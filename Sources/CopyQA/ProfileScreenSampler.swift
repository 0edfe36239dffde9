import PaywallApp
import Foundation
import PaywallCore
import PaywallFoundation
import SimRuntime
import PaywallScreens
import TerminalKit

/// The screens a profile adds (member status, Apple Pay sheet, feature gate, ads, usage, template
/// store), reached the way a person reaches them: a real session on a scratch state directory,
/// driven with the same commands and keys, one run per locale. Each panel shown becomes a state
/// of the sweep, so `copy check --profile NAME` checks every word of them.
enum ProfileScreenSampler {
    /// One step: a chat command or a key, then whether to record the panel it shows.
    enum Step {
        case command(String)
        case key(Key)
    }

    /// The steps for the screens `profile` lists; each run starts in chat, Apple Pay on the paywall.
    static func script(for screens: Set<String>) -> [[Step]] {
        var runs: [[Step]] = [[.command("/unknown")]]
        if screens.contains("memberStatus") { runs.append([.command("/status")]) }
        if screens.contains("featureGate") { runs.append([.command("/feature videoCall")]) }
        if screens.contains("usage") { runs.append([.command("/call 130 3"), .key(.escape), .command("/usage"), .key(.escape), .command("/call")]) }
        if screens.contains("ads") { runs.append([.command("/ad"), .key(.enter), .key(.escape), .command("/ad"), .key(.character("x"))]) }
        if screens.contains("templates") { runs.append([.command("/templates"), .key(.character("1"))]) }
        return runs
    }

    /// Every panel the profile shows in `locale`, as sweep states (no offer: they look the same for each).
    static func states(profile: String, baseDirectory: String, locale: String, now: Date, timeZone: TimeZone) throws -> [ScreenState] {
        var inputs = SessionInputs()
        inputs.profile = profile
        inputs.baseDirectory = baseDirectory
        inputs.locale = locale
        inputs.timeZone = timeZone.identifier
        var out: [ScreenState] = []
        let probe = try controller(inputs, start: .chat, now: now)
        defer { ScratchDirectory.discard(probe.directory) }
        guard let features = probe.app.features else { return [] }
        let screens = Set(features.profile.screens.map(\.rawValue))
        for run in script(for: screens) {
            let (app, directory) = try controller(inputs, start: .chat, now: now)
            defer { ScratchDirectory.discard(directory) }
            for step in run {
                switch step {
                case let .command(text):
                    for character in text { app.handle(.character(character)) }
                    app.handle(.enter)
                    record(app, step: text, into: &out)
                case let .key(key):
                    app.handle(key)
                    record(app, step: "key", into: &out)
                }
            }
        }
        if screens.contains("applePay"), features.paywallButton != nil {
            let (app, directory) = try controller(inputs, start: .paywall, now: now)
            defer { ScratchDirectory.discard(directory) }
            for key in [Key.character("a"), .escape, .escape, .character("a"), .character("x")] {
                app.handle(key)
                record(app, step: "Apple Pay", into: &out)
            }
        }
        return out
    }

    private static func record(_ app: AppController, step: String, into out: inout [ScreenState]) {
        let context = app.screenContext()
        guard let panel = context.panel else { return }
        out.append(ScreenState(screen: panel.name, state: step, offer: nil, context: context))
    }

    private static func controller(_ inputs: SessionInputs, start: StartScreen, now: Date) throws -> (app: AppController, directory: URL) {
        var inputs = inputs
        inputs.start = start
        let directory = ScratchDirectory.unique("paywallsim-sweep")
        do {
            // Removed when the sweep has drawn it: its writes skip their fsyncs.
            return (try AppHost.launch(inputs, workspace: StateWorkspace(root: directory, durability: .throwaway), clock: ManualClock(now)), directory)
        } catch {
            ScratchDirectory.discard(directory)
            throw error
        }
    }
}
