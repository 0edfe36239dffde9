import Foundation
import StoreSim
import PaywallCore

/// Turns catalog products into paywall `Plan`s for a locale and storefront: localized prices,
/// trial terms for eligible users, a per-week or per-month equivalent, and the best-value mark.
public struct PlanFactory: Sendable {
    public var catalog: StoreCatalog
    /// The locale names and prices are shown in (`en_US`, `zh-Hans`, `ko`).
    public var locale: String
    public var storefront: Storefront
    /// Subscription group ids whose introductory offer the user has already used (no trial shown).
    public var usedIntroOfferGroups: Set<String>

    /// A factory; `locale` and `storefront` default to the catalog's settings.
    public init(catalog: StoreCatalog, locale: String? = nil, storefront: Storefront? = nil,
                usedIntroOfferGroups: Set<String> = []) {
        self.catalog = catalog
        self.locale = locale ?? catalog.settings.locale
        self.storefront = storefront ?? Storefront.resolve(catalog.settings.storefront)
        self.usedIntroOfferGroups = usedIntroOfferGroups
    }

    /// What an unpriced product shows where a price would be (never a made-up $0.00).
    public static let unpricedText = "(no price)"

    /// Plans for `productIDs` in the given order; ids the catalog lacks are skipped.
    /// The plan with the lowest price per unit of time is marked best value (see `BestValue.mark`).
    public func plans(for productIDs: [String]) -> [Plan] {
        Self.markBestValue(productIDs.compactMap { catalog.product($0) }.map(plan(for:)))
    }

    /// One plan, not marked best value.
    public func plan(for product: StoreProduct) -> Plan {
        let price = product.price(in: storefront.code)
        let period = product.subscription?.period
        let comparisons = period.map { equivalents(of: price, per: $0) } ?? []
        return Plan(id: product.id, displayName: product.displayName(for: locale), price: price,
                    currencyCode: storefront.currencyCode, displayPrice: product.isUnpriced ? Self.unpricedText : format(price), period: period,
                    trial: trial(for: product), isBestValue: false,
                    equivalent: period.flatMap { equivalent(among: comparisons, per: $0) },
                    equivalents: comparisons,
                    promotionalOffers: promotionalOffers(for: product))
    }

    /// The product's promotional offers as terms, by identifier (nil when it has none).
    public func promotionalOffers(for product: StoreProduct) -> [String: TrialTerms]? {
        guard let offers = product.subscription?.promotionalOffers, !offers.isEmpty else { return nil }
        var result: [String: TrialTerms] = [:]
        for offer in offers {
            guard let id = offer.offerID else { continue }
            result[id] = TrialTerms(paymentMode: offer.paymentMode, period: offer.period, numberOfPeriods: offer.numberOfPeriods,
                                    displayPrice: offer.paymentMode == .free ? nil : format(offer.price(in: storefront.code)))
        }
        return result.isEmpty ? nil : result
    }

    /// The trial terms of `product`'s introductory offer, or nil if it has none or its group's was used.
    public func trial(for product: StoreProduct) -> TrialTerms? {
        guard let info = product.subscription, let offer = info.introductoryOffer,
              !usedIntroOfferGroups.contains(info.groupID) else { return nil }
        let price = offer.paymentMode == .free ? nil : format(offer.price(in: storefront.code))
        return TrialTerms(paymentMode: offer.paymentMode, period: offer.period,
                          numberOfPeriods: offer.numberOfPeriods, displayPrice: price)
    }

    /// Every comparison price of a period: per week when it is longer than a week, per month when
    /// it is longer than a month (`ComparisonUnit` picks the paywall's one).
    public func equivalents(of price: Decimal, per period: BillingPeriod) -> [PriceEquivalent] {
        let weeks: Decimal, months: Decimal
        switch period.unit {
        case .day: weeks = Decimal(period.value) / 7; months = weeks * 12 / 52
        case .week: weeks = Decimal(period.value); months = Decimal(period.value) * 12 / 52
        case .month: weeks = Decimal(period.value) * 52 / 12; months = Decimal(period.value)
        case .year: weeks = Decimal(period.value) * 52; months = Decimal(period.value) * 12
        }
        var out: [PriceEquivalent] = []
        if weeks > 1 { out.append(PriceEquivalent(unit: .week, displayPrice: format(rounded(price / weeks)))) }
        if months > 1 { out.append(PriceEquivalent(unit: .month, displayPrice: format(rounded(price / months)))) }
        return out
    }

