import Foundation
@testable import PaywallApp
import PaywallCore
import PaywallScreens
import Testing

/// An exhaustive test of `AppReducer`, in the shape of TCA's `TestStore`: every `send` states the
/// whole change of state it expects (as a mutation of the state before) and every effect it
/// expects, in order. Anything else changed, or any effect not named, fails the test.
struct AppReducerTestStore {
    private(set) var state: AppUIState
    /// The flow model the screen shows (what the session would hold).
    var model: FlowModel
    var hasProfile: Bool

    init(state: AppUIState = AppUIState(), model: FlowModel, hasProfile: Bool = false) {
        self.state = state
        self.model = model
        self.hasProfile = hasProfile
    }

    /// The screen a key lands on: the flow model with the UI state as it is now.
    func screen(for state: AppUIState) -> ScreenContext {
        var screen = ScreenContext(model: model, now: Date(timeIntervalSince1970: 1_769_763_600), timeZone: TimeZone(identifier: "UTC")!,
                                   locale: "en", overlay: state.overlay, input: state.input, spinnerFrame: state.spinnerFrame)
        if state.overlay == .account {
            screen.account = AccountInfo(page: state.storeOverlay.page, selected: state.storeOverlay.selected, note: state.storeOverlay.note)
        }
        return screen
    }

    /// Sends `action`; expects the state before changed by exactly `change`, and exactly `effects`.
    mutating func send(_ action: AppAction, effects expected: [AppEffect], sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout AppUIState) -> Void = { _ in }) {
        var wanted = state
        change(&wanted)
        let before = state
        let environment = AppReducer.Environment(screen: { [self] in screen(for: before) }, hasProfile: hasProfile)
        let effects = AppReducer.reduce(into: &state, action, environment)
        #expect(state == wanted, "state after \(action)", sourceLocation: sourceLocation)
        #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
    }

    /// Sends each key of `text` as typed, expecting no effects and the input line to grow by it.
    mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for character in text {
            send(.key(.character(character)), effects: [], sourceLocation: sourceLocation) { $0.input.append(character) }
        }
    }
}
