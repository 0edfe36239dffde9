import Foundation

/// Screen-to-screen moves: onboarding pages, value preview, proof, paywall, skip, chat.
extension FlowStep {
    mutating func enterOnboarding() {
        guard let first = model.config.onboardingPages.first else {
            go(.valuePreview)
            return
        }
        go(.onboarding)
        model.onboardingPage = 0
        track(.onboardingStep(step: 1, screen: first))
    }

    mutating func next() {
        switch model.state {
        case .onboarding:
            let pages = model.config.onboardingPages
            let nextPage = model.onboardingPage + 1
            if nextPage < pages.count {
                model.onboardingPage = nextPage
                model.notice = nil
                track(.onboardingStep(step: nextPage + 1, screen: pages[nextPage]))
            } else {
                go(.valuePreview)
            }
        case .valuePreview: go(.proof)
        case .proof: presentPaywall(reason: .flow, promiseKey: nil)
        case .skipped, .purchased: go(.chat)
        default: break
        }
    }

    mutating func back() {
        switch model.state {
        case .onboarding:
            guard model.onboardingPage > 0 else { return }
            model.onboardingPage -= 1
            model.notice = nil
        case .valuePreview:
            let pages = model.config.onboardingPages
            guard !pages.isEmpty else { return }
            go(.onboarding)
            model.onboardingPage = pages.count - 1
        case .proof: go(.valuePreview)
        case .paywall:
            guard model.inFlight == nil else { return }
            go(model.paywallReason == .flow ? .proof : .chat)
        case .error:
            guard let offer = model.offer else { return }
            go(.paywall(offer: offer))
            model.retryTarget = nil
        default: break
        }
    }

    mutating func skipOnboarding() {
        guard model.state == .onboarding else { return }
        go(.valuePreview)
    }

    mutating func notNow() {
        guard case .paywall = model.state, model.inFlight == nil else { return }
        track(.paywallNotNow)
        go(model.paywallReason == .flow ? .skipped : .chat)
    }

    mutating func movePlanSelection(by delta: Int) {
        guard case .paywall = model.state, let offer = model.offer, !offer.plans.isEmpty else { return }
        let current = offer.plans.firstIndex { $0.id == model.selectedPlanID } ?? 0
        let target = min(max(current + delta, 0), offer.plans.count - 1)
        choosePlan(offer.plans[target].id, in: offer)
    }

    mutating func selectPlan(id: String) {
        guard case .paywall = model.state, let offer = model.offer, offer.plans.contains(where: { $0.id == id })
        else { return }
        choosePlan(id, in: offer)
    }

    private mutating func choosePlan(_ id: String, in offer: Offer) {
        guard id != model.selectedPlanID else { return }
        model.selectedPlanID = id
        track(.paywallPlanSelected(offer: offer.id, plan: id))
    }

    /// `openPaywall` from the chat screen (the chat tab, or the message limit).
    mutating func openPaywallFromChat(reason: PaywallReason) {
        guard model.state == .chat else { return }
        presentPaywall(reason: reason, promiseKey: reason == .messageLimit ? "paywall.promise.limit" : "paywall.promise.chat")
    }

    /// Decides the offer, shows the paywall, counts the view; a premium user goes to chat instead.
    mutating func presentPaywall(reason: PaywallReason, promiseKey: String?) {
        let changingPlan = model.entitlement.isPremium && reason != .flow && model.currentSubscriptionPlan != nil
        if model.entitlement.isPremium, !changingPlan {
            go(.chat)
            if reason != .flow { model.notice = .alreadyPremium }
            return
        }
        // The offer is decided at the session's first paywall and kept: a later view that
        // crosses a rule's threshold must not change the plans under the user's fingers.
        let views = model.paywallViews.count(now: context.now)
        let kept = model.offer?.id
        let offer = OfferDecisionEngine.decide(
            config: model.config, risk: model.risk, paywallViews7d: views,
            timeOnPaywallSec: 0, personalPromiseKey: promiseKey, plans: model.plans, forcedOffer: model.forcedOffer,
            keeping: kept)
        if kept == nil {
            model.offerReason = "offer \(offer.id.rawValue): " + OfferDecisionEngine.explain(
                config: model.config, risk: model.risk, paywallViews7d: views, timeOnPaywallSec: 0, forcedOffer: model.forcedOffer)
                + "; kept for this session"
        }
        go(.paywall(offer: offer))
        model.offer = offer
        model.selectedPlanID = offer.plans.isEmpty ? nil : offer.defaultPlanID
        if changingPlan, let current = model.currentSubscriptionPlan {
            // A subscriber changes plan here: upgrades start now, downgrades and crossgrades at the renewal.
            // A subscriber has used the group's introductory offer: no trial is shown (one group per paywall).
            var plans = offer.plans
            for index in plans.indices where plans[index].period != nil && plans[index].promotionalOfferID == nil { plans[index].trial = nil }
            model.offer?.plans = plans
            go(.paywall(offer: model.offer ?? offer))
            if plans.contains(where: { $0.id == current.id }) { model.selectedPlanID = current.id }
            model.notice = .changePlan(planName: current.displayName)
        }
        model.paywallReason = reason
        model.paywallViews.record(at: context.now)
        track(.paywallView(offer: offer.id, reason: reason.rawValue))
        emit(.persist(.paywallViews(model.paywallViews)))
    }
}
