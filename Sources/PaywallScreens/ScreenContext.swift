import TerminalKit
import Foundation
import PaywallCore
import Profiles

/// An overlay drawn over the current screen.
public enum Overlay: String, Sendable, Hashable, CaseIterable {
    case none, help, debug
    /// The app's account screen: Manage Subscriptions, Request a Refund, Redeem a Code.
    case account
    /// Xcode's Transaction Manager: the requests and transactions, and what to do to each.
    case transactions
}

/// What the simulated App Store sheet shows about the buyer.
public struct SheetInfo: Sendable, Hashable {
    /// The account the purchase is charged to, e.g. `sandbox.user@example.com`.
    public var account: String
    /// The store environment the state signs for (`Xcode`, `Sandbox`, …); when set the sheet names it
    /// on its `sheet.environment` line, as iOS does.
    public var environment: String?
    /// Ask to Buy is on: the sheet asks a parent for permission instead of buying.
    public var askToBuy: Bool
    /// For a subscriber changing plan: when the new plan starts (nil: no change of plan).
    public var change: PlanChange?

    /// When a change of plan takes effect: at once (an upgrade) or at the renewal on a date.
    public enum PlanChange: Sendable, Hashable {
        case now
        case atRenewal(Date)
    }

    public init(account: String = "sandbox.user@example.com", environment: String? = "Sandbox", askToBuy: Bool = false,
                change: PlanChange? = nil) {
        self.account = account
        self.environment = environment
        self.askToBuy = askToBuy
        self.change = change
    }
}

/// What the debug overlay shows (the seed's `printSubscriptionStatus`), prepared by the runtime.
public struct DebugInfo: Sendable, Hashable {
    /// The flow state's name; empty means "use the model's state name".
    public var stateName: String
    /// The entitlement as the runtime describes it; empty means "describe the model's entitlement".
    public var entitlementLine: String
    /// Store lines, e.g. `products: 3 loaded`, `transactions: 1 unfinished`.
    public var storeLines: [String]
    /// The last analytics events, newest last, already formatted.
    public var events: [String]

    public init(stateName: String = "", entitlementLine: String = "", storeLines: [String] = [], events: [String] = []) {
        self.stateName = stateName
        self.entitlementLine = entitlementLine
        self.storeLines = storeLines
        self.events = events
    }
}

/// The figures the proof screen shows (data, not copy): average rating, ratings, new users this month.
public struct ProofFigures: Sendable, Hashable {
    public var rating: Double
    public var ratingCount: Int
    public var joinedThisMonth: Int

    public init(rating: Double = 4.8, ratingCount: Int = 12_480, joinedThisMonth: Int = 250_000) {
        self.rating = rating
        self.ratingCount = ratingCount
        self.joinedThisMonth = joinedThisMonth
    }
}

/// Everything a screen is drawn from: the flow model plus the UI state the runtime owns.
public struct ScreenContext: Sendable, Hashable {
    public var model: FlowModel
    /// The clock's time when drawing (trial end dates, quota day).
    public var now: Date
    public var timeZone: TimeZone
    /// The copy locale, e.g. `en`, `zh-Hans`, `ko`; dates are formatted in it too.
    public var locale: String
    public var overlay: Overlay
    /// The chat input line being typed.
    public var input: String
    /// Advances once per tick; picks the spinner glyph.
    public var spinnerFrame: Int
    public var sheet: SheetInfo
    public var debug: DebugInfo
    public var proof: ProofFigures
    /// A profile screen shown over the current one (nil: none).
    public var panel: ProfilePanel?
    /// A profile's extra paywall button (nil: none).
    public var paywallButton: PaywallButton?
    /// The chat commands the app's profile answers (`/usage`, `/call MIN [GB]`), for the help overlay.
    public var chatCommands: [String] = []
    /// The entitled subscription will renew (its renewal info's `willAutoRenew`): the purchased
    /// screen says when it renews, not "active until".
    public var renews = false
    /// The account overlay's page, when it is up.
    public var account = AccountInfo()
    /// The Transaction Manager overlay's list, when it is up.
    public var manager = TransactionManagerInfo()

    public init(model: FlowModel, now: Date, timeZone: TimeZone, locale: String = "en", overlay: Overlay = .none,
                input: String = "", spinnerFrame: Int = 0, sheet: SheetInfo = SheetInfo(), debug: DebugInfo = DebugInfo(), proof: ProofFigures = ProofFigures(),
                panel: ProfilePanel? = nil, paywallButton: PaywallButton? = nil) {
        self.model = model
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.overlay = overlay
        self.input = input
        self.spinnerFrame = spinnerFrame
        self.sheet = sheet
        self.debug = debug
        self.proof = proof
        self.panel = panel
        self.paywallButton = paywallButton
    }

    /// The flow context for the same instant and zone.
    public var flowContext: FlowContext { FlowContext(now: now, timeZone: timeZone) }

    /// True while the chat input line takes printable keys (chat, no overlay).
    public var isTextInput: Bool { model.state == .chat && overlay == .none && panel == nil }
}
