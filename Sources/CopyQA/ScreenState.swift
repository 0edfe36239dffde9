import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// One state of one screen to render: a name for reports and the context it is drawn from.
public struct ScreenState: Sendable {
    /// The screen, as reports group by it: `onboarding`, `paywall`, `sheet`, `error`, `chat`, `help`, …
    public var screen: String
    /// Which state of the screen: `page 2`, `plan yearly_59_99`, `error.purchaseFailed`, …
    public var state: String
    /// The offer this state depends on; nil when it looks the same for every offer.
    public var offer: OfferID?
    public var context: ScreenContext

    public init(screen: String, state: String, offer: OfferID?, context: ScreenContext) {
        self.screen = screen
        self.state = state
        self.offer = offer
        self.context = context
    }

    /// `paywall · plan yearly_59_99`.
    public var label: String { state.isEmpty ? screen : "\(screen) · \(state)" }
}
