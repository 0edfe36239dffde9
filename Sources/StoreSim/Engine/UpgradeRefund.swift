import Foundation

/// The refund an upgrade gives for the part of the old subscription not used. Apple (Auto-renewable
/// subscriptions, "Ranking"): on an upgrade the customer is "immediately upgraded and receive[s] a
/// refund of the prorated amount of their original subscription". Apple's payloads carry no amount
/// for it (the old transaction says `isUpgraded`), so the store works it out where it lists them.
public enum UpgradeRefund {
    /// `price` (the payload's milliunits) times the part of `purchase`…`expires` left at
    /// `upgradedAt`, to the hundredth of the currency (10 milliunits).
    public static func amount(price: Int64, purchase: Date, expires: Date, upgradedAt: Date) -> Int64 {
        let length = expires.timeIntervalSince(purchase)
        guard length > 0, price > 0 else { return 0 }
        let unused = min(max(0, expires.timeIntervalSince(upgradedAt)), length)
        return Int64((Double(price) * unused / length / 10).rounded()) * 10
    }

    /// Milliunits as an amount with two decimals: 7130 → `7.13`.
    public static func text(milliunits: Int64) -> String {
        let cents = milliunits / 10
        let sign = cents < 0 ? "-" : ""
        let whole = abs(cents) / 100, fraction = abs(cents) % 100
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The refund of each upgraded transaction in `newestFirst` (a listing page, newest first), by
    /// transaction id. The transaction that replaced one is newer and of the same subscription, so
    /// it is on the same page; the upgrade happened at its purchase.
    public static func amounts(_ newestFirst: [TransactionPayload]) -> [String: Int64] {
        var out: [String: Int64] = [:]
        var newerStart: [String: Date] = [:]
        for payload in newestFirst {
            if payload.isUpgraded == true, let expires = payload.expires, let upgradedAt = newerStart[payload.originalTransactionId] {
                out[payload.transactionId] = amount(price: payload.price, purchase: payload.purchase, expires: expires, upgradedAt: upgradedAt)
            }
            newerStart[payload.originalTransactionId] = payload.purchase
        }
        return out
    }
}
