/// What a key asks of a profile's own screen (the card that is up, or the paywall's extra button):
/// typed, so the key map, the screens and the app agree on every action by the compiler's word.
public enum ProfileAction: Hashable, Sendable {
    /// Enter: the card's main action (pay, upgrade, watch, or just close a message).
    case confirm
    /// Esc: close the card (cancel Apple Pay).
    case close
    /// The paywall's Apple Pay button: open the Apple Pay sheet for the selected plan.
    case applePay
    /// On the Apple Pay sheet: the card is declined (nothing is charged).
    case declineCard
    /// On a rewarded ad: close it before the end (no reward).
    case closeAdEarly
    /// In the template store: go Pro (opens the paywall).
    case goPro
    /// In the template store: buy the template with this id.
    case buyTemplate(String)
}
