import TerminalKit
import PaywallCore

/// What a key press asks the runtime to do.
public enum UIAction: Hashable, Sendable {
    /// Feed an event to the flow machine.
    case flow(FlowEvent)
    /// Open the overlay, or close it when it is the one showing.
    case toggleOverlay(Overlay)
    case closeOverlay
    /// A key of the account or Transaction Manager overlay.
    case overlay(OverlayCommand)
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

/// What a key asks of the account or Transaction Manager overlay.
public enum OverlayCommand: Hashable, Sendable {
    /// Move the highlight up (-1) or down (+1).
    case move(by: Int)
    /// Enter: change to the highlighted plan, redeem the highlighted code, move to the highlighted storefront.
    case choose
    /// Esc: back to the account's menu, or close.
    case back
    /// The account's menu: open Manage Subscriptions, Redeem a Code, Country or Region; request a refund.
    case open(AccountInfo.Page)
    case requestRefund
    /// Manage Subscriptions: cancel (auto-renew off), or resubscribe when it is off.
    case toggleAutoRenew
    /// The Transaction Manager's actions on the highlighted row.
    case approve, decline, resolve, refund, expire, renew, delete
    /// The team's server answers the highlighted row's CONSUMPTION_REQUEST: delivered (Send Consumption Information).
    case sendConsumption
    /// The highlighted row's product is removed from sale, or put back on sale (App Store Connect's "Remove from Sale").
    case toggleSale
}
