import Foundation
import Persistence
import PaywallCore
import StoreSim

extension SimulatorSession {
    /// Runs one of the flow machine's effects; returns the events that come straight back (later
    /// answers are scheduled, and arrive through `send`).
    public func run(_ effect: FlowEffect) -> [FlowEvent] {
        let now = clock.now()
        switch effect {
        case .loadConfig:
            return [.configLoaded(settings.config)]
        case let .loadProducts(ids):
            return [loadPlans(ids)]
        case .refreshEntitlement:
            return [.entitlementRefreshed(entitlements.entitlement(now: now))]
        case .refreshRisk:
            return [.riskRefreshed(settings.risk)]
        case let .purchase(productID, _):
            // What led to a purchase is on disk before the purchase is; the purchase's own fsync
            // of the store's journal makes any finish waiting in it durable too.
            flushPendingWrites(syncingFinishes: false)
            // The store records the purchase at once (as the App Store does once the sheet is
            // confirmed); the app hears about it after the latency. A relaunch in between finds
            // the transaction unfinished and has it redelivered.
            var options = StorePurchaseOptions(sheet: .confirm, appAccountToken: appAccountToken)
            if let offerID = model.offer?.plans.first(where: { $0.id == productID })?.promotionalOfferID {
                // The paywall shows a promotional offer: the app asks its server to sign it first.
                options.promotionalOfferID = offerID
                options.promotionalOfferSignature = signPromotionalOffer(productID: productID, offerID: offerID)
            }
            let result = store.purchase(productID: productID, options: options)
            scheduler.schedule(.purchaseAnswer(result), at: now.addingTimeInterval(settings.latency.purchase))
            return []
        case let .postTransaction(transaction, offerID):
            scheduler.schedule(.post(transaction, offerID: offerID), at: now.addingTimeInterval(settings.latency.backend))
            return []
        case let .finishTransaction(id):
            do { try store.finish(transactionID: id) } catch { note("finish \(id): \(error)") }
            return []
        case .restore:
            scheduler.schedule(.restore, at: now.addingTimeInterval(settings.latency.restore))
            return []
        case let .track(event):
            analytics.record(event, at: now)
            // Group-committed: written with the next flush (the live loop's 100 ms timer, a
            // purchase, a relaunch, the end), not fsynced on every key.
            pendingEvents.append(RecordedEvent(event, at: now))
            return []
        case let .persist(slice):
            do {
                switch slice {
                case let .quota(quota):
                    let merged = try appState.mergeQuota(quota, since: quotaBase)
                    quotaBase = merged
                    sharedStamps = sharedFileStamps()
                    if merged != quota { return [.sharedStateChanged(quota: merged, paywallViews: model.paywallViews)] }
                case let .paywallViews(views):
                    // Group-committed with the analytics: merged into the file at the next flush.
                    pendingViews = views
                case let .entitlement(entitlement):
                    try appState.save(slice)
                    try entitlements.remember(entitlement)
                }
            } catch { note("\(error)") }
            return []
        case let .answerStoreMessage(message, accepted):
            answer(message, accepted: accepted)
            // What the answer made (a renewal, the offer's transaction) is delivered once this event is handled.
            storeChangedByEffect = true
            return []
        }
    }

    /// Performs scheduled work whose time has come and feeds its answer to the flow.
    func perform(_ work: ScheduledWork) {
        switch work {
        case let .purchaseAnswer(result):
            send(.purchaseCompleted(result))
        case let .post(transaction, offerID):
            let answer = post(transaction, offerID: offerID)
            if case let .verified(entitlement) = answer {
                do { try entitlements.remember(entitlement) } catch { note("\(error)") }
            }
            send(.transactionVerified(answer))
        case .restore:
            send(.restoreCompleted(restore()))
        }
    }

    /// Writes what is group-committed: the analytics events recorded since the last flush (one
    /// append and one fsync), the paywall view history, merged with the views other processes
    /// saved, and the fsync of the store's finishes (`SimulatedStore.finish`).
    ///
    /// When the merge brought in another process's views, the file's stamps are left as they
    /// were, so the next `pollSharedState` folds them into the model (a flush never sends events).
    public func flushPendingWrites(syncingFinishes: Bool = true) {
        if syncingFinishes, store.hasUnsyncedFinishes {
            do { try store.syncFinishes() } catch { note("\(error)") }
        }
        if !pendingEvents.isEmpty {
            do {
                try appState.appendEvents(pendingEvents)
                pendingEvents = []
            } catch { note("\(error)") }
        }
        if let views = pendingViews {
            do {
                let merged = try appState.mergePaywallViews(views)
                pendingViews = nil
                if merged == views { sharedStamps = sharedFileStamps() }
            } catch { note("\(error)") }
        }
    }

    /// Whether analytics events, the paywall view history or the store's finishes wait for a flush.
    public var hasPendingWrites: Bool { !pendingEvents.isEmpty || pendingViews != nil || store.hasUnsyncedFinishes }

