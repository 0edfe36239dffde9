import Foundation
import PaywallFoundation

/// Reads a buy's words: `PRODUCT [offer=ID] [quantity=N] [renew=off] [date=ISO-8601] [token=UUID]
/// [signature=JWS] [eligibility=JWS]`.
enum StoreBuyArguments {
    static func parse(_ target: String?, catalog: StoreCatalog) throws -> (String, StoreBuyOptions) {
        var words = StoreControl.words(target)
        guard let productID = words.first, !productID.contains("=") else {
            throw StoreControlError("Buy: expected a product, then optionally offer=ID quantity=N renew=off date=ISO-8601 token=UUID")
        }
        words.removeFirst()
        try StoreTargetResolver.requireProduct(productID, in: catalog)
        var options = StoreBuyOptions()
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw StoreControlError("Buy \(productID): '\(word)' is not NAME=VALUE; expected offer=, quantity=, renew=, date= or token=") }
            switch parts[0].lowercased() {
            case "offer": options.offerID = parts[1]
            case "quantity":
                guard let n = Int(parts[1]), n >= 1 else { throw StoreControlError("Buy \(productID): quantity=\(parts[1]); expected a whole number 1 to 10") }
                options.quantity = n
            case "renew":
                guard ["on", "off"].contains(parts[1].lowercased()) else { throw StoreControlError("Buy \(productID): renew=\(parts[1]); expected on or off") }
                options.autoRenew = parts[1].lowercased() == "on"
            case "date":
                guard let date = ISO8601.parse(parts[1]) else { throw StoreControlError("Buy \(productID): date=\(parts[1]); expected ISO-8601 like 2026-01-30T09:00:00Z") }
                options.purchaseDate = date
            case "signature": options.offerSignature = parts[1]
            case "eligibility": options.introEligibility = parts[1]
            case "token":
                guard let token = UUID(uuidString: parts[1]) else { throw StoreControlError("Buy \(productID): token=\(parts[1]); expected a UUID") }
                options.appAccountToken = token
            default:
                throw StoreControlError("Buy \(productID): unknown option \(parts[0])\(Spelling.didYouMean(parts[0], in: ["offer", "quantity", "renew", "date", "token", "signature", "eligibility"])); expected offer=, quantity=, renew=, date=, token=, signature= or eligibility=")
            }
        }
        return (productID, options)
    }
}
