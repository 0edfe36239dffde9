import Foundation
import PaywallCore
import PaywallScreens
import Profiles
import SimRuntime
import StoreSim
import TerminalKit

/// Everything that happens to the running app: a key, an event for the flow or the profile, a
/// spinner frame, time passing, a change made outside the app, or an answer from an effect.
public enum AppAction: Hashable, Sendable {
    case key(Key)
    /// An event for the flow machine: from a key, an effect's answer, the store (its updates,
    /// another process's changes) or a scheduled answer.
    case flow(FlowEvent)
    /// An event for the profile's screens (`ProfileReducer`).
    case profile(ProfileEvent)
    /// The spinner turns one frame.
    case tick
    /// The session's clock reached this instant.
    case elapsed(to: Date)
    /// The store is looked at now (a tape's `Set Now` moved the clock, an `ExpectStatus` reads
    /// it): what it has due at the clock's instant arrives.
    case storeLooked
    /// The store's switches change from now on (a tape's `Set Store …` after its first step).
    case storeSwitches(StoreSwitches)
    /// The app's backend goes up or down (a tape's `Set Backend`).
    case backend(up: Bool)
    /// The store is acted on from outside the app (a tape's `Store …` line): the App Store,
    /// StoreKit Testing's Transaction Manager, App Store Connect.
    case store(StoreCommand)
    /// What the store said to a `store` action: done, or why not.
    case storeAnswered(StoreOutcome)
    /// The account or Transaction Manager overlay acted on a key: its state after the key, and
    /// whether it stays up (Esc on its menu closes it).
    case storeOverlayAnswered(StoreOverlayAnswer)
    /// The terminal the app is drawn on has this size now (the first frame, a window resize, a
    /// tape's `Set Size`): below the smallest size only quit and help act.
    case resized(TerminalSize)
}

/// What `AppReducer` asks the runtime to do; answers come back as `AppAction`s.
public enum AppEffect: Hashable, Sendable {
    /// Run one of the flow machine's effects against the session (the store, the backend, the
    /// state files); its answers come back as `.flow` actions.
    case flow(FlowEffect)
    /// Run one of the profile reducer's effects (saving, the receipt server, a template purchase).
    case profile(ProfileEffect)
    /// Let the session's time reach this instant (store answers and renewals due by then arrive).
    case advance(to: Date)
    /// Run whatever the store has due at the clock's instant (after the clock was set).
    case pump
    /// Change the store's switches.
    case storeSwitches(StoreSwitches)
    /// Turn the app's backend up or down.
    case backend(up: Bool)
    /// Perform a store command and deliver what it queued; its outcome comes back as `storeAnswered`.
    case perform(StoreCommand)
    /// Act on a key of the account or Transaction Manager overlay (it reads and changes the store).
    case storeOverlay(OverlayCommand, in: Overlay)
}

/// The account or Transaction Manager overlay's state after one of its keys.
public struct StoreOverlayAnswer: Hashable, Sendable {
    var state: StoreOverlayState
    /// False: Esc on the account's menu, the overlay closes.
    var staysUp: Bool
}

/// What the store said to a command from outside the app: its sentence, or its typed refusal.
public enum StoreOutcome: Hashable, Sendable {
    /// Done: the store's sentence saying what.
    case done(String)
    /// Refused by the store's rules (`StoreControlError`: nothing to refund, no such product…).
    case refused(StoreControlError)
    /// Refused as StoreKit would (`StoreKitFailure`: a simulated error, an ineligible offer…).
    case failed(StoreKitFailure)
    /// Any other error, in its words (a state file that cannot be written).
    case error(String)

    /// Whether it is a refusal named `name` (a refusal or a StoreKit error).
    public func isRefusal(named name: StoreErrorName) -> Bool {
        switch self {
        case let .refused(error): error.isNamed(name)
        case let .failed(failure): name.storeKitError == failure.name
        case .done, .error: false
        }
    }

    /// The sentence or the refusal, as a person reads it.
    public var text: String {
        switch self {
        case let .done(said): said
        case let .refused(error): error.description
        case let .failed(failure): failure.description
        case let .error(text): text
        }
    }
}
