import Foundation

/// A message shown on the current screen, as a copy key plus its arguments.
///
/// Keys: `notice.pendingApproval` (product id; it stays after a decline, which StoreKit does not report),
/// `notice.restored`, `notice.nothingToRestore`, `notice.restoreFailed` (reason),
/// `notice.purchasesDisabled`, `notice.verificationFailed` (reason), `chat.limitReached` (limit),
/// `notice.alreadyPremium`, `notice.cachedEntitlement`, `notice.restoring`.
public struct Notice: Hashable, Sendable {
    public var key: String
    public var arguments: [String]

    public init(key: String, arguments: [String] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// Ask to Buy: the purchase waits for a parent's approval.
    public static func pendingApproval(productID: String) -> Notice { Notice(key: "notice.pendingApproval", arguments: [productID]) }
    /// A restore found a premium entitlement.
    public static let restored = Notice(key: "notice.restored")
    /// A restore finished but found nothing premium.
    public static let nothingToRestore = Notice(key: "notice.nothingToRestore")
    /// A restore was cancelled or failed.
    public static func restoreFailed(reason: String) -> Notice { Notice(key: "notice.restoreFailed", arguments: [reason]) }
    /// The `purchasesEnabled` flag is off.
    public static let purchasesDisabled = Notice(key: "notice.purchasesDisabled")
    /// A transaction from the updates stream failed verification; nothing was unlocked.
    public static func verificationFailed(reason: String) -> Notice { Notice(key: "notice.verificationFailed", arguments: [reason]) }
    /// The daily free message limit was reached.
    public static func limitReached(limit: Int) -> Notice { Notice(key: "chat.limitReached", arguments: [String(limit)]) }
    /// The backend is unreachable; the last confirmed entitlement stands in.
    public static let cachedEntitlement = Notice(key: "notice.cachedEntitlement")
    /// A restore is in flight.
    public static let restoring = Notice(key: "notice.restoring")
    /// A subscriber opened the paywall: it changes their plan (argument: the current plan's name).
    public static func changePlan(planName: String) -> Notice { Notice(key: "notice.changePlan", arguments: [planName]) }
    /// A downgrade or crossgrade was accepted: it starts at the next renewal (argument: the new plan's name).
    public static func planChangesAtRenewal(planName: String) -> Notice { Notice(key: "notice.planChangesAtRenewal", arguments: [planName]) }
    /// The user is premium already; nothing to buy.
    public static let alreadyPremium = Notice(key: "notice.alreadyPremium")
}
