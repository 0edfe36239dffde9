import Foundation
@testable import PaywallApp
import PaywallCore
import PaywallScreens
import Profiles
import StoreSim
import Testing

/// An exhaustive test of `AppReducer`, in the shape of TCA's `TestStore`: every `send` states the
/// whole change of `AppState` it expects (as a mutation of the state before) and every effect it
/// expects, in order. Anything else changed, or any effect not named, fails the test. Effects
/// given an answer (`answers`) feed it back as actions, which the test takes in order with
/// `receive`, stating their changes and effects the same way; `finish` fails on any left over.
struct AppReducerTestStore {
    private(set) var state: AppState
    var hasProfile: Bool
    /// What the runtime answers an effect with (an effect not listed answers nothing).
    var answers: [AppEffect: [AppAction]] = [:]
    /// Answers fed back and not yet taken by `receive`.
    private(set) var received: [AppAction] = []
    static let now = Date(timeIntervalSince1970: 1_769_763_600)
    static let utc = TimeZone(identifier: "UTC")!

    init(state: AppUIState = AppUIState(), model: FlowModel, hasProfile: Bool = false) {
        self.state = AppState(ui: state, flow: model, profile: hasProfile ? ProfileModel(saved: ProfileState()) : nil)
        self.hasProfile = hasProfile
    }

    /// The screen a key lands on: the state as it is before the key.
    static func screen(for state: AppState) -> ScreenContext {
        var screen = ScreenContext(model: state.flow, now: now, timeZone: utc, locale: "en", overlay: state.ui.overlay,
                                   input: state.ui.input, spinnerFrame: state.ui.spinnerFrame)
        if state.ui.overlay == .account {
            screen.account = AccountInfo(page: state.ui.storeOverlay.page, selected: state.ui.storeOverlay.selected, note: state.ui.storeOverlay.note)
        }
        return screen
    }

    /// The flow's state after `event`, as the flow machine alone gives it (what the flow scope must hand on).
    func flow(after event: FlowEvent) -> (FlowModel, [AppEffect]) {
        var flow = state.flow
        let effects = FlowMachine.reduce(into: &flow, event, context: FlowContext(now: Self.now, timeZone: Self.utc))
        return (flow, effects.map(AppEffect.flow))
    }

    /// The profile's context the store's environment gives, from the flow's state.
    static func profileContext(_ flow: FlowModel) -> ProfileContext {
        ProfileContext(profile: BuiltInProfiles.chat, now: now, timeZone: utc, seed: 1, entitlement: flow.entitlement,
                       backendUp: true, paywallPlanID: nil, catalog: .embedded, storefront: "USA", locale: "en", text: { $0 })
    }

    /// The profile's state after `event`, as the profile's reducer alone gives it.
    func profile(after event: ProfileEvent) -> (ProfileModel?, [AppEffect]) {
        guard let profile = state.profile else { return (nil, []) }
        let (next, effects) = ProfileReducer.reduce(profile, event, context: Self.profileContext(state.flow))
        return (next, effects.map(AppEffect.profile))
    }

    private func environment(before: AppState) -> AppReducer.Environment {
        var profile: ((FlowModel) -> ProfileContext)?
        if hasProfile { profile = { flow in Self.profileContext(flow) } }
        return AppReducer.Environment(screen: { Self.screen(for: before) }, flow: { FlowContext(now: Self.now, timeZone: Self.utc) },
                                      profile: profile)
    }

    /// Sends `action`; expects the state before changed by exactly `change`, and exactly `effects`.
    mutating func send(_ action: AppAction, effects expected: [AppEffect], sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout AppState) -> Void = { _ in }) {
        reduce(action, expected, sourceLocation, change)
    }

    /// Takes the oldest answer fed back by an effect; expects it to be `action`, and then as `send`.
    mutating func receive(_ action: AppAction, effects expected: [AppEffect], sourceLocation: SourceLocation = #_sourceLocation,
                          _ change: (inout AppState) -> Void = { _ in }) {
        guard !received.isEmpty else {
            Issue.record("expected to receive \(action), but no effect answered", sourceLocation: sourceLocation)
            return
        }
        let next = received.removeFirst()
        #expect(next == action, "the action received", sourceLocation: sourceLocation)
        reduce(next, expected, sourceLocation, change)
    }

    /// Fails when an effect's answer was fed back and never received.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(received.isEmpty, "answers not received: \(received)", sourceLocation: sourceLocation)
    }

    private mutating func reduce(_ action: AppAction, _ expected: [AppEffect], _ sourceLocation: SourceLocation,
                                 _ change: (inout AppState) -> Void) {
        var wanted = state
        change(&wanted)
        let effects = AppReducer.reduce(into: &state, action, environment(before: state))
        #expect(state == wanted, "state after \(action)", sourceLocation: sourceLocation)
        #expect(effects == expected, "effects of \(action)", sourceLocation: sourceLocation)
        for effect in effects { received += answers[effect] ?? [] }
    }

    /// Sends each key of `text` as typed, expecting no effects and the input line to grow by it.
    mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for character in text {
            send(.key(.character(character)), effects: [], sourceLocation: sourceLocation) { $0.ui.input.append(character) }
        }
    }
}
