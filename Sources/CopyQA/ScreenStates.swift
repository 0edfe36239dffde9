import Foundation
import PaywallCore
import PaywallFoundation
import PaywallScreens
import StoreSim
import TerminalKit

/// Every state of every screen, as contexts built straight from flow models (no store, no session).
public struct ScreenStates: Sendable {
    public var config: RemoteConfig
    public var plans: PlanSource
    /// The instant screens are drawn at (trial end dates, the quota's day).
    public var now: Date
    public var timeZone: TimeZone
    /// A profile's own screens by locale (`ProfileScreenSampler`), swept with the common states.
    public var profileStates: [String: [ScreenState]] = [:]

    /// 2026-05-28 20:26:40 UTC, so dates on screen never depend on the machine's clock.
    public static let fixedNow = Date(timeIntervalSince1970: 1_780_000_000)

    public init(config: RemoteConfig = .default, plans: PlanSource = PlanSource(), now: Date = ScreenStates.fixedNow,
                timeZone: TimeZone = FixedOffsetCalendar.utc) {
        self.config = config
        self.plans = plans
        self.now = now
        self.timeZone = timeZone
    }

    /// The states that look the same for every offer (onboarding, errors, chat, overlays, …).
    public func common(locale: String) -> [ScreenState] {
        var out: [ScreenState] = []
        let base = baseModel(locale: locale, offer: config.defaultOffer)
        for page in config.onboardingPages.indices {
            var model = base
            model.state = .onboarding
            model.onboardingPage = page
            out.append(state(.onboarding, "page \(page + 1)", nil, model, locale))
        }
        out.append(state(.valuePreview, "", nil, with(base) { $0.state = .valuePreview }, locale))
        out.append(state(.proof, "", nil, with(base) { $0.state = .proof }, locale))
        out.append(state(.purchased, "subscription", nil, with(base) {
            $0.state = .purchased(entitlement: premium(productID: "yearly_59_99", expires: true))
        }, locale))
        var renewing = state(.purchased, "subscription that renews", nil, with(base) {
            $0.state = .purchased(entitlement: premium(productID: "yearly_59_99", expires: true))
        }, locale)
        renewing.context.renews = true
        out.append(renewing)
        out.append(state(.purchased, "lifetime", nil, with(base) {
            $0.state = .purchased(entitlement: premium(productID: "lifetime", expires: false))
        }, locale))
        out.append(state(.purchased, "restored", nil, with(base) {
            $0.state = .purchased(entitlement: premium(productID: "yearly_59_99", expires: true, source: .restore))
            $0.notice = .restored
        }, locale))
        out.append(state(.skipped, "", nil, with(base) { $0.state = .skipped }, locale))
        for (key, args) in Self.errors {
            out.append(state(.error, key, nil, with(base) {
                $0.state = .error(message: key)
                $0.errorArguments = args
            }, locale))
        }
        let limit = config.dailyMessageLimit
        out.append(state(.chat, "empty", nil, chatModel(base, used: 0, transcript: false), locale))
        out.append(state(.chat, "1 left", nil, chatModel(base, used: max(0, limit - 1), transcript: true), locale))
        out.append(state(.chat, "limit reached", nil, with(chatModel(base, used: limit, transcript: true)) {
            $0.notice = .limitReached(limit: limit)
        }, locale))
        out.append(state(.chat, "premium", nil, with(chatModel(base, used: 0, transcript: true)) {
            $0.entitlement = premium(productID: "yearly_59_99", expires: true)
        }, locale))
        for notice in [Notice.nothingToRestore, .restoreFailed(reason: "networkError"), .restoring, .cachedEntitlement,
                       .verificationFailed(reason: "signature does not match"), .alreadyPremium] {
            out.append(state(.chat, notice.key, nil, with(chatModel(base, used: 2, transcript: true)) { $0.notice = notice }, locale))
        }
        var help = state(.help, "over paywall", nil, with(base) { $0.state = .paywall(offer: base.offer ?? emptyOffer) }, locale)
        help.context.overlay = .help
        out.append(help)
        var debug = state(.debug, "over chat", nil, chatModel(base, used: 3, transcript: true), locale)
        debug.context.overlay = .debug
        debug.context.debug = DebugInfo(stateName: "chat", storeLines: ["products: 3 loaded", "transactions: 0 unfinished"],
                                        events: ["paywall_view offer_id=A reason=flow", "paywall_not_now", "message_sent count_today=3"])
        out.append(debug)
        out += storeOverlays(chatModel(base, used: 3, transcript: true), locale: locale)
        out += profileStates[locale] ?? []
        return out
    }

