import Foundation
import PaywallCore
import PaywallScreens
import PaywallFoundation
import TerminalKit

/// The app's one reducer: a key becomes a change of `AppUIState` and effects for the flow, the
/// profile and the store overlays (the children, each with its own pure reducer, as TCA's `Scope`
/// hands a child its actions); time and the spinner are actions too. Pure: no session, no clock.
public enum AppReducer {
    /// The longest chat input line, in characters.
    public static let longestInput = 200

    /// What the reducer reads besides its state: the screen the key lands on (only a key reads
    /// it, so it is built only then) and whether a profile answers chat commands.
    public struct Environment {
        public var screen: () -> ScreenContext
        public var hasProfile: Bool

        public init(screen: @escaping () -> ScreenContext, hasProfile: Bool) {
            self.screen = screen
            self.hasProfile = hasProfile
        }
    }

    /// Applies `action` to `state`; returns the effects to run, in order.
    public static func reduce(into state: inout AppUIState, _ action: AppAction, _ environment: Environment) -> [AppEffect] {
        switch action {
        case let .key(key):
            // Behind "Enlarge the window" the user sees no screen: only quit and help act.
            if state.isTooSmall { return reduce(into: &state, KeyMap.tooSmallAction(for: key), hasProfile: environment.hasProfile) }
            return reduce(into: &state, KeyMap.action(for: key, context: environment.screen()), hasProfile: environment.hasProfile)
        case let .flow(event):
            return [.flow(event)]
        case let .profile(event):
            return [.profile(event)]
        case .tick:
            state.spinnerFrame &+= 1
            return []
        case let .elapsed(date):
            return [.advance(to: date)]
        case let .messageRefused(text):
            state.input = text
            return []
        case let .resized(size):
            state.size = size
            return []
        case let .storeOverlayAnswered(answer):
            state.storeOverlay = answer.state
            if !answer.staysUp { state.overlay = .none }
            return []
        }
    }

    /// What a key's `UIAction` (from `KeyMap`) does.
    static func reduce(into state: inout AppUIState, _ action: UIAction, hasProfile: Bool) -> [AppEffect] {
        switch action {
        case let .flow(event):
            return [.flow(event)]
        case let .toggleOverlay(which):
            state.overlay = state.overlay == which ? .none : which
            state.storeOverlay.reset()
        case .closeOverlay:
            state.overlay = .none
        case let .overlay(command):
            return [.storeOverlay(command, in: state.overlay)]
        case let .typeCharacter(character):
            if state.input.count < longestInput { state.input.append(character) }
        case .deleteBackward:
            if !state.input.isEmpty { state.input.removeLast() }
        case .sendInput:
            let text = TrimmedText.ofWhitespace(state.input)
            guard !text.isEmpty else { return [] }
            state.input = ""
            // A slash line is the profile's command; without a profile it is a message like any other.
            return hasProfile && text.hasPrefix("/") ? [.profile(.command(text))] : [.sendMessage(text)]
        case let .profile(action):
            return hasProfile ? [.profile(.action(action))] : []
        case .quit:
            state.wantsToQuit = true
        case .none:
            break
        }
        return []
    }
}
