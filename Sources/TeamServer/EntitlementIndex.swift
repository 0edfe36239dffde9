import Foundation
import StoreKitVocabulary
import StoreSim

/// The backend's records that can entitle, arranged so the entitlement at an instant is found
/// without reading every record: consumables, revoked and upgraded-away transactions are left
/// out, and each subscription's transactions (by original transaction id) are kept by expiry.
///
/// The answer is the one a pass over every record gives: the lowest-id live non-consumable, else
/// the record whose access lasts longest (ties: the lowest id), a subscription's access running
/// through its billing grace period.
struct EntitlementIndex {
    /// A transaction that can entitle until `expires` (a subscription), with what picks between them.
    struct Entry: Hashable {
        var expires: Date
        var transactionID: String
        var productID: String

        /// Longer access first, then the lower id.
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            a.expires != b.expires ? a.expires > b.expires : a.transactionID < b.transactionID
        }
    }

    private var lifetime: [String: String] = [:]         // transaction id → product id
    private var nonRenewing: [String: BackendRecord] = [:]
    private var subscriptions: [String: [Entry]] = [:]   // original transaction id → entries, best first

    init(records: some Sequence<BackendRecord>) {
        for record in records { insert(record) }
    }

    /// Replaces what the index knows of a record (`old` nil: a new one).
    mutating func update(old: BackendRecord?, new: BackendRecord) {
        if let old { remove(old) }
        insert(new)
    }

    private mutating func insert(_ record: BackendRecord) {
        let p = record.payload
        guard p.revocationDate == nil, p.isUpgraded != true, p.type != "Consumable" else { return }
        switch p.type {
        case "Non-Consumable": lifetime[record.transactionID] = p.productId
        case "Non-Renewing Subscription": nonRenewing[record.transactionID] = record
        default:
            guard let expires = p.expires else { return }
            let entry = Entry(expires: expires, transactionID: record.transactionID, productID: p.productId)
            // In place (`default:`): a copy of the chain's entries per insert made 20,000
            // renewals posted one by one quadratic.
            subscriptions[p.originalTransactionId, default: []].insertSorted(entry)
        }
    }

    private mutating func remove(_ record: BackendRecord) {
        lifetime[record.transactionID] = nil
        nonRenewing[record.transactionID] = nil
        let original = record.payload.originalTransactionId
        guard var entries = subscriptions[original] else { return }
        entries.removeAll { $0.transactionID == record.transactionID }
        subscriptions[original] = entries.isEmpty ? nil : entries
    }

    /// The lowest-id live non-consumable among `premium` products (nil: every product counts).
    func lifetimeTransaction(premium: Set<String>?) -> String? {
        lifetime.filter { premium?.contains($0.value) ?? true }.keys.min()
    }

    /// The transaction whose access lasts longest after `now` and when that access ends.
    ///
    /// `nonRenewingEnd` gives a non-renewing subscription's end; `grace` a subscription's billing
    /// grace end by original transaction id (an expired transaction lasts until then); `ended` when
    /// the App Store says a subscription ended before its transaction's expiry (`store expire`: a
    /// transaction's `expiresDate` never changes, so access is cut there).
    func longestAccess(now: Date, premium: Set<String>?, nonRenewingEnd: (BackendRecord) -> Date,
                       grace: (String) -> Date?, ended: (String) -> EarlyEnd? = { _ in nil }) -> (transactionID: String, until: Date)? {
        var best: Entry?
        func consider(_ candidate: Entry) {
            if best == nil || Entry.precedes(candidate, best!) { best = candidate }
        }
        for record in nonRenewing.values where premium?.contains(record.payload.productId) ?? true {
            let until = nonRenewingEnd(record)
            if until > now { consider(Entry(expires: until, transactionID: record.transactionID, productID: record.payload.productId)) }
        }
        for (original, entries) in subscriptions {
            // Best first: the first premium entry is the group's best unexpired one, if it is unexpired.
            var firstExpired: Int?
            let end = ended(original)
            for (index, entry) in entries.enumerated() where premium?.contains(entry.productID) ?? true {
                var access = entry
                if let end, end.covers(access.transactionID), access.expires > end.at { access.expires = end.at }
                if access.expires > now { consider(access) } else { firstExpired = index }
                break
            }
            // In a billing grace period every expired transaction lasts until the grace ends: the lowest id of them.
            guard let start = firstExpired ?? entries.firstIndex(where: { $0.expires <= now }),
                  let graceEnd = grace(original), graceEnd > now else { continue }
            let expired = entries[start...].filter { $0.expires <= now && (premium?.contains($0.productID) ?? true) }
            if let lowest = expired.min(by: { $0.transactionID < $1.transactionID }) {
                consider(Entry(expires: graceEnd, transactionID: lowest.transactionID, productID: lowest.productID))
            }
        }
        return best.map { ($0.transactionID, $0.expires) }
    }
}

private extension Array where Element == EntitlementIndex.Entry {
    /// Inserts `entry` after every entry that precedes it (binary search).
    mutating func insertSorted(_ entry: Element) {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if Element.precedes(self[mid], entry) { low = mid + 1 } else { high = mid }
        }
        insert(entry, at: low)
    }
}
