import Foundation
import PaywallFoundation

/// The names of the actions on the store from outside the app, listed once: a tape's `Store NAME`
/// vocabulary; `StoreCommand(control, words:)` reads a command's arguments.
public enum StoreControl: String, Sendable, CaseIterable {
    /// Approve the oldest Ask to Buy request (or the one named by request or product).
    case approve = "Approve"
    /// Decline the oldest Ask to Buy request (or the one named by request or product).
    case decline = "Decline"
    /// Expire the subscription now (auto-renew off).
    case expire = "Expire"
    /// Refund (revoke) a transaction: the one named, the latest of a product, or the latest.
    case refund = "Refund"
    /// Force a renewal of the subscription now.
    case renew = "Renew"
    /// Billing issues `on` (the next renewal fails into grace or billing retry) or `off` (fixed: renew now).
    case billingIssue = "BillingIssue"
    /// Auto-renew `on|off` for a group (Manage Subscriptions), e.g. `AutoRenew off premium`.
    case autoRenew = "AutoRenew"
    /// Complete an interrupted purchase (the buyer acted outside the app): it arrives as an update.
    case resolve = "Resolve"
    /// Delete a transaction (`SKTestSession.deleteTransaction`): a group with none left is eligible for its intro offer again.
    case delete = "Delete"
    /// The Transaction Manager's buy: `Buy PRODUCT [offer=ID] [quantity=N] [renew=off] [date=ISO-8601]`.
    case buy = "Buy"
    /// App Store Connect raises a price: `PriceIncrease PRODUCT PRICE consent|noConsent`.
    case priceIncrease = "PriceIncrease"
    /// Redeem an offer code by its reference name (the app's redeem sheet): `Redeem CODE [PRODUCT]`.
    case redeem = "Redeem"
    /// A family member buys a `familyShareable` product: `FamilyShare PRODUCT`.
    case familyShare = "FamilyShare"
    /// The family member stops sharing it: `RevokeFamily PRODUCT`.
    case revokeFamily = "RevokeFamily"
    /// The app's refund request sheet (`beginRefundRequest`): `RefundRequest [TRANSACTION|PRODUCT] [REASON]`
    /// (REASON one of Apple's `consumptionRequestReason` values, default `OTHER`). Xcode approves it at once,
    /// the sandbox as `SandboxRefunds` says, Production waits for `ApproveRefund` or `DeclineRefund`.
    case refundRequest = "RefundRequest"
    /// Apple approves a waiting refund request (REFUND): `ApproveRefund [TRANSACTION|PRODUCT]`, default the oldest.
    case approveRefund = "ApproveRefund"
    /// Apple declines a waiting refund request (REFUND_DECLINED): `DeclineRefund [TRANSACTION|PRODUCT]`.
    case declineRefund = "DeclineRefund"
    /// Apple reverses a refund after a dispute (REFUND_REVERSED; the entitlement is back): `ReverseRefund [TRANSACTION|PRODUCT]`.
    case reverseRefund = "ReverseRefund"
    /// The team's server answers a CONSUMPTION_REQUEST (Send Consumption Information):
    /// `Consumption [TRANSACTION|PRODUCT] [DELIVERY] [consumed=PERCENT] [prefer=PREFERENCE] [sample]`.
    case consumption = "Consumption"
    /// How the sandbox answers refund requests from now on ("depending on your testing setup"): `SandboxRefunds approve|decline`.
    case sandboxRefunds = "SandboxRefunds"
    /// App Store Connect's "Remove from Sale": `RemoveFromSale PRODUCT`. Not sold from now on; its
    /// subscribers expire at the end of their period (EXPIRED / PRODUCT_NOT_FOR_SALE).
    case removeFromSale = "RemoveFromSale"
    /// The product is on sale again: `OnSale PRODUCT`.
    case onSale = "OnSale"
    /// The app's Manage Subscriptions sheet turning auto-renew on or off: `ManageSubscriptions on|off [PRODUCT|GROUP]`.
    case manageSubscriptions = "ManageSubscriptions"
    /// Reads or sets what `AppTransaction` reports: bare, the app reads it; `AppTransaction ORIGINAL_VERSION [ORIGINAL_PURCHASE_DATE]` sets it.
    case appTransaction = "AppTransaction"
    /// The app reads a group's subscription status (`Product.SubscriptionInfo.status`): `Status [PRODUCT|GROUP]`.
    case status = "Status"
    /// The App Store account moves to another country's storefront: `Storefront FRA` (alpha-3).
    /// The app re-prices, as on `Storefront.updates`, and later purchases are signed in it.
    case storefront = "Storefront"
}
