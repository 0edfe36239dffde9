import Foundation

/// One action on the store from outside the app, with typed arguments: what a tape's `Store …`
/// line, `paywall-sim store …` and the app's overlays build, and `SimulatedStore.perform` performs.
/// Its targets are resolved against the store when it is performed (`StoreTargetResolver`); nil
/// means the obvious one (the oldest request, the latest transaction or subscription).
public enum StoreCommand: Hashable, Sendable {
    /// Approve an Ask to Buy request.
    case approve(StoreTarget.Request?)
    /// Decline an Ask to Buy request.
    case decline(StoreTarget.Request?)
    /// Expire a subscription now (auto-renew off).
    case expire(StoreTarget.Group?)
    /// Refund (revoke) a transaction with Apple's revocation reason.
    case refund(StoreTarget.Transaction?, reason: RevocationReason)
    /// Force a renewal now.
    case renew(StoreTarget.Group?)
    /// Billing issues on (renewals fail into grace or billing retry) or off (fixed: renew now); the
    /// group, when given, must be a subscription's.
    case billingIssue(Bool, StoreTarget.Group?)
    /// Auto-renew on or off for a group.
    case autoRenew(Bool, StoreTarget.Group?)
    /// Complete an interrupted purchase, or fix the billing issue of a group in billing retry.
    case resolve(StoreTarget.Request?)
    /// Delete a transaction (`SKTestSession.deleteTransaction`).
    case delete(StoreTarget.Transaction)
    /// The Transaction Manager's buy with its options.
    case buy(StoreTarget.Product, options: StoreBuyOptions)
    /// App Store Connect raises a subscription's price, with or without the subscriber's consent.
    case priceIncrease(StoreTarget.Product, price: Decimal, consent: Bool)
    /// Redeem an offer code by reference name (the app's redeem sheet), optionally for one product.
    case redeem(code: String, product: StoreTarget.Product?)
    /// A family member buys a `familyShareable` product.
    case familyShare(StoreTarget.Product)
    /// The family member stops sharing it.
    case revokeFamily(StoreTarget.Product)
    /// The app's refund request sheet, with the customer's reason (nil: `OTHER`).
    case refundRequest(StoreTarget.Transaction?, reason: RefundRequestReason?)
    /// Apple approves a waiting refund request.
    case approveRefund(StoreTarget.Transaction?)
    /// Apple declines a waiting refund request.
    case declineRefund(StoreTarget.Transaction?)
    /// Apple reverses a refund after a dispute.
    case reverseRefund(StoreTarget.Transaction?)
    /// The team's server answers the App Store's CONSUMPTION_REQUEST for a refund request's transaction.
    case consumption(StoreTarget.Transaction?, ConsumptionInformation)
    /// How the sandbox answers refund requests from now on.
    case sandboxRefunds(SandboxRefundAnswer)
    /// App Store Connect's "Remove from Sale".
    case removeFromSale(StoreTarget.Product)
    /// The product is on sale again.
    case onSale(StoreTarget.Product)
    /// The app's Manage Subscriptions sheet turning auto-renew on or off.
    case manageSubscriptions(Bool, StoreTarget.Group?)
    /// The app reads `AppTransaction` (version nil), or it is set to this original version and
    /// purchase date (nil: the one it has).
    case appTransaction(originalVersion: String?, purchaseDate: Date?)
    /// The app reads a group's subscription status.
    case status(StoreTarget.Group?)
    /// The App Store account moves to another storefront.
    case storefront(Storefront)

    /// The control's name, as a tape writes it (`Store Refund …`).
    public var control: StoreControl {
        switch self {
        case .approve: .approve
        case .decline: .decline
        case .expire: .expire
        case .refund: .refund
        case .renew: .renew
        case .billingIssue: .billingIssue
        case .autoRenew: .autoRenew
        case .resolve: .resolve
        case .delete: .delete
        case .buy: .buy
        case .priceIncrease: .priceIncrease
        case .redeem: .redeem
        case .familyShare: .familyShare
        case .revokeFamily: .revokeFamily
        case .refundRequest: .refundRequest
        case .approveRefund: .approveRefund
        case .declineRefund: .declineRefund
        case .reverseRefund: .reverseRefund
        case .consumption: .consumption
        case .sandboxRefunds: .sandboxRefunds
        case .removeFromSale: .removeFromSale
        case .onSale: .onSale
        case .manageSubscriptions: .manageSubscriptions
        case .appTransaction: .appTransaction
        case .status: .status
        case .storefront: .storefront
        }
    }
}
