import Foundation
import PaywallFoundation
import PaywallCore
import PaywallScreens
import Profiles
import SimRuntime
import StoreSim
import TerminalKit

/// Seed 003: the feature gate, calls and their minutes, rewarded and interstitial ads, the usage
/// screen with the overage bill, and receipt validation with the cached status as fallback.
extension ProfileFeatures {
    /// Validates the receipt (the latest transaction) with the server and returns the status cache
    /// after it; when the server is down the cached status stands and the usage screen says so.
    func validateReceipt() -> SubscriptionStatus? {
        let receipt = session.store.latestTransaction.map { Data(utf8: $0.jws) }
        let entitlement = session.model.entitlement
        let server: ReceiptValidator.ServerValidation = { _ in
            guard self.session.backend.isUp else { return .failure(.init("backendUnavailable")) }
            let tier = entitlement.isPremium ? entitlement.productID.flatMap(SubscriptionTier.init(productID:)) ?? .free : .free
            return .success(SubscriptionStatus(tier: tier, expiresAt: entitlement.expiresAt, validatedAt: self.now))
        }
        var cache = InMemoryStatusStore(status: state.receiptCache)
        _ = ReceiptValidator.validate(receipt: receipt, server: server, cache: &cache)
        return cache.status
    }

    func featureGatePanel(_ feature: VoIPFeature, _ upgrade: SubscriptionTier) -> ProfilePanel {
        let message = FeatureGate.promptMessage(featureName: text(feature.copyKey), tierName: text(upgrade.copyKey))
        var lines: [ProfilePanel.Line] = [.copy(message.key, message.arguments)]
        if let product = session.settings.catalog.product(upgrade.productID) {
            lines.append(.gap)
            // The billed price with its period, as the paywall states it (App Store 3.1.2).
            var amount = price(product.price(in: storefront))
            if let period = product.subscription?.period {
                let unit = period.value == 1 ? text("period.\(period.unit.rawValue)")
                    : text("period.\(period.unit.rawValue)s", [.integer(period.value)])
                amount = text("paywall.plan.price", [.string(amount), .string(unit)])
            }
            lines.append(.data("\(text(upgrade.copyKey))  \(amount)", role: .price, bold: true))
        }
        return ProfilePanel(name: "featureGate", titleKey: "voip.upgrade.title", lines: lines, hintKeys: ["voip.upgrade.hint"])
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

    func interstitialPanel() -> ProfilePanel {
        ProfilePanel(name: "interstitial", titleKey: "voip.ad.interstitial", lines: [.copy("voip.ad.interstitial.body", role: .muted)],
                     hintKeys: ["voip.ad.close"])
    }

    /// Tier, minutes and data used against the allowance, minutes left, the overage bill, and where the status came from.
    func usagePanel() -> ProfilePanel {
        let current = tier
        let usage = state.usage.usage
        // Minutes earned from ads this month add to the allowance, the minutes left and the bill.
        let bonus = state.usage.bonusMinutes
        let minutesLine: ProfilePanel.Line = switch current.minuteAllowance {
        case .minutes(let included): .copy("voip.usage.minutes", [.integer(usage.totalMinutes), .string("\(included + bonus)")])
        case .unlimited: .copy("voip.usage.minutesUnlimited", [.integer(usage.totalMinutes)])
        }
        let plan = UsageBasedBilling.UsageRate.forTier(current)
        var lines: [ProfilePanel.Line] = [
            .copy(current.copyKey, role: .accent, bold: true),
            minutesLine,
        ]
        if bonus > 0, case .minutes = current.minuteAllowance {
            lines.append(.copy("voip.usage.bonus", [.integer(bonus)], role: .muted))
        }
        lines += [
            .copy("voip.usage.data", [.string(Self.gigabytes(usage.totalDataGB)), .string(Self.gigabytes(plan.dataIncludedGB))]),
        ]
        if let left = state.usage.remainingMinutes(allowance: current.minuteAllowance) {
            lines.append(.copy("voip.minutes.remaining", [.integer(left)], role: .muted))
        }
        lines.append(.gap)
        let bill = UsageBasedBilling.itemize(usage: usage, plan: plan, bonusMinutes: bonus)
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