    /// The account overlay's pages and the Transaction Manager over chat, with and without a
    /// subscription, with a note and with older transactions left out: each of their copy keys
    /// at least once (the report's size grows with every state).
    func storeOverlays(_ chat: FlowModel, locale: String) -> [ScreenState] {
        let renewal = now.addingTimeInterval(7 * 86_400)
        let subscribed = with(chat) { $0.entitlement = premium(productID: "yearly_59_99", expires: true) }
        // The plans as the app lists them: names in the locale, prices in the storefront it implies
        // (a Korean sweep shows 주 ₩12,000, never $9.99), the last one current, the middle one
        // waiting for the renewal.
        let periodic = chat.plans.filter { $0.period != nil }.prefix(3)
        let plans: [AccountInfo.Choice] = periodic.enumerated().map { index, plan in
            AccountInfo.Choice(title: plan.displayName, detail: plan.displayPrice, current: index == periodic.count - 1,
                               starts: index == 1 && periodic.count > 2 ? renewal : nil, period: plan.period)
        }
        let current = plans.last?.title ?? ""
        let other = plans.count > 1 ? plans[1] : plans.first
        let named = { (code: String) in storefrontTitle(code, locale: locale) }
        let pages: [(String, FlowModel, AccountInfo)] = [
            ("menu, subscribed", subscribed, AccountInfo(product: current, term: .renews(renewal), renews: true)),
            ("menu, cancelled", subscribed, AccountInfo(product: current, term: .ends(renewal),
                                                        note: .copy("account.note.refundRequested"))),
            ("menu, free", chat, AccountInfo()),
            ("manage", subscribed, AccountInfo(page: .manage, product: current, term: .renews(renewal), choices: plans, selected: min(1, plans.count - 1),
                                               renews: true,
                                               note: .copy("account.note.confirm", [.string(other?.title ?? ""), .string(other?.detail ?? "")]))),
            ("manage, cancelled", subscribed, AccountInfo(page: .manage, product: current, term: .ends(renewal), choices: plans,
                                                          selected: max(0, plans.count - 1),
                                                          note: .copy("account.note.cancelled", date: renewal))),
            ("manage, none", chat, AccountInfo(page: .manage)),
            ("redeem", chat, AccountInfo(page: .redeem, choices: [AccountInfo.Choice(title: "FRIENDS1M", detail: "monthly_14_99")],
                                         note: .copy("account.note.codeNotForYou", isError: true))),
            ("redeem, none", chat, AccountInfo(page: .redeem)),
            ("storefront", chat, AccountInfo(page: .storefront, choices: [AccountInfo.Choice(title: named("USA"), detail: "USD", current: true),
                                                                          AccountInfo.Choice(title: named("KOR"), detail: "KRW")],
                                             selected: 1, note: .copy("account.note.storefront", [.string(named("KOR")), .string("KRW")]))),
        ]
        var out: [ScreenState] = pages.map { label, model, info in
            var page = state(.account, label, nil, model, locale)
            page.context.overlay = .account
            page.context.account = info
            return page
        }
        let day = String(ISO8601.string(now).prefix(10))
        let rows = [
            TransactionManagerInfo.Row(kind: .askToBuy, id: "req-2", productID: "monthly_14_99", day: day, status: "waiting for approval"),
            TransactionManagerInfo.Row(kind: .interrupted, id: "req-1", productID: "weekly_9_99", day: day, status: "interrupted"),
            TransactionManagerInfo.Row(kind: .subscription, id: "2000000000000002", productID: "yearly_59_99", day: day, status: "expired · unfinished"),
            TransactionManagerInfo.Row(kind: .purchase, id: "2000000000000001", productID: "lifetime", day: day, status: "refunded"),
        ]
        for (label, info) in [("empty", TransactionManagerInfo()),
                              ("request selected", TransactionManagerInfo(rows: rows, selected: 0, older: 1)),
                              ("interrupted selected", TransactionManagerInfo(rows: rows, selected: 1)),
                              ("subscription selected", TransactionManagerInfo(rows: rows, selected: 2, older: 37,
                                                                               note: OverlayNote("Renewed the subscription in group premium.")))] {
            var manager = state(.transactionManager, label, nil, subscribed, locale)
            manager.context.overlay = .transactions
            manager.context.manager = info
            out.append(manager)
        }
        return out
    }

