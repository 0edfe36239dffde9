import Foundation
import PaywallCore

/// Seed 003 in the reducer: calls and their minutes, the feature gate, rewarded ads, the tier.
extension ProfileReducer {
    /// The tier as the receipt server last said (the cache when it is down); free without a receipt.
    public static func tier(_ model: ProfileModel, _ context: ProfileContext) -> SubscriptionTier {
        if context.backendUp {
            guard context.entitlement.isPremium, let id = context.entitlement.productID else { return .free }
            return SubscriptionTier(productID: id) ?? .free
        }
        return model.saved.receiptCache?.effectiveTier(at: context.now) ?? .free
    }

    /// `/call MIN [GB]`: a finished call of MIN minutes (and GB of data); free users then see an interstitial.
    static func call(_ args: [String], _ model: inout ProfileModel, _ effects: inout [ProfileEffect], _ context: ProfileContext) {
        guard let minutes = args.first.flatMap(Int.init), minutes > 0, minutes <= 100_000 else {
            model.card = .message([ProfileLine("voip.call.usage", tone: .warning)])
            return
        }
        let data = args.dropFirst().first.flatMap(Double.init) ?? 0
        guard data.isFinite, data >= 0, data <= 10_000 else {
            model.card = .message([ProfileLine("voip.call.usage", tone: .warning)])
            return
        }
        model.saved.usage.recordCall(minutes: minutes, dataGB: data, now: context.now, timeZone: context.timeZone)
        let day = ISO8601DateFormatter.string(from: context.now, timeZone: context.timeZone, formatOptions: [.withFullDate])
        if model.saved.callsDay != day {
            model.saved.callsDay = day
            model.saved.callsToday = 0
        }
        model.saved.callsToday += 1
        effects.append(.save)
        if context.profile.screens.contains(.ads),
           InterstitialPolicy().showAfterCall(tier: tier(model, context), callsToday: model.saved.callsToday, adLoaded: true) {
            model.card = .interstitial
        } else {
            model.card = .message([ProfileLine("voip.call.ended", [.integer(minutes)], tone: .success)])
        }
    }

    /// `/feature NAME`: allowed, or the upgrade prompt naming the lowest tier above this one that has it.
    static func feature(_ args: [String], _ model: inout ProfileModel, _ context: ProfileContext) {
        let name = args.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let names = VoIPFeature.allCases.map { "\($0.rawValue) (\(context.text($0.copyKey)))" }.joined(separator: ", ")
        guard !name.isEmpty else {
            model.card = .message([ProfileLine("voip.feature.usage", [.string(names)], tone: .muted)])
            return
        }
        // The name as written (videoCall), its words (Video calls), or the start of either (video).
        let wanted = name.lowercased().filter { !$0.isWhitespace }
        let matches = { (feature: VoIPFeature) -> [String] in
            [feature.rawValue.lowercased(), context.text(feature.copyKey).lowercased().filter { !$0.isWhitespace }]
        }
        let feature = VoIPFeature.allCases.first { matches($0).contains(wanted) }
            ?? VoIPFeature.allCases.first { matches($0).contains { $0.hasPrefix(wanted) } }
        guard let feature else {
            model.card = .message([ProfileLine("voip.feature.unknown", [.string(name), .string(names)], tone: .warning)])
            return
        }
        switch FeatureGate.request(feature, tier: tier(model, context)) {
        case .allowed:
            model.card = .message([ProfileLine("voip.feature.allowed", [.string(context.text(feature.copyKey))], tone: .success)])
        case let .upgradePrompt(feature, upgrade):
            model.card = .featureGate(feature, upgrade)
        case .notApplicable:
            model.card = .message([ProfileLine("voip.minutes.unlimited", tone: .success)])
        }
    }

    /// Plays the rewarded ad (seeded, so a tape repeats): minutes granted, or why not.
    static func watchAd(toEnd: Bool, _ model: inout ProfileModel, _ effects: inout [ProfileEffect], _ context: ProfileContext) {
        var generator = SeededGenerator(seed: context.seed &+ UInt64(model.saved.ads.watched) &+ 0xAD)
        let (result, ledger) = RewardedAd().show(tier: tier(model, context), watchesToEnd: toEnd, ledger: model.saved.ads,
                                                 now: context.now, timeZone: context.timeZone, generator: &generator)
        model.saved.ads = ledger
        if case let .rewarded(minutes) = result {
            model.saved.usage.addBonus(minutes: minutes, now: context.now, timeZone: context.timeZone)
        }
        effects.append(.save)
        if let copy = RewardedAd.copy(for: result) {
            let tone: ProfileTone = if case .rewarded = result { .success } else { .muted }
            model.card = .message([ProfileLine(copy.key, copy.arguments, tone: tone)])
        } else {
            model.card = nil
        }
    }
}
