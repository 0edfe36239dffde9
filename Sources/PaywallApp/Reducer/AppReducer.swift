import Foundation
import PaywallCore
import PaywallScreens
import PaywallFoundation
import Profiles
import TerminalKit

/// The app's one reducer: every action — a key, time, a resize, a change from outside the app,
/// an effect's answer — changes `AppState` and returns the effects to run. Composed from scoped
/// children as TCA's `Scope` composes them: the flow machine gets `.flow` events and the flow's
/// state, the profile's reducer `.profile` events and the profile's state. Pure: no session, no
/// clock; what it reads besides the state comes in its `Environment`.
public enum AppReducer {
    /// The longest chat input line, in characters.
    public static let longestInput = 200

    /// What the reducer reads besides its state.
    public struct Environment {
        /// The screen a key lands on (only a key reads it, so it is built only then).
        public var screen: () -> ScreenContext
        /// The flow machine's instant and time zone.
        public var flow: () -> FlowContext
        /// What the profile's reducer reads, from the flow's state as it is then; nil without a profile.
        public var profile: ((FlowModel) -> ProfileContext)?

        public init(screen: @escaping () -> ScreenContext, flow: @escaping () -> FlowContext,
                    profile: ((FlowModel) -> ProfileContext)? = nil) {
            self.screen = screen
            self.flow = flow
            self.profile = profile
        }

        var hasProfile: Bool { profile != nil }
    }

    /// Applies `action` to `state`; returns the effects to run, in order.
    public static func reduce(into state: inout AppState, _ action: AppAction, _ environment: Environment) -> [AppEffect] {
        switch action {
        case let .key(key):
            // Behind "Enlarge the window" the user sees no screen: only quit and help act.
            let action = state.ui.isTooSmall ? KeyMap.tooSmallAction(for: key) : KeyMap.action(for: key, context: environment.screen())
            return reduce(into: &state, action, environment)
        case let .flow(event):
            return FlowMachine.reduce(into: &state.flow, event, context: environment.flow()).map(AppEffect.flow)
        case let .profile(event):
            guard let profile = state.profile, let context = environment.profile?(state.flow) else { return [] }
            let (next, effects) = ProfileReducer.reduce(profile, event, context: context)
            state.profile = next
            return effects.map(AppEffect.profile)
        case .tick:
            state.ui.spinnerFrame &+= 1
            return []
        case let .elapsed(date):
            return [.advance(to: date)]
        case .storeLooked:
            return [.pump]
        case let .storeSwitches(switches):
            return [.storeSwitches(switches)]
        case let .backend(up):
            return [.backend(up: up)]
        case let .store(command):
            state.ui.lastStoreOutcome = nil
            return [.perform(command)]
        case let .storeAnswered(outcome):
            state.ui.lastStoreOutcome = outcome
            return []
        case let .resized(size):
            state.ui.size = size
            return []
        case let .storeOverlayAnswered(answer):
            state.ui.storeOverlay = answer.state
            if !answer.staysUp { state.ui.overlay = .none }
            return []
        }
    }

    /// What a key's `UIAction` (from `KeyMap`) does.
    static func reduce(into state: inout AppState, _ action: UIAction, _ environment: Environment) -> [AppEffect] {
        switch action {
        case let .flow(event):
            return reduce(into: &state, AppAction.flow(event), environment)
        case let .toggleOverlay(which):
            state.ui.overlay = state.ui.overlay == which ? .none : which
            state.ui.storeOverlay.reset()
        case .closeOverlay:
            state.ui.overlay = .none
        case let .overlay(command):
            return [.storeOverlay(command, in: state.ui.overlay)]
        case let .typeCharacter(character):
            if state.ui.input.count < longestInput { state.ui.input.append(character) }
        case .deleteBackward:
            if !state.ui.input.isEmpty { state.ui.input.removeLast() }
        case .sendInput:
            let text = TrimmedText.ofWhitespace(state.ui.input)
            guard !text.isEmpty else { return [] }
            state.ui.input = ""
            // A slash line is the profile's command; without a profile it is a message like any other.
            if environment.hasProfile && text.hasPrefix("/") { return reduce(into: &state, AppAction.profile(.command(text)), environment) }
            let sent = state.flow.transcript.count
            let effects = reduce(into: &state, AppAction.flow(.sendMessage(text)), environment)
            // The flow refused it (the daily limit): it goes back into the input line.
            if state.flow.transcript.count == sent { state.ui.input = text }
            return effects
        case let .profile(action):
            return environment.hasProfile ? reduce(into: &state, AppAction.profile(.action(action)), environment) : []
        case .quit:
            state.ui.wantsToQuit = true
        case .none:
            break
        }
        return []
    }
}
