import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// `TransactionPayload.sortedKeyJSON` writes what `JSONEncoder` with sorted keys writes.
@Suite("A transaction payload's JSON, written directly")
struct TransactionPayloadJSONTests {
    static let odd: [String] = ["", "plain", "a/b", "quote\"d", "back\\slash", "tab\tnew\nline\r", "\u{0}\u{1}\u{8}\u{B}\u{C}\u{1F}\u{7F}",
                                "é and 한국어 and 简体", "👍🏽 and 👨‍👩‍👧", "\u{2028}\u{2029}", "e\u{301}", "</script>", "100%"]

    static func payload(_ random: inout some RandomNumberGenerator) -> TransactionPayload {
        func text() -> String {
            Bool.random(using: &random) ? odd.randomElement(using: &random)! : String(Int64.random(in: 0...Int64.max, using: &random))
        }
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &random) ? make() : nil }
        func number() -> Int64 { Int64.random(in: Int64.min...Int64.max, using: &random) }
        return TransactionPayload(
            transactionId: text(), originalTransactionId: text(), webOrderLineItemId: maybe(text), bundleId: text(),
            productId: text(), subscriptionGroupIdentifier: maybe(text), purchaseDate: number(), originalPurchaseDate: number(),
            expiresDate: maybe(number), quantity: Int.random(in: Int.min...Int.max, using: &random), type: text(),
            appAccountToken: maybe(text), inAppOwnershipType: text(), signedDate: number(),
            revocationReason: maybe { Int.random(in: -5...5, using: &random) }, revocationDate: maybe(number),
            isUpgraded: maybe { Bool.random(using: &random) }, offerType: maybe { Int.random(in: 0...4, using: &random) },
            offerIdentifier: maybe(text), offerDiscountType: maybe(text), environment: text(), storefront: text(),
            storefrontId: text(), transactionReason: text(), price: number(), currency: text())
    }

    @Test func randomPayloadsMatchJSONEncoderByteForByte() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededGenerator(seed: seed)
        var differ: [String] = []
        for _ in 0..<3_000 {
            let payload = Self.payload(&random)
            let byEncoder = try CompactJWS.encoder.encode(payload)
            if payload.sortedKeyJSON() != byEncoder { differ.append(String(decoding: byEncoder, as: UTF8.self)) }
        }
        #expect(differ.isEmpty, "seed \(seed): \(differ.prefix(2))")
    }

    @Test func everyOddStringInEveryFieldMatches() throws {
        var random = SeededGenerator(seed: 16)
        var base = Self.payload(&random)
        base.appAccountToken = "x"
        for text in Self.odd {
            var payload = base
            payload.transactionId = text
            payload.appAccountToken = text
            payload.webOrderLineItemId = text
            #expect(payload.sortedKeyJSON() == (try CompactJWS.encoder.encode(payload)), "\(text.unicodeScalars.map(\.value))")
        }
        for code in 0..<0x80 {
            var payload = base
            payload.bundleId = String(UnicodeScalar(UInt8(code)))
            #expect(payload.sortedKeyJSON() == (try CompactJWS.encoder.encode(payload)), "\(code)")
        }
    }
}