    /// The states of one offer: its paywall with each plan selected, the sheet, purchasing, and the paywall's notices.
    public func paywall(offer id: OfferID, locale: String) -> [ScreenState] {
        let base = baseModel(locale: locale, offer: id)
        guard let offer = base.offer else { return [] }
        var out: [ScreenState] = []
        let layout = "\(id.rawValue) \(offer.layoutVariant.rawValue)"
        for plan in offer.plans {
            out.append(state(.paywall, "\(layout) · plan \(plan.id)", id, with(base) {
                $0.state = .paywall(offer: offer)
                $0.selectedPlanID = plan.id
            }, locale))
        }
        let selected = offer.plans.first { $0.id == offer.defaultPlanID } ?? offer.plans.first
        for (reason, promise, label) in [(PaywallReason.messageLimit, "paywall.promise.limit", "opened by the limit"),
                                         (.chatTab, "paywall.promise.chat", "opened from chat")] {
            out.append(state(.paywall, "\(layout) · \(label)", id, with(base) {
                let opened = OfferDecisionEngine.decide(config: config, risk: .unknown, paywallViews7d: 0, timeOnPaywallSec: 0,
                                                        personalPromiseKey: promise, plans: $0.plans, forcedOffer: id)
                $0.state = .paywall(offer: opened)
                $0.offer = opened
                $0.paywallReason = reason
            }, locale))
        }
        // A subscriber opens it to change plan: its own title and promise (`paywall.title.changePlan`).
        out.append(state(.paywall, "\(layout) · changing plan", id, with(base) {
            $0.state = .paywall(offer: offer)
            $0.entitlement = premium(productID: selected?.id ?? "", expires: true)
        }, locale))
        for notice in [Notice.purchasesDisabled, .pendingApproval(productID: selected?.id ?? ""),
                       .restoreFailed(reason: "cancelled")] {
            out.append(state(.paywall, "\(layout) · \(notice.key)", id, with(base) {
                $0.state = .paywall(offer: offer)
                $0.notice = notice
                if notice.key == "notice.purchasesDisabled" { $0.config.purchasesEnabled = false }
            }, locale))
        }
        guard let plan = selected else { return out }
        for plan in offer.plans {
            for askToBuy in [false, true] {
                var sheet = state(.sheet, "\(askToBuy ? "Ask to Buy" : "normal") · \(plan.id)", id, with(base) {
                    $0.state = .purchasing(plan: plan)
                    $0.selectedPlanID = plan.id
                    $0.purchasePhase = .awaitingConfirmation
                    $0.inFlight = .purchase
                }, locale)
                sheet.context.sheet.askToBuy = askToBuy
                out.append(sheet)
            }
        }
        for phase in [PurchasePhase.processing, .verifying] {
            out.append(state(.purchasing, "\(phase.rawValue) · \(plan.id)", id, with(base) {
                $0.state = .purchasing(plan: plan)
                $0.selectedPlanID = plan.id
                $0.purchasePhase = phase
                $0.inFlight = .purchase
            }, locale))
        }
        return out
    }

    /// The error keys the core produces, with realistic arguments.
    public static let errors: [(String, [String])] = [
        ("error.configFailed", []), ("error.productsFailed", []), ("error.purchaseFailed", ["networkError"]),
        ("error.verificationFailed", []), ("error.backendRejected", ["signature does not match"]),
        ("error.backendUnavailable", []), ("error.entitlementInactive", []),
    ]

    // MARK: - Building blocks

    func baseModel(locale: String, offer id: OfferID) -> FlowModel {
        var model = FlowModel(config: config, forcedOffer: id)
        model.plans = plans.plans(for: config.allProductIDs, locale: locale)
        let offer = OfferDecisionEngine.decide(config: config, risk: .unknown, paywallViews7d: 0, timeOnPaywallSec: 0,
                                               personalPromiseKey: nil, plans: model.plans, forcedOffer: id)
        model.offer = offer
        model.paywallReason = .flow
        return model
    }

    var emptyOffer: Offer { Offer(id: config.defaultOffer, layoutVariant: .list, plans: [], defaultPlanID: "") }

    func premium(productID: String, expires: Bool, source: Entitlement.Source = .purchase) -> Entitlement {
        Entitlement(isPremium: true, productID: productID, expiresAt: expires ? now.addingTimeInterval(365 * 86_400) : nil,
                    source: source, verifiedAt: now)
    }

    func chatModel(_ base: FlowModel, used: Int, transcript: Bool) -> FlowModel {
        var model = base
        model.state = .chat
        model.quota = MessageQuota(day: MessageQuota.dayKey(for: now, in: timeZone), used: used)
        if transcript {
            model.transcript = [ChatMessage(author: .user, text: "How do I plan a trip to Seoul?"),
                                ChatMessage(author: .assistant, text: "chat.reply.1")]
        }
        return model
    }

    /// A storefront as the Country or Region page names it in `locale`: `대한민국 (KOR)`.
    func storefrontTitle(_ code: String, locale: String) -> String {
        "\(Storefront(code: code)?.name(inLanguageOf: locale) ?? code) (\(code))"
    }

    func state(_ screen: ScreenName, _ name: String, _ offer: OfferID?, _ model: FlowModel, _ locale: String) -> ScreenState {
        ScreenState(screen: screen.rawValue, state: name, offer: offer,
                    context: ScreenContext(model: model, now: now, timeZone: timeZone, locale: locale))
    }

    func with(_ model: FlowModel, _ change: (inout FlowModel) -> Void) -> FlowModel {
        var copy = model
        change(&copy)
        return copy
    }
}
