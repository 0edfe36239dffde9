import Foundation

/// What the engine's scans need to know of a record without reading it.
struct RecordTraits: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    static let finished = RecordTraits(rawValue: 1)
    static let revoked = RecordTraits(rawValue: 2)
    /// A non-consumable or a non-renewing subscription: a current entitlement until it is revoked.
    static let owned = RecordTraits(rawValue: 4)

    init(_ record: TransactionRecord) {
        var traits: RecordTraits = []
        if record.finished { traits.insert(.finished) }
        if record.payload.revocationDate != nil { traits.insert(.revoked) }
        if record.payload.type == "Non-Consumable" || record.payload.type == "Non-Renewing Subscription" { traits.insert(.owned) }
        self = traits
    }
}
