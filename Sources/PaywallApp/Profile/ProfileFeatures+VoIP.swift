import Foundation
import PaywallCore
import PaywallScreens
import Profiles
import SimRuntime
import StoreSim
import TerminalKit

/// Seed 003: the feature gate, calls and their minutes, rewarded and interstitial ads, the usage
/// screen with the overage bill, and receipt validation with the cached status as fallback.
extension ProfileFeatures {
    /// The tier as the receipt server last said (the cache when it is down); free without a receipt.
    var tier: SubscriptionTier {
        let entitlement = session.model.entitlement
        if session.backend.isUp {
            guard entitlement.isPremium, let id = entitlement.productID else { return .free }
            return SubscriptionTier(productID: id) ?? .free
        }
        return state.receiptCache?.effectiveTier(at: now) ?? .free
    }

    /// Validates the receipt (the latest transaction) with the server, caching its answer; when the
    /// server is down the cached status stands and the usage screen says so.
    @discardableResult
    func validateReceipt() -> ReceiptValidator.Result {
        let receipt = session.store.allTransactions.last.map { Data($0.jws.utf8) }
        let entitlement = session.model.entitlement
        let server: ReceiptValidator.ServerValidation = { _ in
            guard self.session.backend.isUp else { return .failure(.init("backendUnavailable")) }
            let tier = entitlement.isPremium ? entitlement.productID.flatMap(SubscriptionTier.init(productID:)) ?? .free : .free
            return .success(SubscriptionStatus(tier: tier, expiresAt: entitlement.expiresAt, validatedAt: self.now))
        }
        var cache = InMemoryStatusStore(status: state.receiptCache)
        let result = ReceiptValidator.validate(receipt: receipt, server: server, cache: &cache)
        if cache.status != state.receiptCache {
            state.receiptCache = cache.status
            save()
        }
        return result
    }

    /// `/call MIN [GB]`: a finished call of MIN minutes (and GB of data); free users then see an interstitial.
    func call(_ args: [String]) {
        guard let minutes = args.first.flatMap(Int.init), minutes > 0, minutes <= 100_000 else {
            active = .message([.copy("voip.call.usage", role: .warning)])
            return
        }
        let data = args.dropFirst().first.flatMap(Double.init) ?? 0
        guard data.isFinite, data >= 0, data <= 10_000 else {
            active = .message([.copy("voip.call.usage", role: .warning)])
            return
        }
        let zone = session.settings.timeZone
        state.usage.recordCall(minutes: minutes, dataGB: data, now: now, timeZone: zone)
        let day = String(ISO8601DateFormatter.string(from: now, timeZone: zone, formatOptions: [.withFullDate]))
        if state.callsDay != day { state.callsDay = day; state.callsToday = 0 }
        state.callsToday += 1
        save()
        let current = tier
        if profile.screens.contains(.ads), InterstitialPolicy().showAfterCall(tier: current, callsToday: state.callsToday, adLoaded: true) {
            active = .interstitial
        } else {
            active = .message([.copy("voip.call.ended", [.integer(minutes)], role: .success)])
        }
    }

