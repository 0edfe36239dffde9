import Foundation
import StoreSim

/// Seed 003's cards: the feature gate, rewarded and interstitial ads, and the usage screen with
/// the overage bill.
enum VoIPPanels {
    static func featureGate(_ feature: VoIPFeature, _ upgrade: SubscriptionTier, _ context: ProfilePanelContext) -> ProfilePanel {
        let base = context.base
        let message = FeatureGate.promptMessage(featureName: context.text(feature.copyKey), tierName: context.text(upgrade.copyKey))
        var lines: [ProfilePanel.Line] = [.copy(message.key, message.arguments)]
        if let product = base.catalog.product(upgrade.productID) {
            lines.append(.gap)
            // The billed price with its period, as the paywall states it (App Store 3.1.2).
            var amount = context.price(product.price(in: base.storefront))
            if let period = product.subscription?.period {
                let unit = period.value == 1 ? context.text("period.\(period.unit.rawValue)")
                    : context.text("period.\(period.unit.rawValue)s", [.integer(period.value)])
                amount = context.text("paywall.plan.price", [.string(amount), .string(unit)])
            }
            lines.append(.data("\(context.text(upgrade.copyKey))  \(amount)", role: .price, bold: true))
        }
        return ProfilePanel(name: "featureGate", titleKey: "voip.upgrade.title", lines: lines, hintKeys: ["voip.upgrade.hint"])
    }

    static func rewardedAd(_ model: ProfileModel, _ context: ProfilePanelContext) -> ProfilePanel {
        let ad = RewardedAd()
        var lines: [ProfilePanel.Line] = []
        if let left = model.saved.usage.remainingMinutes(allowance: ProfileReducer.tier(model, context.base).minuteAllowance) {
            lines.append(.copy("voip.minutes.remaining", [.integer(left)]))
        }
        return ProfilePanel(name: "rewardedAd", titleKey: "voip.ad.rewarded.offer", titleArguments: [.integer(ad.minutesPerAd)],
                            lines: lines, hintKeys: ["voip.ad.hint"], keys: ["x": .closeAdEarly])
    }

    static func interstitial() -> ProfilePanel {
        ProfilePanel(name: "interstitial", titleKey: "voip.ad.interstitial", lines: [.copy("voip.ad.interstitial.body", role: .muted)],
                     hintKeys: ["voip.ad.close"])
    }

    /// Tier, minutes and data used against the allowance, minutes left, the overage bill, and where the status came from.
    static func usage(_ model: ProfileModel, _ context: ProfilePanelContext) -> ProfilePanel {
        let state = model.saved
        let current = ProfileReducer.tier(model, context.base)
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
            .copy("voip.usage.data", [.string(gigabytes(usage.totalDataGB)), .string(gigabytes(plan.dataIncludedGB))]),
        ]
        if let left = state.usage.remainingMinutes(allowance: current.minuteAllowance) {
            lines.append(.copy("voip.minutes.remaining", [.integer(left)], role: .muted))
        }
        lines.append(.gap)
        let bill = UsageBasedBilling.itemize(usage: usage, plan: plan, bonusMinutes: bonus)
        for line in UsageBasedBilling.lines(for: bill, plan: plan, format: context.price) {
            lines.append(.copy(line.key, line.arguments, role: line.key == "voip.bill.total" ? .price : .text, bold: line.key == "voip.bill.total"))
        }
        if !context.base.backendUp, state.receiptCache != nil {
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
