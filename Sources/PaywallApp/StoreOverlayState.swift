import Foundation
import PaywallCore
import PaywallScreens
import SimRuntime
import StoreSim

/// What the account and Transaction Manager overlays remember between keys (the page open, the
/// highlighted line, the last action's note), and how their keys act on the session's store.
///
/// Every action is a `StoreCommand`, the same one `Store …` tape lines and `paywall-sim store …`
/// perform, so the app, tapes and the command line cannot disagree on what it does.
struct StoreOverlayState: Hashable, Sendable {
    /// The account overlay's page.
    private(set) var page: AccountInfo.Page = .menu
    /// The highlighted choice or row.
    private(set) var selected = 0
    private(set) var note: OverlayNote?
    /// Manage Subscriptions: the plan Enter was pressed on once; a second Enter changes to it (as
    /// Apple's sheet confirms a change before it charges).
    private(set) var confirming: StoreCommand?

    /// How many transactions the Transaction Manager lists (older ones are counted, not built).
    static let listed = 8

    /// An overlay open on `page` with line `selected` highlighted.
    init(page: AccountInfo.Page = .menu, selected: Int = 0) {
        self.page = page
        self.selected = selected
    }

    /// Opening an overlay starts it afresh: the menu, the first line, no note.
    mutating func reset() {
        page = .menu
        selected = 0
        note = nil
        confirming = nil
    }

    /// Acts on `command` in `overlay`; returns false when the overlay should close (Esc on the menu).
    mutating func handle(_ command: OverlayCommand, overlay: Overlay, session: SimulatorSession) -> Bool {
        switch command {
        case .move(let by):
            let count = overlay == .account ? choices(session).count : managerRows(session).rows.count
            selected = count == 0 ? 0 : min(max(0, selected + by), count - 1)
            if confirming != nil { confirming = nil; note = nil }
        case .back:
            guard page != .menu else { return false }
            page = .menu
            selected = 0
            note = nil
            confirming = nil
        case .open(let target):
            page = target
            note = nil
            let list = choices(session)
            selected = list.firstIndex { $0.choice.current } ?? 0
        case .requestRefund:
            account(.refundRequest(nil, reason: nil), session) { _, said in
                // Waiting for Apple (Production): the app's copy; answered at once (StoreKit Testing
                // approves every request, the sandbox as set): the store's sentence says how.
                session.store.refundRequests.last?.state == .pending ? .copy("account.note.refundRequested") : OverlayNote(said)
            }
        case .toggleAutoRenew:
            guard let group = subscribedGroup(session) else { break }
            let renews = session.store.subscriptionStatus(groupID: group)?.willAutoRenew ?? false
            account(.manageSubscriptions(!renews, StoreTarget.Group(group)), session) { status, _ in
                .copy(renews ? "account.note.cancelled" : "account.note.resubscribed", date: status?.expiresDate)
            }
        case .choose:
            let list = choices(session)
            guard list.indices.contains(selected) else { break }
            let (choice, command) = list[selected]
            if page == .redeem {
                account(command, session) { _, _ in .copy("account.note.redeemed", [.string(choice.title)]) }
            } else if case .storefront(let storefront) = command {
                // The account moves: the session re-prices the plans, as on `Storefront.updates`.
                account(command, session) { _, _ in
                    .copy("account.note.storefront", [.string(choice.title), .string(storefront.currencyCode)])
                }
            } else if choice.current, let status = subscribedGroup(session).flatMap({ session.store.subscriptionStatus(groupID: $0) }),
                      status.willAutoRenew, status.autoRenewProductID == status.productID {
                // The plan they have, renewing as it is: nothing to change.
                note = .copy("account.note.stays", [.string(choice.title)])
            } else if confirming != command {
                // The first Enter says what the change is; the second makes it.
                confirming = command
                note = .copy("account.note.confirm", [.string(choice.title), .string(choice.detail)])
            } else if case .buy(let product, _) = command {
                let target = product.name
                confirming = nil
                account(command, session) { status, _ in
                    // Back to the plan they have: a pending change is undone, auto-renew on.
                    if choice.current { return .copy("account.note.stays", [.string(choice.title)]) }
                    guard let status, status.productID != target else { return .copy("account.note.changed", [.string(choice.title)]) }
                    return status.autoRenewProductID == target && status.willAutoRenew
                        ? .copy("account.note.changesAt", [.string(choice.title)], date: status.expiresDate)
                        : .copy("account.note.stays", [.string(choice.title)])
                }
            }
        case .approve, .decline, .resolve, .refund, .expire, .renew, .delete, .toggleSale, .sendConsumption:
            actOnRow(command, session)
        }
        return true
    }

    /// The Transaction Manager's action on the highlighted row, when the row's kind has it.
    private mutating func actOnRow(_ command: OverlayCommand, _ session: SimulatorSession) {
        let rows = managerRows(session).rows
        guard rows.indices.contains(selected), let storeCommand = Self.command(command, on: rows[selected], session) else { return }
        perform(storeCommand, session)
        // The list changed under the highlight: keep it on a row that exists.
        selected = min(selected, max(0, managerRows(session).rows.count - 1))
    }