    /// Seed 004's POST of a transaction: to the app's own server (`--backend URL`) over HTTP, else
    /// to the simulator's backend in process.
    func post(_ transaction: SignedTransaction, offerID: String, source: Entitlement.Source = .purchase) -> TransactionVerification {
        guard let remoteBackend else {
            return backend.post(jws: transaction.jws, appAccountToken: appAccountToken, offerID: offerID, source: source)
        }
        guard settings.backendUp else { return .unavailable(reason: "backend is down") }
        let answer = remoteBackend.post(transaction, offerID: offerID, appAccountToken: appAccountToken, source: source, now: clock.now())
        if case .verified = answer {} else { note("backend \(remoteBackend.url.absoluteString): \(answer)") }
        return answer
    }

    /// Whether a restore can reach a backend (the remote one is tried; the in-process one has a switch).
    var backendReachable: Bool { remoteBackend != nil ? settings.backendUp : backend.isUp }

    /// The team's server signing a promotional offer with its In-App Purchase key, as Apple's
    /// `PromotionalOfferV2SignatureCreator` does; nil (the store then says `missingOfferParameters`) if it cannot.
    func signPromotionalOffer(productID: String, offerID: String) -> String? {
        do {
            let verifier = OfferSignatureVerifier(key: try store.offerSigningKey(), bundleID: store.bundleID)
            return try verifier.sign(productID: productID, offerID: offerID, transactionID: store.latestTransaction?.id,
                                     nonce: try store.makeAppAccountToken(), at: clock.now())
        } catch {
            note("promotional offer \(offerID): the server could not sign it: \(error)")
            return nil
        }
    }

    /// `AppStore.sync()`, posting what it re-delivers, then the backend's entitlement.
    private func restore() -> RestoreResult {
        let now = clock.now()
        switch store.sync() {
        case let .failed(error):
            return .failed(reason: error.rawValue)
        case let .restored(transactions):
            guard backendReachable else { return .failed(reason: "backendUnavailable") }
            var answered: Entitlement?
            for transaction in transactions {
                if case let .verified(entitlement) = post(transaction, offerID: "restore", source: .restore) { answered = entitlement }
            }
            if remoteBackend != nil, let answered {
                do { try entitlements.remember(answered) } catch { note("\(error)") }
                return .completed(answered)
            }
            return .completed(entitlements.entitlement(now: now))
        case .nothingToRestore:
            guard backendReachable else { return .failed(reason: "backendUnavailable") }
            return .completed(entitlements.entitlement(now: now))
        }
    }

    /// What a catalog holds, in words: `2 consumables`, `no products`.
    static func contents(of catalog: StoreCatalog) -> String {
        let kinds: [(StoreProduct.Kind, String)] = [(.consumable, "consumable"), (.nonConsumable, "non-consumable"),
                                                     (.nonRenewingSubscription, "non-renewing subscription"), (.autoRenewable, "subscription")]
        let parts = kinds.compactMap { kind, name -> String? in
            let count = catalog.products(ofKind: kind).count
            return count == 0 ? nil : "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return parts.isEmpty ? "no products" : parts.joined(separator: ", ")
    }

    /// Plans for the config's products; a catalog without them offers its own subscriptions.
    private func loadPlans(_ ids: [String]) -> FlowEvent {
        do {
            _ = try store.products(for: ids)
        } catch {
            return .productsFailed(reason: error.name.rawValue)
        }
        let used = usedIntroOfferGroups()
        let plans = plans(for: ids, usedIntroOfferGroups: used)
        guard !plans.isEmpty else {
            return .nothingToSell(contents: Self.contents(of: settings.catalog))
        }
        plansLoaded = (ids, used, storefront.code)
        return .productsLoaded(plans)
    }

    /// The groups whose introductory offer the customer has used (`isEligibleForIntroOffer` false).
    func usedIntroOfferGroups() -> Set<String> {
        Set(settings.catalog.groups.map(\.id).filter { !store.isEligibleForIntroOffer(groupID: $0) })
    }

    func plans(for ids: [String], usedIntroOfferGroups used: Set<String>) -> [Plan] {
        PlanFactory(catalog: settings.catalog, locale: settings.locale, storefront: storefront, usedIntroOfferGroups: used)
            .plansOrDefault(for: ids)
    }

    /// Plans follow the customer's intro-offer eligibility as their transactions change (a lapse,
    /// a deleted transaction, a purchase in another process) and the account's storefront as it
    /// changes (`Storefront.updates`): the paywall never promises a trial the store will not give,
    /// nor a price in another currency than the one charged. Returns the event that reloads
    /// them, or nil when nothing changed.
    func plansForChangedStore() -> FlowEvent? {
        guard let (ids, known, shownIn) = plansLoaded else { return nil }
        let used = usedIntroOfferGroups()
        guard used != known || storefront.code != shownIn else { return nil }
        plansLoaded = (ids, used, storefront.code)
        let plans = plans(for: ids, usedIntroOfferGroups: used)
        return plans.isEmpty ? nil : .productsLoaded(plans)
    }
}
