import Foundation
import PaywallFoundation

extension StoreCommand {
    /// The command `control` with `words` says (a tape's `Store NAME WORDS…`), or why it says
    /// none. Only the shape is checked here; what the words name is resolved when it is performed.
    public init(_ control: StoreControl, words: [String]) throws {
        let all = words.joined(separator: " ")
        /// At most one word: the target, or nil.
        func one(_ expected: String) throws -> String? {
            guard words.count <= 1 else { throw StoreArgumentError("\(control.rawValue) \(all): expected \(expected)", word: 1) }
            return words.first
        }
        /// A required on|off switch first, then optionally a group.
        func switchAndGroup() throws -> (Bool, StoreTarget.Group?) {
            let expected = "\(control.rawValue) \(all): expected on or off, then optionally a subscription product or group"
            guard let flag = words.first.flatMap(Self.onOff) else { throw StoreArgumentError(expected, word: words.isEmpty ? nil : 0) }
            guard words.count <= 2 else { throw StoreArgumentError(expected, word: 2) }
            return (flag, words.dropFirst().first.map { StoreTarget.Group($0) })
        }
        switch control {
        case .approve: self = .approve(try one("one request id or product").map { StoreTarget.Request($0) })
        case .decline: self = .decline(try one("one request id or product").map { StoreTarget.Request($0) })
        case .resolve: self = .resolve(try one("one request id, product or group").map { StoreTarget.Request($0) })
        case .expire: self = .expire(try one("one subscription product or group").map { StoreTarget.Group($0) })
        case .renew: self = .renew(try one("one subscription product or group").map { StoreTarget.Group($0) })
        case .status: self = .status(try one("one subscription product or group").map { StoreTarget.Group($0) })
        case .approveRefund: self = .approveRefund(try one("one transaction id or product").map { StoreTarget.Transaction($0) })
        case .declineRefund: self = .declineRefund(try one("one transaction id or product").map { StoreTarget.Transaction($0) })
        case .reverseRefund: self = .reverseRefund(try one("one transaction id or product").map { StoreTarget.Transaction($0) })
        case .delete:
            guard let target = try one("one transaction id or product") else { throw StoreArgumentError("delete: expected a transaction id or a product") }
            self = .delete(StoreTarget.Transaction(target))
        case .refund:
            // `[TRANSACTION|PRODUCT] [other|appIssue]`: Apple's revocation reasons 0 and 1.
            var rest = words
            var reason = RevocationReason.other
            if let last = rest.last, let named = RevocationReason(word: last) { reason = named; rest.removeLast() }
            guard rest.count <= 1 else { throw StoreArgumentError("Refund \(all): expected a transaction or product, then optionally other or appIssue", word: 1) }
            self = .refund(rest.first.map { StoreTarget.Transaction($0) }, reason: reason)
        case .billingIssue:
            // `[on|off] [PRODUCT|GROUP]`: the switch is the store's (every renewal), as in StoreKit Testing.
            if let first = words.first, let flag = Self.onOff(first) {
                guard words.count <= 2 else { throw StoreArgumentError("BillingIssue \(all): expected on or off, then optionally a subscription product or group", word: 2) }
                self = .billingIssue(flag, words.dropFirst().first.map { StoreTarget.Group($0) })
            } else {
                self = .billingIssue(true, try one("on or off, then optionally a subscription product or group").map { StoreTarget.Group($0) })
            }
        case .autoRenew:
            let (flag, group) = try switchAndGroup()
            self = .autoRenew(flag, group)
        case .manageSubscriptions:
            let (flag, group) = try switchAndGroup()
            self = .manageSubscriptions(flag, group)
        case .buy:
            let (productID, options) = try StoreBuyArguments.parse(words)
            self = .buy(StoreTarget.Product(productID), options: options)
        case .priceIncrease:
            guard words.count == 3, let price = Decimal(string: words[1], locale: Locale(identifier: "en_US_POSIX")),
                  ["consent", "noconsent"].contains(words[2].lowercased()) else {
                throw StoreArgumentError("PriceIncrease \(all): expected PRODUCT PRICE consent|noConsent, e.g. PriceIncrease monthly_14_99 16.99 consent",
                                         word: words.count < 3 ? nil : Decimal(string: words[1], locale: Locale(identifier: "en_US_POSIX")) == nil ? 1 : 2)
            }
            self = .priceIncrease(StoreTarget.Product(words[0]), price: price, consent: words[2].lowercased() == "consent")
        case .redeem:
            guard let code = words.first else { throw StoreArgumentError("Redeem: expected an offer code's reference name, then optionally its product") }
            guard words.count <= 2 else { throw StoreArgumentError("Redeem \(all): expected an offer code's reference name, then optionally its product", word: 2) }
            self = .redeem(code: code, product: words.dropFirst().first.map { StoreTarget.Product($0) })
        case .familyShare:
            guard let product = try one("one familyShareable product") else { throw StoreArgumentError("FamilyShare: expected a familyShareable product") }
            self = .familyShare(StoreTarget.Product(product))
        case .revokeFamily:
            guard let product = try one("one family-shared product") else { throw StoreArgumentError("RevokeFamily: expected a family-shared product") }
            self = .revokeFamily(StoreTarget.Product(product))
        case .refundRequest:
            var rest = words
            var reason: RefundRequestReason?
            if let last = rest.last, let named = RefundRequestReason(word: last) { reason = named; rest.removeLast() }
            guard rest.count <= 1 else {
                throw StoreArgumentError("RefundRequest \(all): expected a transaction or product, then optionally a reason: "
                    + RefundRequestReason.allCases.map(\.rawValue).joined(separator: ", "), word: 1)
            }
            self = .refundRequest(rest.first.map { StoreTarget.Transaction($0) }, reason: reason)
        case .consumption:
            let (target, information) = try Self.consumption(words)
            self = .consumption(target, information)
        case .sandboxRefunds:
            guard words.count == 1, let answer = SandboxRefundAnswer(word: words[0]) else {
                throw StoreArgumentError("SandboxRefunds \(all): expected approve or decline", word: words.isEmpty ? nil : words.count == 1 ? 0 : 1)
            }
            self = .sandboxRefunds(answer)
        case .removeFromSale, .onSale:
            guard words.count == 1, let product = words.first else {
                throw StoreArgumentError("\(control.rawValue): expected one product id", word: words.isEmpty ? nil : 1)
            }
            self = control == .removeFromSale ? .removeFromSale(StoreTarget.Product(product)) : .onSale(StoreTarget.Product(product))
        case .appTransaction:
            guard let version = words.first else { self = .appTransaction(originalVersion: nil, purchaseDate: nil); return }
            guard version.first?.isNumber == true else {
                throw StoreArgumentError("AppTransaction \(all): expected the original app version, e.g. AppTransaction 1.0 2024-03-01T00:00:00Z", word: 0)
            }
            guard words.count <= 2 else { throw StoreArgumentError("AppTransaction \(all): expected the original app version, then optionally its purchase date", word: 2) }
            var date: Date?
            if words.count > 1 {
                guard let parsed = ISO8601.parse(words[1]) else { throw StoreArgumentError("AppTransaction: bad date \(words[1]); expected ISO-8601 like 2024-03-01T00:00:00Z", word: 1) }
                date = parsed
            }
            self = .appTransaction(originalVersion: version, purchaseDate: date)
        case .storefront:
            guard words.count == 1, let storefront = Storefront(code: words[0]) else {
                let known = Storefront.all.map(\.code)
                throw StoreArgumentError("Storefront \(all): expected a storefront's alpha-3 code such as USA, KOR or FRA"
                    + Spelling.didYouMean(all.uppercased(), in: known), word: words.isEmpty ? nil : words.count == 1 ? 0 : 1)
            }
            self = .storefront(storefront)
        }
    }

