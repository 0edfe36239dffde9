import Foundation
import PaywallFoundation
import PaywallCore
import Testing
@testable import StoreSim
@testable import TeamServer

/// The backend's entitlement index gives the answer a pass over every record gives.
@Suite("Entitlement index")
struct EntitlementIndexTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    static func record(id: Int, original: Int, product: String, type: String, purchase: Date, expires: Date?,
                       revoked: Bool = false, upgraded: Bool = false) -> BackendRecord {
        let payload = TransactionPayload(
            transactionId: String(id), originalTransactionId: String(original), bundleId: "b", productId: product,
            purchaseDate: TransactionPayload.millis(purchase), originalPurchaseDate: TransactionPayload.millis(purchase),
            expiresDate: expires.map(TransactionPayload.millis), quantity: 1, type: type, inAppOwnershipType: "PURCHASED",
            signedDate: TransactionPayload.millis(purchase), revocationDate: revoked ? TransactionPayload.millis(purchase) : nil,
            isUpgraded: upgraded ? true : nil, environment: "Xcode", storefront: "USA", storefrontId: "143441",
            transactionReason: "PURCHASE", price: 990, currency: "USD")
        return BackendRecord(transactionID: String(id), payload: payload, offerID: "A", receivedAt: purchase, source: .purchase)
    }

    /// The rule as one pass over every record, ties by the lower id (what the index must equal).
    static func reference(_ records: [BackendRecord], now: Date, premium: Set<String>?, grace: [String: Date]) -> (String, Date?)? {
        let live = records.filter { r in
            r.payload.revocationDate == nil && r.payload.isUpgraded != true && r.payload.type != "Consumable"
                && (premium?.contains(r.payload.productId) ?? true)
        }
        if let lifetime = live.filter({ $0.payload.type == "Non-Consumable" }).map(\.transactionID).min() { return (lifetime, nil) }
        var best: (String, Date)?
        for r in live {
            var until: Date
            if r.payload.type == "Non-Renewing Subscription" {
                until = BillingPeriod(value: 1, unit: .year).advance(r.payload.purchase, in: FixedOffsetCalendar.utc)
            } else {
                guard let expires = r.payload.expires else { continue }
                until = expires
                if until <= now, let g = grace[r.payload.originalTransactionId], g > now { until = g }
            }
            guard until > now else { continue }
            if best == nil || until > best!.1 || (until == best!.1 && r.transactionID < best!.0) { best = (r.transactionID, until) }
        }
        return best
    }

    @Test(arguments: 1...40)
    func matchesAPassOverEveryRecord(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var records: [BackendRecord] = []
        let products = ["weekly", "yearly", "coins", "lifetime", "pass"]
        for id in 1...Int.random(in: 1...60, using: &rng) {
            let kind = Int.random(in: 0..<10, using: &rng)
            let purchase = Self.start.addingTimeInterval(Double(Int.random(in: 0...20, using: &rng)) * 86_400)
            let original = kind < 6 ? Int.random(in: 1...4, using: &rng) : 100 + id
            let (type, product, expires): (String, String, Date?) = switch kind {
            case 0..<6: ("Auto-Renewable Subscription", products[Int.random(in: 0...1, using: &rng)],
                         purchase.addingTimeInterval(Double(Int.random(in: 1...14, using: &rng)) * 86_400))
            case 6, 7: ("Consumable", "coins", nil)
            case 8: ("Non-Renewing Subscription", "pass", nil)
            default: (Int.random(in: 0...3, using: &rng) == 0 ? "Non-Consumable" : "Consumable", "lifetime", nil)
            }
            records.append(Self.record(id: id, original: original, product: product, type: type, purchase: purchase, expires: expires,
                                       revoked: Int.random(in: 0..<8, using: &rng) == 0, upgraded: Int.random(in: 0..<10, using: &rng) == 0))
        }
        // Change some records afterwards (a later signed state), as a post does.
        var index = EntitlementIndex(records: records)
        for _ in 0..<5 where !records.isEmpty {
            let at = Int.random(in: 0..<records.count, using: &rng)
            var changed = records[at]
            changed.payload.revocationDate = Bool.random(using: &rng) ? TransactionPayload.millis(Self.start) : nil
            if let expires = changed.payload.expires { changed.payload.expiresDate = TransactionPayload.millis(expires.addingTimeInterval(86_400)) }
            index.update(old: records[at], new: changed)
            records[at] = changed
        }
        let grace = ["1": Self.start.addingTimeInterval(15 * 86_400), "3": Self.start.addingTimeInterval(40 * 86_400)]
        for premium in [nil, Set(["weekly", "pass"])] as [Set<String>?] {
            for day in stride(from: -1, through: 45, by: 2) {
                let now = Self.start.addingTimeInterval(Double(day) * 86_400 + 3_600)
                let expected = Self.reference(records, now: now, premium: premium, grace: grace)
                let lifetime = index.lifetimeTransaction(premium: premium)
                let found: (String, Date?)? = lifetime.map { ($0, nil) } ?? index.longestAccess(
                    now: now, premium: premium,
                    nonRenewingEnd: { BillingPeriod(value: 1, unit: .year).advance($0.payload.purchase, in: FixedOffsetCalendar.utc) },
                    grace: { grace[$0] }).map { ($0.transactionID, $0.until) }
                #expect(found?.0 == expected?.0 && found?.1 == expected?.1, "seed \(seed), day \(day), premium \(String(describing: premium))")
            }
        }
    }
}
