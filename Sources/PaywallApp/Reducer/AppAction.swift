import Foundation
import PaywallCore
import PaywallScreens
import Profiles
import TerminalKit

/// Everything that happens to the running app: a key, an event for the flow or the profile, a
/// spinner frame, time passing, or an answer from an effect.
public enum AppAction: Hashable, Sendable {
    case key(Key)
    /// An event for the flow machine (`FlowMachine`, run by the session).
    case flow(FlowEvent)
    /// An event for the profile's screens (`ProfileReducer`, run by `ProfileFeatures`).
    case profile(ProfileEvent)
    /// The spinner turns one frame.
    case tick
    /// The session's clock reached this instant.
    case elapsed(to: Date)
    /// The flow refused a chat message (the daily limit): it goes back into the input line.
    case messageRefused(String)
    /// The account or Transaction Manager overlay acted on a key: its state after the key, and
    /// whether it stays up (Esc on its menu closes it).
    case storeOverlayAnswered(StoreOverlayAnswer)
    /// The terminal the app is drawn on has this size now (the first frame, a window resize, a
    /// tape's `Set Size`): below the smallest size only quit and help act.
    case resized(TerminalSize)
}

/// What `AppReducer` asks the runtime to do; answers come back as `AppAction`s.
public enum AppEffect: Hashable, Sendable {
    /// Feed an event to the flow machine.
    case flow(FlowEvent)
    /// Send a chat message through the flow (it may be refused: `messageRefused`).
    case sendMessage(String)
    /// Feed an event to the profile's reducer.
    case profile(ProfileEvent)
    /// Let the session's time reach this instant (store answers and renewals due by then arrive).
    case advance(to: Date)
    /// Act on a key of the account or Transaction Manager overlay (it reads and changes the store).
    case storeOverlay(OverlayCommand, in: Overlay)
}

/// The account or Transaction Manager overlay's state after one of its keys.
public struct StoreOverlayAnswer: Hashable, Sendable {
    var state: StoreOverlayState
    /// False: Esc on the account's menu, the overlay closes.
    var staysUp: Bool
}
