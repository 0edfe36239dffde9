import Foundation

/// A state directory's settings as one persisted value (`settings.json`): what the directory was
/// made with (`StateSetup`: profile, catalog, environment, bundle id, app Apple ID) and its clock.
///
/// `StateWorkspace` is its one reader and writer; a change of one part keeps the other as another
/// process left it (`StateWorkspace.changeSettings`). The account's storefront and the store's
/// switches are Apple's side: the store's ledger keeps them, journaled with the transactions.
public struct StateSettings: Codable, Hashable, Sendable {
    /// What the directory was made with; nil for a new state.
    public var setup: StateSetup?
    /// The clock as kept (pinned instant or wall offset); nil: the wall clock.
    var clock: SimulatedTime.Stored?

    init(setup: StateSetup? = nil, clock: SimulatedTime.Stored? = nil) {
        self.setup = setup
        self.clock = clock
    }
}
