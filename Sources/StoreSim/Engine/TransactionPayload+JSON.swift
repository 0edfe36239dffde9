import Foundation

extension TransactionPayload {
    /// The payload's JSON as `JSONEncoder` with `.sortedKeys` writes it, byte for byte (slashes
    /// escaped, absent optionals left out), written directly: the store encodes one for every
    /// transaction it signs and again whenever a stored JWS is read (`StoredJWS`), and the
    /// `Codable` path was a tenth of a cold `play`. `TransactionPayloadJSONTests` compares the
    /// two on thousands of payloads, odd strings included.
    package func sortedKeyJSON() -> Data {
        var out = JSONBytes()
        out.bytes.reserveCapacity(640)
        write(into: &out)
        return Data(out.bytes)
    }

    /// Appends `sortedKeyJSON()`'s object to `out` (as a value nested in another object, say).
    package func write(into out: inout JSONBytes) {
        out.open()
        out.field("appAccountToken", appAccountToken)
        out.field("appTransactionId", appTransactionId)
        out.field("bundleId", bundleId)
        out.field("currency", currency)
        out.field("environment", environment)
        out.field("expiresDate", expiresDate)
        out.field("inAppOwnershipType", inAppOwnershipType)
        out.field("isUpgraded", isUpgraded)
        out.field("offerDiscountType", offerDiscountType)
        out.field("offerIdentifier", offerIdentifier)
        out.field("offerPeriod", offerPeriod)
        out.field("offerType", offerType.map(Int64.init))
        out.field("originalPurchaseDate", originalPurchaseDate)
        out.field("originalTransactionId", originalTransactionId)
        out.field("price", price)
        out.field("productId", productId)
        out.field("purchaseDate", purchaseDate)
        out.field("quantity", Int64(quantity))
        out.field("revocationDate", revocationDate)
        out.field("revocationReason", revocationReason.map(Int64.init))
        out.field("signedDate", signedDate)
        out.field("storefront", storefront)
        out.field("storefrontId", storefrontId)
        out.field("subscriptionGroupIdentifier", subscriptionGroupIdentifier)
        out.field("transactionId", transactionId)
        out.field("transactionReason", transactionReason)
        out.field("type", type)
        out.field("webOrderLineItemId", webOrderLineItemId)
        out.close()
    }
}

/// A JSON object written field by field, as `JSONEncoder` writes one (no spaces).
package struct JSONBytes {
    package var bytes: [UInt8] = []

    package init() {}
    private var first = true
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Whether JSONEncoder writes `byte` escaped: quote, backslash, slash, and the controls.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    package mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        first = true
    }

    package mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        first = false // the object just closed is a value: whatever follows in its parent needs a comma
    }

    /// A number as `JSONEncoder` writes a `Double` (and a `Date`, as seconds since 2001): its
    /// `description`, without a trailing `.0`.
    package mutating func field(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        name(key)
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A field whose value is JSON already written (an object `sortedKeyJSON` made, say).
    package mutating func field(_ key: StaticString, json: Data) {
        name(key)
        bytes.append(contentsOf: json)
    }

    /// An object-valued field: `body` writes the object (from its `open` to its `close`).
    package mutating func field(_ key: StaticString, object body: (inout JSONBytes) -> Void) {
        name(key)
        body(&self)
    }

    package mutating func field(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    package mutating func field(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        name(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func field(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        name(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    private mutating func name(_ key: StaticString) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\":".utf8)
    }

    /// A string with JSONEncoder's escapes: quote, backslash and slash; \b \f \n \r \t; other
    /// controls as \u00XX; everything else as its UTF-8.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        // Runs that need no escape (a JWS is all of one) go in whole.
        var text = value
        let plain = text.withUTF8 { utf8 -> Bool in
            guard !utf8.contains(where: Self.needsEscape) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "/"): bytes.append(contentsOf: "\\/".utf8)
            case 0x08: bytes.append(contentsOf: "\\b".utf8)
            case 0x0C: bytes.append(contentsOf: "\\f".utf8)
            case 0x0A: bytes.append(contentsOf: "\\n".utf8)
            case 0x0D: bytes.append(contentsOf: "\\r".utf8)
            case 0x09: bytes.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
