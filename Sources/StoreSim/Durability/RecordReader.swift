import Foundation
import PaywallFoundation

/// Reads the store's transaction records from the JSON the ledger wrote (`writeSortedKeyJSON`)
/// without building a tree: opening a state costs a few microseconds a record instead of the
/// decoder's tens. Returns nil at anything unexpected (an unknown key, a null, a fraction), and
/// the ledger then decodes the whole file with `LocatedJSONDecoder`, which gives the same records
/// or names the fault's line and column (`RecordReaderTests` compares the two).
enum RecordReader {
    /// The records of the JSON array `data[range]`.
    static func records(in data: Data, range: Range<Int>) -> [TransactionRecord]? {
        data.withUnsafeBytes { raw -> [TransactionRecord]? in
            let all = raw.bindMemory(to: UInt8.self)
            var reader = JSONByteReader(UnsafeBufferPointer(rebasing: all[range]))
            guard let records = records(&reader), reader.atEnd() else { return nil }
            return records
        }
    }

    /// The array of records that starts at `reader`'s position, read to its closing bracket.
    static func records(_ reader: inout JSONByteReader) -> [TransactionRecord]? {
        guard reader.consume(UInt8(ascii: "[")) else { return nil }
        var records: [TransactionRecord] = []
        if reader.consume(UInt8(ascii: "]")) { return records }
        repeat {
            guard let record = record(&reader) else { return nil }
            records.append(record)
        } while reader.consume(UInt8(ascii: ","))
        return reader.consume(UInt8(ascii: "]")) ? records : nil
    }

    /// The one record that is all of `bytes` (a line of the record archive).
    static func record(in bytes: UnsafeRawBufferPointer) -> TransactionRecord? {
        var reader = JSONByteReader(bytes.bindMemory(to: UInt8.self))
        guard let record = record(&reader), reader.atEnd() else { return nil }
        return record
    }