    /// The store command the Transaction Manager's key `command` makes of `row`, when its kind has one.
    static func command(_ command: OverlayCommand, on row: TransactionManagerInfo.Row, _ session: SimulatorSession) -> StoreCommand? {
        let request = StoreTarget.Request(row.id), transaction = StoreTarget.Transaction(row.id)
        let group = StoreTarget.Group(row.productID), product = StoreTarget.Product(row.productID)
        switch (command, row.kind) {
        case (.approve, .askToBuy): return .approve(request)
        case (.decline, .askToBuy): return .decline(request)
        // A refund request waiting for Apple (Production): a and d answer it as Apple.
        case (.approve, .subscription) where row.refundRequested, (.approve, .purchase) where row.refundRequested:
            return .approveRefund(transaction)
        case (.decline, .subscription) where row.refundRequested, (.decline, .purchase) where row.refundRequested:
            return .declineRefund(transaction)
        // The team's server answers the App Store's CONSUMPTION_REQUEST for it: delivered.
        case (.sendConsumption, .subscription) where row.refundRequested, (.sendConsumption, .purchase) where row.refundRequested:
            return .consumption(transaction, ConsumptionInformation(deliveryStatus: .delivered))
        // A refunded transaction: r reverses the refund (REFUND_REVERSED).
        case (.refund, .revoked) where row.reversible: return .reverseRefund(transaction)
        case (.resolve, .interrupted): return .resolve(request)
        case (.refund, .subscription), (.refund, .purchase): return .refund(transaction, reason: .other)
        case (.delete, .subscription), (.delete, .purchase), (.delete, .revoked): return .delete(transaction)
        case (.expire, .subscription): return .expire(group)
        case (.renew, .subscription): return .renew(group)
        case (.toggleSale, .subscription), (.toggleSale, .purchase), (.toggleSale, .revoked):
            return session.store.settings.isOffSale(row.productID) ? .onSale(product) : .removeFromSale(product)
        default: return nil
        }
    }

    /// Performs `command` for the account overlay, whose notes are the app's copy: `done` says what
    /// happened from the subscription's status after it; a refusal the customer can act on is
    /// said in copy (by its case, never its text), any other in the store's words.
    private mutating func account(_ command: StoreCommand, _ session: SimulatorSession,
                                  done: (SubscriptionGroupStatus?, String) -> OverlayNote) {
        do {
            let said = try session.control(command)
            note = done(subscribedGroup(session).flatMap { session.store.subscriptionStatus(groupID: $0) }, said)
        } catch let failure as StoreKitFailure where failure.name == .duplicateRequest {
            note = .copy("account.note.refundAgain", isError: true)
        } catch let refused as StoreControlError where refused.refusal == .nothingToRefund {
            note = .copy("account.note.nothingToRefund", isError: true)
        } catch let refused as StoreControlError where refused.refusal == .ineligibleForOffer {
            note = .copy("account.note.codeNotForYou", isError: true)
        } catch {
            note = OverlayNote(String(describing: error), isError: true)
        }
    }

    /// Performs `command` as a `Store` line would; its sentence, or why it was refused, becomes the note.
    private mutating func perform(_ command: StoreCommand, _ session: SimulatorSession) {
        do {
            note = OverlayNote(try session.control(command))
        } catch {
            note = OverlayNote(String(describing: error), isError: true)
        }
    }

    // MARK: - What the overlays show

    /// The account overlay at this moment.
    func accountInfo(_ session: SimulatorSession, renews: Bool) -> AccountInfo {
        let entitlement = session.model.entitlement
        var info = AccountInfo(page: page, selected: selected, note: note)
        if entitlement.isPremium, let product = entitlement.productID {
            info.product = name(of: product, session)
            info.term = entitlement.expiresAt.map { renews ? .renews($0) : .ends($0) } ?? .lifetime
        }
        if page != .menu { info.choices = choices(session).map(\.choice) }
        if let group = subscribedGroup(session) { info.renews = session.store.subscriptionStatus(groupID: group)?.willAutoRenew ?? false }
        if page == .manage, subscribedGroup(session) == nil { info.product = nil }
        return info
    }

    /// The Transaction Manager at this moment.
    func managerInfo(_ session: SimulatorSession) -> TransactionManagerInfo {
        var info = managerRows(session)
        info.selected = selected
        info.note = note
        return info
    }

