import PaywallScreens
import TerminalKit

/// What only the app's UI knows between keys: the overlay up, the account and Transaction
/// Manager's page, the chat input line, the spinner and whether a quit key was pressed.
///
/// The UI's part of `AppState`, beside the flow's `FlowModel` and the profile's `ProfileModel`;
/// `AppReducer` changes all three.
public struct AppUIState: Hashable, Sendable {
    public internal(set) var overlay: Overlay = .none
    /// The account and Transaction Manager overlays' page, highlight and last note.
    var storeOverlay = StoreOverlayState()
    /// The chat input line (at most `AppReducer.longestInput` characters).
    public internal(set) var input = ""
    public internal(set) var spinnerFrame = 0
    /// Set once a quit key was pressed.
    public internal(set) var wantsToQuit = false
    /// The terminal's size as last told (`AppAction.resized`); nil until a driver says it.
    public internal(set) var size: TerminalSize?
    /// What the store said to the last command from outside the app (`AppAction.store`).
    public internal(set) var lastStoreOutcome: StoreOutcome?

    /// Whether the screen is only "Enlarge the window": no screen of the flow can be seen.
    public var isTooSmall: Bool {
        guard let size else { return false }
        return size.width < ScreenRenderer.minimumSize.width || size.height < ScreenRenderer.minimumSize.height
    }

    public init() {}
}
