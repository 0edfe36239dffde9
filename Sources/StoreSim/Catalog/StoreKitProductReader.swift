import PaywallFoundation
import Foundation
import StoreKitVocabulary

/// Reads products, subscription groups and offers from a parsed `.storekit` document.
struct StoreKitProductReader {
    /// The largest number in a period (`P999D`); bigger values are refused before arithmetic can overflow.
    static let maximumPeriodValue = 999

    private static let kindsByLowercasedName: [String: StoreProduct.Kind] = Dictionary(
        uniqueKeysWithValues: [StoreProduct.Kind.consumable, .nonConsumable, .nonRenewingSubscription, .autoRenewable]
            .map { ($0.rawValue.lowercased(), $0) })

    /// A product of `products` or `nonRenewingSubscriptions` (or the shared part of a subscription).
    func readProduct(_ cursor: LocatedJSONCursor, allowed: [StoreProduct.Kind],
                     defaultKind: StoreProduct.Kind?) throws(LocatedJSONShapeError) -> StoreProduct {
        _ = try cursor.members()
        let id = try cursor.required("productID", "a product identifier string such as \"weekly_9_99\"").string()
        if id.isEmpty {
            throw try cursor.required("productID", "").fail("empty productID, expected a product identifier")
        }
        let kind = try readKind(cursor, allowed: allowed, defaultKind: defaultKind)
        // An empty price is what Xcode writes before one is set: an unpriced product (a warning), not an error.
        let priceCursor = try cursor.required("displayPrice", "a price as a decimal string such as \"9.99\"")
        let unpriced = Self.isEmptyText(priceCursor)
        let price: Decimal
        if unpriced { price = 0 } else if let signed = Self.priceWithoutCurrencySign(priceCursor) { price = signed } else { price = try priceCursor.price() }
        let referenceName = try cursor.optionalNonNull("referenceName")?.string() ?? id
        let familyShareable = try cursor.optionalNonNull("familyShareable")?.bool() ?? false
        let localizations = try readLocalizations(cursor)
        var product = StoreProduct(id: id, referenceName: referenceName, kind: kind, price: price,
                                   familyShareable: familyShareable, localizations: localizations)
        if unpriced { product.unpriced = true }
        if localizations.isEmpty { product.unnamed = true }
        return product
    }

    /// An offer whose `paymentMode` is `"none"`: a slot with no offer in it.
    static func isNoOffer(_ cursor: LocatedJSONCursor) throws(LocatedJSONShapeError) -> Bool {
        guard let mode = try cursor.optionalNonNull("paymentMode") else { return false }
        if case let .string(text) = mode.node.value { return text == "none" }
        return false
    }

    /// A price written with a currency sign (`"$18.00"`, seen in a real hand-edited file; `"₩1,500"`)
    /// read as its number, its thousands commas taken out; nil when the text has no sign to take off.
    /// A price written as a displayed price is read the same whatever its currency.
    static func priceWithoutCurrencySign(_ cursor: LocatedJSONCursor) -> Decimal? {
        guard case let .string(text) = cursor.node.value else { return nil }
        let signs = CharacterSet(charactersIn: "$€£¥₩₹₽¢").union(.whitespaces)
        var trimmed = text.trimmingCharacters(in: signs)
        guard trimmed != text.trimmingCharacters(in: .whitespaces) else { return nil }
        if Self.hasThousandsCommas(trimmed) { trimmed.removeAll { $0 == "," } }
        guard let value = LocatedJSONCursor.parseDecimal(trimmed), value >= 0 else { return nil }
        return value
    }

