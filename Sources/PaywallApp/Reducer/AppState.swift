import PaywallCore
import Profiles

/// Everything the running app is between two actions: what only the UI knows, the flow's state
/// and the profile's screens. `AppReducer` is the one thing that changes it; its children (the
/// flow machine, the profile's reducer) each see only their own part, as TCA's `Scope` hands a
/// child its state.
public struct AppState: Hashable, Sendable {
    /// The overlay up, the chat input line, the spinner, the terminal's size.
    public var ui: AppUIState
    /// Where the flow is (`FlowMachine`'s state): screen, plans, entitlement, quota.
    public var flow: FlowModel
    /// The profile's card and what it remembers; nil without a profile.
    public var profile: ProfileModel?

    public init(ui: AppUIState = AppUIState(), flow: FlowModel, profile: ProfileModel? = nil) {
        self.ui = ui
        self.flow = flow
        self.profile = profile
    }
}
