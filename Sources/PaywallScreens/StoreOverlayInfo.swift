import CopyDeck
import Foundation
import PaywallCore

/// What the account overlay shows: the app's account screen and the system sheets it opens
/// (Manage Subscriptions, Request a Refund, Redeem a Code, the account's Country or Region),
/// prepared by the runtime.
public struct AccountInfo: Sendable, Hashable {
    /// The page showing: the account's menu or one of the sheets it opens.
    public enum Page: String, Sendable, Hashable, CaseIterable {
        case menu, manage, redeem
        /// The App Store account's Country or Region: the storefronts the catalog has prices for.
        case storefront
    }

    /// How long the customer's access lasts.
    public enum Term: Sendable, Hashable {
        /// The subscription renews on the date (auto-renew on).
        case renews(Date)
        /// The subscription ends on the date (auto-renew off).
        case ends(Date)
        /// A purchase that does not expire.
        case lifetime
    }

    /// One choice of a sheet: a plan of the group (Manage Subscriptions), an offer code (Redeem) or a storefront.
    public struct Choice: Sendable, Hashable {
        /// The plan's or code's name, e.g. `Premium Monthly` or `FRIENDS1M`.
        public var title: String
        /// Price and period, or the code's product (data, e.g. `$14.99 · monthly_14_99`).
        public var detail: String
        /// The customer's current plan (marked "Current").
        public var current: Bool
        /// The plan the subscription changes to at its renewal, on this date (a downgrade or crossgrade).
        public var starts: Date?
        /// A plan's billing period: `detail` is then its price, written "$14.99 / month".
        public var period: BillingPeriod?

        public init(title: String, detail: String, current: Bool = false, starts: Date? = nil, period: BillingPeriod? = nil) {
            self.title = title
            self.detail = detail
            self.current = current
            self.starts = starts
            self.period = period
        }
    }

    public var page: Page
    /// The entitled product's name (nil: no purchase gives access).
    public var product: String?
    public var term: Term?
    /// The sheet's choices (empty on the menu).
    public var choices: [Choice]
    /// The highlighted choice.
    public var selected: Int
    /// The subscription renews: Manage Subscriptions offers to cancel (else to resubscribe).
    public var renews: Bool
    /// What the last action did, or why the store refused it.
    public var note: OverlayNote?

    public init(page: Page = .menu, product: String? = nil, term: Term? = nil, choices: [Choice] = [], selected: Int = 0,
                renews: Bool = false, note: OverlayNote? = nil) {
        self.page = page
        self.product = product
        self.term = term
        self.choices = choices
        self.selected = selected
        self.renews = renews
        self.note = note
    }
}

/// What the Transaction Manager overlay shows (Xcode's Transaction Manager): the waiting requests and
/// the newest transactions, one selected, prepared by the runtime.
public struct TransactionManagerInfo: Sendable, Hashable {
    /// One line of the list.
    public struct Row: Sendable, Hashable {
        /// What the line is, which says what can be done to it.
        public enum Kind: String, Sendable, Hashable {
            /// An Ask to Buy request: approve or decline.
            case askToBuy
            /// An interrupted purchase: resolve.
            case interrupted
            /// An auto-renewable subscription's transaction: refund, expire, renew, delete.
            case subscription
            /// Any other transaction: refund, delete.
            case purchase
            /// A refunded or revoked transaction: delete; a refund can be reversed.
            case revoked
        }

        public var kind: Kind
        /// The request's or transaction's id.
        public var id: String
        public var productID: String
        /// `2026-01-30`: when it was requested or purchased.
        public var day: String
        /// `purchased`, `unfinished`, `refunded`, `upgraded`, `expired · unfinished`, `waiting for approval`, … (data, as Xcode's).
        public var status: String
        /// A refund request for it waits for Apple's decision: approve or decline it.
        public var refundRequested: Bool
        /// A refund Apple can reverse (not a family member's share that was revoked).
        public var reversible: Bool
        /// Its product is removed from sale (App Store Connect): `o` puts it back on sale.
        public var offSale: Bool

        public init(kind: Kind, id: String, productID: String, day: String, status: String, refundRequested: Bool = false,
                    reversible: Bool = false, offSale: Bool = false) {
            self.kind = kind
            self.offSale = offSale
            self.refundRequested = refundRequested
            self.reversible = reversible
            self.id = id
            self.productID = productID
            self.day = day
            self.status = status
        }
    }

    public var rows: [Row]
    /// The highlighted row.
    public var selected: Int
    /// Transactions older than the ones listed (`store transactions` lists them).
    public var older: Int
    public var note: OverlayNote?

    public init(rows: [Row] = [], selected: Int = 0, older: Int = 0, note: OverlayNote? = nil) {
        self.rows = rows
        self.selected = selected
        self.older = older
        self.note = note
    }
}

/// The line an overlay shows after an action: what the store did, or why it refused.
public struct OverlayNote: Sendable, Hashable {
    /// The store's sentence (data, as `store` commands print it; the Transaction Manager's).
    public var text: String
    public var isError: Bool
    /// Copy to show instead of `text` (the account overlay speaks the app's language).
    public var key: String?
    public var arguments: [CopyArgument]
    /// A date for the copy's last argument, written as the screen writes dates.
    public var date: Date?

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
        key = nil
        arguments = []
    }

    /// A note in the deck's copy.
    public static func copy(_ key: String, _ arguments: [CopyArgument] = [], date: Date? = nil, isError: Bool = false) -> OverlayNote {
        var note = OverlayNote("", isError: isError)
        note.key = key
        note.arguments = arguments
        note.date = date
        return note
    }
}