    /// Requests waiting outside the app first, then the newest transactions.
    func managerRows(_ session: SimulatorSession) -> TransactionManagerInfo {
        let store = session.store
        var rows = store.pendingPurchases.map { pending in
            TransactionManagerInfo.Row(kind: pending.kind == .askToBuy ? .askToBuy : .interrupted, id: pending.requestID,
                                       productID: pending.productID, day: AppController.day(pending.requestedAt),
                                       status: pending.kind == .askToBuy ? "waiting for approval" : "interrupted")
        }
        let page = store.transactionPage(limit: Self.listed)
        let refunds = UpgradeRefund.amounts(page.page.map(\.payload))
        let now = session.clock.now()
        // A subscription's latest transaction is as its status says (an early expiry leaves its expiresDate as signed).
        var latest: [String: SubscriptionState] = [:]
        for group in session.settings.catalog.groups {
            for status in store.subscriptionStatuses(groupID: group.id) { latest[status.transaction.id] = status.state }
        }
        let words: [SubscriptionState: String] = [.expired: "expired", .inGracePeriod: "in grace period", .inBillingRetryPeriod: "in billing retry"]
        let waitingRefunds = Set(store.refundRequests.filter { $0.state == .pending }.map(\.transactionID))
        for transaction in page.page {
            let payload = transaction.payload
            var status: String
            if payload.revoked != nil {
                status = payload.inAppOwnershipType == "FAMILY_SHARED" ? "revoked" : "refunded"
            } else if let state = latest[payload.transactionId], let word = words[state] {
                status = word
            } else if payload.isUpgraded == true {
                status = refunds[payload.transactionId].map { "upgraded · \(UpgradeRefund.text(milliunits: $0)) \(payload.currency) refunded" } ?? "upgraded"
            } else if let expires = payload.expires, expires <= now {
                status = "expired"
            } else {
                status = payload.inAppOwnershipType == "FAMILY_SHARED" ? "family shared" : "purchased"
            }
            // A purchase with a request waiting for Apple is "refund requested" (short enough to keep
            // the day column); any other status keeps its word beside it.
            if waitingRefunds.contains(payload.transactionId) { status = status == "purchased" ? "refund requested" : status + " · refund requested" }
            // Xcode's own word for a purchase the app has not finished yet.
            if !transaction.finished { status = status == "purchased" ? "unfinished" : status + " · unfinished" }
            let kind: TransactionManagerInfo.Row.Kind = payload.revoked != nil ? .revoked
                : payload.type == "Auto-Renewable Subscription" ? .subscription : .purchase
            rows.append(TransactionManagerInfo.Row(kind: kind,
                                                   id: payload.transactionId, productID: payload.productId,
                                                   day: AppController.day(payload.purchase), status: status,
                                                   refundRequested: waitingRefunds.contains(payload.transactionId),
                                                   reversible: payload.revoked != nil && payload.inAppOwnershipType != "FAMILY_SHARED",
                                                   offSale: store.settings.isOffSale(payload.productId)))
        }
        return TransactionManagerInfo(rows: rows, older: page.total - page.page.count)
    }

    /// A sheet's choices and the command choosing each performs: the subscribed group's plans,
    /// every offer code, or the storefronts the catalog has prices for (the account's one current).
    func choices(_ session: SimulatorSession) -> [(choice: AccountInfo.Choice, command: StoreCommand)] {
        let catalog = session.settings.catalog
        switch page {
        case .menu:
            return []
        case .manage:
            guard let group = subscribedGroup(session), let status = session.store.subscriptionStatus(groupID: group),
                  let products = catalog.groups.first(where: { $0.id == group })?.productIDs else { return [] }
            return products.map { id in
                let plan = session.model.plans.first { $0.id == id }
                let price = plan?.displayPrice ?? ""
                let next = id != status.productID && id == status.autoRenewProductID && status.willAutoRenew ? status.expiresDate : nil
                return (AccountInfo.Choice(title: name(of: id, session), detail: price, current: id == status.productID, starts: next,
                                           period: plan?.period), .buy(StoreTarget.Product(id), options: StoreBuyOptions()))
            }
        case .storefront:
            let current = session.storefront.code
            return Storefront.all.filter { catalog.hasPrices(for: $0.code) }.map { storefront in
                (AccountInfo.Choice(title: "\(storefront.name(inLanguageOf: session.settings.locale)) (\(storefront.code))",
                                    detail: storefront.currencyCode, current: storefront.code == current),
                 .storefront(storefront))
            }
        case .redeem:
            return catalog.products.flatMap { product in
                (product.subscription?.codeOffers ?? []).map { offer in
                    // The store finds a code by its reference name or its offer id, which has no spaces.
                    let title = offer.referenceName.isEmpty ? (offer.offerID ?? "") : offer.referenceName
                    return (AccountInfo.Choice(title: title, detail: name(of: product.id, session)), .redeem(code: offer.offerID ?? title, product: StoreTarget.Product(product.id)))
                }
            }
        }
    }

    /// The group of the customer's subscription: the entitled product's, else the first group with a status.
    private func subscribedGroup(_ session: SimulatorSession) -> String? {
        let catalog = session.settings.catalog
        if let product = session.model.entitlement.productID, let group = catalog.product(product)?.subscription?.groupID,
           session.store.subscriptionStatus(groupID: group) != nil {
            return group
        }
        return catalog.groups.first { session.store.subscriptionStatus(groupID: $0.id) != nil }?.id
    }

    /// A product's display name in the session's locale (its id when it has none).
    private func name(of product: String, _ session: SimulatorSession) -> String {
        if let plan = session.model.plans.first(where: { $0.id == product }), !plan.displayName.isEmpty { return plan.displayName }
        let name = session.settings.catalog.product(product)?.displayName(for: session.settings.locale) ?? ""
        return name.isEmpty ? product : name
    }
}