    /// `/feature NAME`: allowed, or the upgrade prompt naming the lowest tier above this one that has it.
    func feature(_ args: [String]) {
        let name = args.first ?? ""
        guard let feature = VoIPFeature.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            let names = VoIPFeature.allCases.map(\.rawValue).joined(separator: " ")
            active = .message([.copy("voip.feature.unknown", [.string(name), .string(names)], role: .warning)])
            return
        }
        switch FeatureGate.request(feature, tier: tier) {
        case .allowed:
            active = .message([.copy("voip.feature.allowed", [.string(text(feature.copyKey))], role: .success)])
        case let .upgradePrompt(feature, upgrade):
            active = .featureGate(feature, upgrade)
        case .notApplicable:
            active = .message([.copy("voip.minutes.unlimited", role: .success)])
        }
    }

    func featureGatePanel(_ feature: VoIPFeature, _ upgrade: SubscriptionTier) -> ProfilePanel {
        let message = FeatureGate.promptMessage(featureName: text(feature.copyKey), tierName: text(upgrade.copyKey))
        var lines: [ProfilePanel.Line] = [.copy(message.key, message.arguments)]
        if let product = session.settings.catalog.product(upgrade.productID) {
            lines.append(.gap)
            lines.append(.data("\(text(upgrade.copyKey))  \(price(product.price(in: storefront)))", role: .price, bold: true))
        }
        return ProfilePanel(name: "featureGate", titleKey: "voip.upgrade.title", lines: lines, hintKeys: ["voip.upgrade.hint"])
    }

    /// `/ad`: the rewarded-ad offer for free users; subscribers have no ads.
    func offerAd() {
        active = tier.isSubscriber ? .message([.copy("voip.ad.none", role: .muted)]) : .rewardedAd
    }

    func rewardedAdPanel() -> ProfilePanel {
        let ad = RewardedAd()
        var lines: [ProfilePanel.Line] = []
        if let left = state.usage.remainingMinutes(allowance: tier.minuteAllowance) {
            lines.append(.copy("voip.minutes.remaining", [.integer(left)]))
        }
        return ProfilePanel(name: "rewardedAd", titleKey: "voip.ad.rewarded.offer", titleArguments: [.integer(ad.minutesPerAd)],
                            lines: lines, hintKeys: ["voip.ad.hint"], keys: ["x": .closeAdEarly])
    }

    /// Plays the ad (seeded, so a tape repeats): minutes granted, or why not.
    func watchAd(toEnd: Bool) {
        var generator = SeededGenerator(seed: session.settings.seed &+ UInt64(state.ads.watched) &+ 0xAD)
        let (result, ledger) = RewardedAd().show(tier: tier, watchesToEnd: toEnd, ledger: state.ads, now: now,
                                                 timeZone: session.settings.timeZone, generator: &generator)
        state.ads = ledger
        if case let .rewarded(minutes) = result {
            state.usage.addBonus(minutes: minutes, now: now, timeZone: session.settings.timeZone)
        }
        save()
        if let copy = RewardedAd.copy(for: result) {
            active = .message([.copy(copy.key, copy.arguments, role: { if case .rewarded = result { return .success } else { return .muted } }())])
        } else {
            active = nil
        }
    }

    func interstitialPanel() -> ProfilePanel {
        ProfilePanel(name: "interstitial", titleKey: "voip.ad.interstitial", lines: [.copy("voip.ad.interstitial.body", role: .muted)],
                     hintKeys: ["voip.ad.close"])
    }

    /// Tier, minutes and data used against the allowance, minutes left, the overage bill, and where the status came from.
    func usagePanel() -> ProfilePanel {
        let current = tier
        let usage = state.usage.usage
        let minutesLine: ProfilePanel.Line = switch current.minuteAllowance {
        case .minutes(let included): .copy("voip.usage.minutes", [.integer(usage.totalMinutes), .string("\(included)")])
        case .unlimited: .copy("voip.usage.minutesUnlimited", [.integer(usage.totalMinutes)])
        }
        let plan = UsageBasedBilling.UsageRate.forTier(current)
        var lines: [ProfilePanel.Line] = [
            .copy(current.copyKey, role: .accent, bold: true),
            minutesLine,
            .copy("voip.usage.data", [.string(Self.gigabytes(usage.totalDataGB)), .string(Self.gigabytes(plan.dataIncludedGB))]),
        ]
        if let left = state.usage.remainingMinutes(allowance: current.minuteAllowance) {
            lines.append(.copy("voip.minutes.remaining", [.integer(left)], role: .muted))
        }
        lines.append(.gap)
        let bill = UsageBasedBilling.itemize(usage: usage, plan: plan)
        for line in UsageBasedBilling.lines(for: bill, plan: plan, format: price) {
            lines.append(.copy(line.key, line.arguments, role: line.key == "voip.bill.total" ? .price : .text, bold: line.key == "voip.bill.total"))
        }
        if !session.backend.isUp, state.receiptCache != nil {
            lines.append(.gap)
            lines.append(.copy("voip.receipt.cached", role: .warning))
        }
        return ProfilePanel(name: "usage", titleKey: "voip.usage.title", lines: lines)
    }

    /// GB with at most two decimals, as the usage lines show data.
    static func gigabytes(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded).replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
    }
}