    /// `Consumption [TRANSACTION|PRODUCT] [DELIVERY] [consumed=PERCENT] [prefer=PREFERENCE] [sample]`'s
    /// target and answer (DELIVERY: `DELIVERED` when not given); Apple's rules that need the
    /// product are checked when it is performed.
    static func consumption(_ words: [String]) throws -> (StoreTarget.Transaction?, ConsumptionInformation) {
        let usage = "Consumption \(words.joined(separator: " ")): expected [TRANSACTION|PRODUCT] ["
            + ConsumptionInformation.DeliveryStatus.allCases.map(\.rawValue).joined(separator: "|")
            + "] [consumed=PERCENT] [prefer=" + ConsumptionInformation.RefundPreference.allCases.map(\.rawValue).joined(separator: "|") + "] [sample]"
        var target: StoreTarget.Transaction?
        var delivery: ConsumptionInformation.DeliveryStatus?
        var consumed: Int?
        var preference: ConsumptionInformation.RefundPreference?
        var sample = false
        for (index, word) in words.enumerated() {
            let lower = word.lowercased()
            if lower.hasPrefix("consumed=") {
                let percent = word.dropFirst("consumed=".count).replacingOccurrences(of: "%", with: "")
                guard let milliunits = ConsumptionInformation.milliunits(percent: percent) else {
                    throw StoreArgumentError("\(usage); consumed= takes a percentage from 0 to 100 such as 45.2", word: index)
                }
                consumed = milliunits
            } else if lower.hasPrefix("prefer=") {
                guard let named = ConsumptionInformation.RefundPreference(word: String(word.dropFirst("prefer=".count))) else { throw StoreArgumentError(usage, word: index) }
                preference = named
            } else if lower == "sample" {
                sample = true
            } else if let status = ConsumptionInformation.DeliveryStatus(word: word), delivery == nil {
                delivery = status
            } else if target == nil, !word.contains("=") {
                target = StoreTarget.Transaction(word)
            } else {
                throw StoreArgumentError(usage, word: index)
            }
        }
        return (target, ConsumptionInformation(deliveryStatus: delivery ?? .delivered, consumptionPercentage: consumed, refundPreference: preference,
                                               sampleContentProvided: sample))
    }

    /// `on` → true, `off` → false, in any case; nil for any other word.
    public static func onOff(_ word: String) -> Bool? {
        switch word.lowercased() {
        case "on": true
        case "off": false
        default: nil
        }
    }
}