    /// An amount rounded to the storefront currency's digits.
    private func rounded(_ amount: Decimal) -> Decimal {
        var value = amount, result = Decimal()
        NSDecimalRound(&result, &value, PriceFormatter.fractionDigits(forCurrency: storefront.currencyCode), .plain)
        return result
    }

    /// The price per week for periods longer than a week up to a month, per month for longer
    /// periods (a yearly plan shows price / 12); nil for a week or less. A plan alone shows this;
    /// on a paywall `ComparisonUnit` puts every plan in one unit.
    public func equivalent(of price: Decimal, per period: BillingPeriod) -> PriceEquivalent? {
        equivalent(among: equivalents(of: price, per: period), per: period)
    }

    /// Of a period's comparison prices, the one a plan alone shows (per week up to a month).
    func equivalent(among all: [PriceEquivalent], per period: BillingPeriod) -> PriceEquivalent? {
        let unit: BillingPeriod.Unit = period.approximateDays <= 31 ? .week : .month
        return all.first { $0.unit == unit }
    }

    /// The plans for `productIDs`, else (none of them in the catalog) the catalog's default plans:
    /// what the app's paywall and the copy sweep both show.
    public func plansOrDefault(for productIDs: [String]) -> [Plan] {
        let named = plans(for: productIDs)
        return named.isEmpty ? defaultPaywallPlans() : named
    }

    /// The paywall's plans when no remote config names any (see `defaultProductIDs`).
    public func defaultPaywallPlans() -> [Plan] {
        plans(for: Self.defaultProductIDs(in: catalog, storefront: storefront.code))
    }

    /// `PlanFactory(…).defaultPaywallPlans()` in one call.
    public static func defaultPaywallPlans(catalog: StoreCatalog, locale: String? = nil, storefront: Storefront? = nil,
                                           usedIntroOfferGroups: Set<String> = []) -> [Plan] {
        PlanFactory(catalog: catalog, locale: locale, storefront: storefront,
                    usedIntroOfferGroups: usedIntroOfferGroups).defaultPaywallPlans()
    }

    /// The products a paywall offers by default: the auto-renewable subscriptions of the first
    /// group that has any, by level (1 first) then price then file order. A catalog without
    /// subscriptions offers its non-consumables, then its non-renewing subscriptions, each by
    /// price then file order. Consumables are never offered on the paywall.
    public static func defaultProductIDs(in catalog: StoreCatalog, storefront: String? = nil) -> [String] {
        let code = storefront ?? catalog.settings.storefront
        if let group = catalog.groups.first(where: { !catalog.subscriptions(inGroup: $0.id).isEmpty }) {
            let subscriptions = catalog.subscriptions(inGroup: group.id).enumerated().sorted { a, b in
                let (left, right) = (a.element, b.element)
                let (leftLevel, rightLevel) = (left.subscription?.level ?? .max, right.subscription?.level ?? .max)
                if leftLevel != rightLevel { return leftLevel < rightLevel }
                let (leftPrice, rightPrice) = (left.price(in: code), right.price(in: code))
                if leftPrice != rightPrice { return leftPrice < rightPrice }
                return a.offset < b.offset
            }
            return subscriptions.map(\.element.id)
        }
        func byPrice(_ kind: StoreProduct.Kind) -> [String] {
            catalog.products(ofKind: kind).enumerated().sorted { a, b in
                let (left, right) = (a.element.price(in: code), b.element.price(in: code))
                return left != right ? left < right : a.offset < b.offset
            }.map(\.element.id)
        }
        return byPrice(.nonConsumable) + byPrice(.nonRenewingSubscription)
    }

    /// Marks the plan with the lowest price per unit of time best value, or none (`BestValue.mark`).
    public static func markBestValue(_ plans: [Plan]) -> [Plan] { BestValue.mark(plans) }

    /// `amount` in the storefront's currency, localized as the paywall writes prices.
    public func format(_ amount: Decimal) -> String {
        PriceFormatter.format(amount, storefront: storefront, locale: locale)
    }
}
