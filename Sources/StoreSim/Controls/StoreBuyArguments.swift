import Foundation
import PaywallFoundation

/// Reads a buy's words: `PRODUCT [offer=ID] [quantity=N] [renew=off] [date=ISO-8601] [token=UUID]
/// [signature=JWS] [eligibility=JWS]`.
enum StoreBuyArguments {
    static func parse(_ words: [String]) throws -> (String, StoreBuyOptions) {
        guard let productID = words.first, !productID.contains("=") else {
            throw StoreArgumentError("Buy: expected a product, then optionally offer=ID quantity=N renew=off date=ISO-8601 token=UUID", word: words.isEmpty ? nil : 0)
        }
        var options = StoreBuyOptions()
        for (index, word) in words.enumerated().dropFirst() {
            func refuse(_ message: String) -> StoreArgumentError { StoreArgumentError("Buy \(productID): \(message)", word: index) }
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw refuse("'\(word)' is not NAME=VALUE; expected offer=, quantity=, renew=, date= or token=") }
            switch parts[0].lowercased() {
            case "offer": options.offerID = parts[1]
            case "quantity":
                guard let n = Int(parts[1]), n >= 1 else { throw refuse("quantity=\(parts[1]); expected a whole number 1 to 10") }
                options.quantity = n
            case "renew":
                guard let renews = StoreCommand.onOff(parts[1]) else { throw refuse("renew=\(parts[1]); expected on or off") }
                options.autoRenew = renews
            case "date":
                guard let date = ISO8601.parse(parts[1]) else { throw refuse("date=\(parts[1]); expected ISO-8601 like 2026-01-30T09:00:00Z") }
                options.purchaseDate = date
            case "signature": options.offerSignature = parts[1]
            case "eligibility": options.introEligibility = parts[1]
            case "token":
                guard let token = UUID(uuidString: parts[1]) else { throw refuse("token=\(parts[1]); expected a UUID") }
                options.appAccountToken = token
            default:
                throw refuse("unknown option \(parts[0])\(Spelling.didYouMean(parts[0], in: ["offer", "quantity", "renew", "date", "token", "signature", "eligibility"])); expected offer=, quantity=, renew=, date=, token=, signature= or eligibility=")
            }
        }
        return (productID, options)
    }
}