    /// Whether `text` is digits grouped by commas in threes (`1,500`, `12,000.50`), as a displayed price writes them.
    static func hasThousandsCommas(_ text: String) -> Bool {
        let whole = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1, let first = groups.first, (1...3).contains(first.count) else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) } && groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    /// Whether the cursor holds an empty (or all-blank) string.
    static func isEmptyText(_ cursor: LocatedJSONCursor) -> Bool {
        if case let .string(text) = cursor.node.value { return text.trimmingCharacters(in: .whitespaces).isEmpty }
        return false
    }

    private func readKind(_ cursor: LocatedJSONCursor, allowed: [StoreProduct.Kind],
                          defaultKind: StoreProduct.Kind?) throws(LocatedJSONShapeError) -> StoreProduct.Kind {
        let names = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        guard let typeCursor = try cursor.optionalNonNull("type") else {
            if let defaultKind { return defaultKind }
            throw cursor.fail("missing key \"type\", expected \(names)")
        }
        let name = try typeCursor.string()
        guard let kind = Self.kindsByLowercasedName[name.lowercased()] else {
            throw typeCursor.fail("unknown product type \"\(name)\", expected \(names)")
        }
        guard allowed.contains(kind) else {
            throw typeCursor.fail("a \"\(kind.rawValue)\" product in this list, expected \(names)")
        }
        return kind
    }

    /// `localizations`: `{locale, displayName, description}`; either text may be empty or missing.
    func readLocalizations(_ cursor: LocatedJSONCursor) throws(LocatedJSONShapeError) -> [ProductLocalization] {
        var result: [ProductLocalization] = []
        for item in try cursor.optionalArray("localizations") {
            let locale = try item.required("locale", "a locale such as \"en_US\"").string()
            let name = try item.optionalNonNull("displayName")?.string() ?? ""
            let description = try item.optionalNonNull("description")?.string() ?? ""
            result.append(ProductLocalization(locale: locale, displayName: name, description: description))
        }
        return result
    }

    /// A subscription group and its subscriptions (each with the cursor it came from).
    func readGroup(_ cursor: LocatedJSONCursor) throws(LocatedJSONShapeError) -> (SubscriptionGroup, [(LocatedJSONCursor, StoreProduct)]) {
        let id = try cursor.required("id", "a group identifier string").string()
        let name = try cursor.optionalNonNull("name")?.string() ?? id
        let localizations = try readLocalizations(cursor)
        var subscriptions: [(LocatedJSONCursor, StoreProduct)] = []
        for item in try cursor.optionalArray("subscriptions") {
            subscriptions.append((item, try readSubscription(item, groupID: id)))
        }
        let group = SubscriptionGroup(id: id, name: name, productIDs: subscriptions.map { $0.1.id },
                                      localizations: localizations)
        return (group, subscriptions)
    }

    private func readSubscription(_ cursor: LocatedJSONCursor, groupID: String) throws(LocatedJSONShapeError) -> StoreProduct {
        var product = try readProduct(cursor, allowed: [.autoRenewable], defaultKind: .autoRenewable)
        let periodCursor = try cursor.required("recurringSubscriptionPeriod", "an ISO-8601 period such as \"P1M\"")
        let period = try readPeriod(periodCursor)
        let level = try cursor.optionalNonNull("groupNumber")?.int() ?? 1
        if level < 1, let levelCursor = try cursor.optional("groupNumber") {
            throw levelCursor.fail("found level \(level), expected a service level of 1 or more")
        }
        // `"paymentMode": "none"` is an intro offer slot left empty (seen in real files): no offer.
        let single = try cursor.optionalNonNull("introductoryOffer").flatMap { c throws(LocatedJSONShapeError) in
            try Self.isNoOffer(c) ? nil : readOffer(c, kind: .introductory)
        }
        var intros: [SubscriptionOffer] = []
        for item in try cursor.optionalArray("introductoryOffers") where try !Self.isNoOffer(item) {
            intros.append(try readOffer(item, kind: .introductory))
        }
        if intros.isEmpty, let single { intros = [single] }
        product.subscription = SubscriptionInfo(
            groupID: groupID, level: level, period: period,
            introductoryOffer: single ?? intros.first,
            promotionalOffers: try readOffers(cursor, key: "adHocOffers", kind: .promotional),
            introductoryOffers: intros,
            codeOffers: try readOffers(cursor, key: "codeOffers", kind: .code),
            winbackOffers: try readOffers(cursor, key: "winbackOffers", kind: .winback))
        return product
    }

    private func readOffers(_ cursor: LocatedJSONCursor, key: String,
                            kind: SubscriptionOffer.Kind) throws(LocatedJSONShapeError) -> [SubscriptionOffer] {
        var offers: [SubscriptionOffer] = []
        for item in try cursor.optionalArray(key) { offers.append(try readOffer(item, kind: kind)) }
        return offers
    }

    /// One offer object; a free offer's price is zero whatever `displayPrice` says.
    func readOffer(_ cursor: LocatedJSONCursor, kind: SubscriptionOffer.Kind) throws(LocatedJSONShapeError) -> SubscriptionOffer {
        let modeCursor = try cursor.required("paymentMode", "\"free\", \"payAsYouGo\" or \"payUpFront\"")
        let modeName = try modeCursor.string()
        guard let mode = TrialTerms.PaymentMode(rawValue: modeName) else {
            throw modeCursor.fail("unknown paymentMode \"\(modeName)\", expected \"free\", \"payAsYouGo\" or \"payUpFront\"")
        }
        let period = try readPeriod(try cursor.required("subscriptionPeriod", "an ISO-8601 period such as \"P1W\""))
        let count = try cursor.optionalNonNull("numberOfPeriods")?.int() ?? 1
        if count < 1, let countCursor = try cursor.optional("numberOfPeriods") {
            throw countCursor.fail("found \(count), expected numberOfPeriods of 1 or more")
        }
        var price: Decimal = 0
        if mode != .free {
            price = try cursor.required("displayPrice", "the offer price as a decimal string such as \"0.99\"").price()
        }
        let offerID = try cursor.optionalNonNull("offerID")?.string()
        let referenceName = try cursor.optionalNonNull("referenceName")?.string() ?? ""
        var eligibility: [String] = []
        for item in try cursor.optionalArray("eligibility") { eligibility.append(try item.string()) }
        let billingPlanType = try cursor.optionalNonNull("billingPlanType")?.string()
        return SubscriptionOffer(offerID: offerID, paymentMode: mode, period: period, numberOfPeriods: count,
                                 price: price, kind: kind, referenceName: referenceName, eligibility: eligibility,
                                 billingPlanType: billingPlanType)
    }

    private func readPeriod(_ cursor: LocatedJSONCursor) throws(LocatedJSONShapeError) -> BillingPeriod {
        let text = try cursor.string()
        guard let period = BillingPeriod(iso8601: text) else {
            throw cursor.fail("found \"\(text)\", expected an ISO-8601 period such as \"P3D\", \"P1W\", \"P1M\" or \"P1Y\"")
        }
        guard period.value <= Self.maximumPeriodValue else {
            throw cursor.fail("found \"\(text)\", expected a period of at most \(Self.maximumPeriodValue) units")
        }
        return period
    }
}
