import TerminalKit
import PaywallCore

/// What a key press asks the runtime to do.
public enum UIAction: Hashable, Sendable {
    /// Feed an event to the flow machine.
    case flow(FlowEvent)
    /// Open the overlay, or close it when it is the one showing.
    case toggleOverlay(Overlay)
    case closeOverlay
    /// Type into the chat input line.
    case typeCharacter(Character)
    case deleteBackward
    /// Send the chat input line.
    case sendInput
    /// An action of the profile panel or paywall button showing.
    case profile(ProfileAction)
    case quit
    case none
}