    private static func record(_ reader: inout JSONByteReader) -> TransactionRecord? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var finished: Bool?, verified: Bool?, payload: TransactionPayload?
        var jws: String?, signature: String?, signer: JWSSigner?
        repeat {
            guard let key = reader.key() else { return nil }
            switch key.count {
            case 3 where JSONByteReader.key(key, is: "jws"): guard let value = reader.string() else { return nil }; jws = value
            case 6 where JSONByteReader.key(key, is: "signer"):
                guard let value = reader.string(slot: 40).flatMap(JWSSigner.init(rawValue:)) else { return nil }
                signer = value
            case 7 where JSONByteReader.key(key, is: "payload"): guard let value = self.payload(&reader) else { return nil }; payload = value
            case 8 where JSONByteReader.key(key, is: "finished"): guard let value = reader.bool() else { return nil }; finished = value
            case 8 where JSONByteReader.key(key, is: "verified"): guard let value = reader.bool() else { return nil }; verified = value
            case 9 where JSONByteReader.key(key, is: "signature"): guard let value = reader.string() else { return nil }; signature = value
            default: return nil
            }
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "}")), let payload, let finished, let verified else { return nil }
        // As `TransactionRecord.init(from:)`: a whole JWS when kept, else the store's signature.
        if let jws { return TransactionRecord(payload: payload, jws: jws, verified: verified, finished: finished) }
        guard let signature, let signer else { return nil }
        return TransactionRecord(payload: payload, signature: signature, signer: signer, verified: verified, finished: finished)
    }

    /// A payload's keys in the order the writer puts them (sorted).
    private static let keys: [StaticString] = [
        "appAccountToken", "appTransactionId", "bundleId", "currency", "environment", "expiresDate",
        "inAppOwnershipType", "isUpgraded", "offerDiscountType", "offerIdentifier", "offerPeriod", "offerType",
        "originalPurchaseDate", "originalTransactionId", "price", "productId", "purchaseDate", "quantity",
        "revocationDate", "revocationReason", "signedDate", "storefront", "storefrontId",
        "subscriptionGroupIdentifier", "transactionId", "transactionReason", "type", "webOrderLineItemId",
    ]

    /// The index of `key` in `keys`, looked for from `start` on and then from the first.
    private static func field(_ key: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        for offset in 0..<keys.count {
            let index = (start + offset) % keys.count
            if JSONByteReader.key(key, is: keys[index]) { return index }
        }
        return nil
    }

    /// A payload's fields by key; the slot numbers (the field's index) share repeated texts field by field.
    private static func payload(_ reader: inout JSONByteReader) -> TransactionPayload? {
        guard reader.consume(UInt8(ascii: "{")) else { return nil }
        var transactionId: String?, originalTransactionId: String?, webOrderLineItemId: String?
        var bundleId: String?, productId: String?, subscriptionGroupIdentifier: String?
        var purchaseDate: Int64?, originalPurchaseDate: Int64?, expiresDate: Int64?, quantity: Int64?
        var type: String?, appAccountToken: String?, inAppOwnershipType: String?, signedDate: Int64?
        var revocationReason: Int64?, revocationDate: Int64?, isUpgraded: Bool?, offerType: Int64?
        var offerIdentifier: String?, offerDiscountType: String?, environment: String?, storefront: String?
        var storefrontId: String?, transactionReason: String?, price: Int64?, currency: String?
        var appTransactionId: String?, offerPeriod: String?
        if reader.consume(UInt8(ascii: "}")) { return nil }
        // The writer puts the keys in this order: look from the one after the last key first.
        var expected = 0
        repeat {
            guard let key = reader.key() else { return nil }
            guard let field = Self.field(key, from: expected) else { return nil }
            expected = field + 1
            var ok = true
            switch field {
            case 0: appAccountToken = reader.string(slot: 0); ok = appAccountToken != nil
            case 1: appTransactionId = reader.string(slot: 1); ok = appTransactionId != nil
            case 2: bundleId = reader.string(slot: 2); ok = bundleId != nil
            case 3: currency = reader.string(slot: 3); ok = currency != nil
            case 4: environment = reader.string(slot: 4); ok = environment != nil
            case 5: expiresDate = reader.integer(); ok = expiresDate != nil
            case 6: inAppOwnershipType = reader.string(slot: 6); ok = inAppOwnershipType != nil
            case 7: isUpgraded = reader.bool(); ok = isUpgraded != nil
            case 8: offerDiscountType = reader.string(slot: 8); ok = offerDiscountType != nil
            case 9: offerIdentifier = reader.string(slot: 9); ok = offerIdentifier != nil
            case 10: offerPeriod = reader.string(slot: 10); ok = offerPeriod != nil
            case 11: offerType = reader.integer(); ok = offerType != nil
            case 12: originalPurchaseDate = reader.integer(); ok = originalPurchaseDate != nil
            case 13: originalTransactionId = reader.string(slot: 13); ok = originalTransactionId != nil
            case 14: price = reader.integer(); ok = price != nil
            case 15: productId = reader.string(slot: 15); ok = productId != nil
            case 16: purchaseDate = reader.integer(); ok = purchaseDate != nil
            case 17: quantity = reader.integer(); ok = quantity != nil
            case 18: revocationDate = reader.integer(); ok = revocationDate != nil
            case 19: revocationReason = reader.integer(); ok = revocationReason != nil
            case 20: signedDate = reader.integer(); ok = signedDate != nil
            case 21: storefront = reader.string(slot: 21); ok = storefront != nil
            case 22: storefrontId = reader.string(slot: 22); ok = storefrontId != nil
            case 23: subscriptionGroupIdentifier = reader.string(slot: 23); ok = subscriptionGroupIdentifier != nil
            case 24: transactionId = reader.string(slot: 24); ok = transactionId != nil
            case 25: transactionReason = reader.string(slot: 25); ok = transactionReason != nil
            case 26: type = reader.string(slot: 26); ok = type != nil
            default: webOrderLineItemId = reader.string(slot: 27); ok = webOrderLineItemId != nil
            }
            guard ok else { return nil }
        } while reader.consume(UInt8(ascii: ","))
        guard reader.consume(UInt8(ascii: "}")),
              let transactionId, let originalTransactionId, let bundleId, let productId, let purchaseDate,
              let originalPurchaseDate, let quantity, let type, let inAppOwnershipType, let signedDate,
              let environment, let storefront, let storefrontId, let transactionReason, let price, let currency,
              let quantityInt = Int(exactly: quantity) else { return nil }
        func int(_ value: Int64?) -> Int?? {
            guard let value else { return .some(nil) }
            return Int(exactly: value).map { .some($0) }
        }
        guard case let .some(revocationReasonInt) = int(revocationReason), case let .some(offerTypeInt) = int(offerType) else { return nil }
        var payload = TransactionPayload(
            transactionId: transactionId, originalTransactionId: originalTransactionId, webOrderLineItemId: webOrderLineItemId,
            bundleId: bundleId, productId: productId, subscriptionGroupIdentifier: subscriptionGroupIdentifier,
            purchaseDate: purchaseDate, originalPurchaseDate: originalPurchaseDate, expiresDate: expiresDate,
            quantity: quantityInt, type: type, appAccountToken: appAccountToken, inAppOwnershipType: inAppOwnershipType,
            signedDate: signedDate, revocationReason: revocationReasonInt, revocationDate: revocationDate,
            isUpgraded: isUpgraded, offerType: offerTypeInt, offerIdentifier: offerIdentifier,
            offerDiscountType: offerDiscountType, environment: environment, storefront: storefront,
            storefrontId: storefrontId, transactionReason: transactionReason, price: price, currency: currency)
        payload.appTransactionId = appTransactionId
        payload.offerPeriod = offerPeriod
        return payload
    }
}
