import Foundation
import PaywallFoundation

/// An action on the store from outside the app, one enum for every surface: a tape's `Store …`
/// line, `paywall-sim store …` and the app's session.
public enum StoreControl: String, Sendable, CaseIterable {
    /// Approve the oldest Ask to Buy request (or the one named by request or product).
    case approve = "Approve"
    /// Decline the oldest Ask to Buy request (or the one named by request or product).
    case decline = "Decline"
    /// Expire the subscription now (auto-renew off).
    case expire = "Expire"
    /// Refund (revoke) a transaction: the one named, the latest of a product, or the latest.
    case refund = "Refund"
    /// Force a renewal of the subscription now.
    case renew = "Renew"
    /// Billing issues `on` (the next renewal fails into grace or billing retry) or `off` (fixed: renew now).
    case billingIssue = "BillingIssue"
    /// Auto-renew `on|off` for a group (Manage Subscriptions), e.g. `AutoRenew off premium`.
    case autoRenew = "AutoRenew"
    /// Complete an interrupted purchase (the buyer acted outside the app): it arrives as an update.
    case resolve = "Resolve"
    /// Delete a transaction (`SKTestSession.deleteTransaction`): a group with none left is eligible for its intro offer again.
    case delete = "Delete"
    /// The Transaction Manager's buy: `Buy PRODUCT [offer=ID] [quantity=N] [renew=off] [date=ISO-8601]`.
    case buy = "Buy"
    /// App Store Connect raises a price: `PriceIncrease PRODUCT PRICE consent|noConsent`.
    case priceIncrease = "PriceIncrease"
    /// Redeem an offer code by its reference name (the app's redeem sheet): `Redeem CODE [PRODUCT]`.
    case redeem = "Redeem"
    /// A family member buys a `familyShareable` product: `FamilyShare PRODUCT`.
    case familyShare = "FamilyShare"
    /// The family member stops sharing it: `RevokeFamily PRODUCT`.
    case revokeFamily = "RevokeFamily"
    /// The app's refund request sheet (`beginRefundRequest`): `RefundRequest [TRANSACTION|PRODUCT] [REASON]`
    /// (REASON one of Apple's `consumptionRequestReason` values, default `OTHER`). Xcode approves it at once,
    /// the sandbox as `SandboxRefunds` says, Production waits for `ApproveRefund` or `DeclineRefund`.
    case refundRequest = "RefundRequest"
    /// Apple approves a waiting refund request (REFUND): `ApproveRefund [TRANSACTION|PRODUCT]`, default the oldest.
    case approveRefund = "ApproveRefund"
    /// Apple declines a waiting refund request (REFUND_DECLINED): `DeclineRefund [TRANSACTION|PRODUCT]`.
    case declineRefund = "DeclineRefund"
    /// Apple reverses a refund after a dispute (REFUND_REVERSED; the entitlement is back): `ReverseRefund [TRANSACTION|PRODUCT]`.
    case reverseRefund = "ReverseRefund"
    /// How the sandbox answers refund requests from now on ("depending on your testing setup"): `SandboxRefunds approve|decline`.
    case sandboxRefunds = "SandboxRefunds"
    /// App Store Connect's "Remove from Sale": `RemoveFromSale PRODUCT`. Not sold from now on; its
    /// subscribers expire at the end of their period (EXPIRED / PRODUCT_NOT_FOR_SALE).
    case removeFromSale = "RemoveFromSale"
    /// The product is on sale again: `OnSale PRODUCT`.
    case onSale = "OnSale"
    /// The app's Manage Subscriptions sheet turning auto-renew on or off: `ManageSubscriptions on|off [PRODUCT|GROUP]`.
    case manageSubscriptions = "ManageSubscriptions"
    /// Reads or sets what `AppTransaction` reports: bare, the app reads it; `AppTransaction ORIGINAL_VERSION [ORIGINAL_PURCHASE_DATE]` sets it.
    case appTransaction = "AppTransaction"
    /// The app reads a group's subscription status (`Product.SubscriptionInfo.status`): `Status [PRODUCT|GROUP]`.
    case status = "Status"
    /// The App Store account moves to another country's storefront: `Storefront FRA` (alpha-3).
    /// The app re-prices, as on `Storefront.updates`, and later purchases are signed in it.
    case storefront = "Storefront"

    /// A control's target as words: `Refund yearly_59_99 appIssue` → ["yearly_59_99", "appIssue"].
    static func words(_ target: String?) -> [String] {
        (target ?? "").split(separator: " ").map(String.init)
    }
}

extension SimulatedStore {
    /// Performs `control` on what `target` names (see `StoreTargetResolver`) and says in one
    /// sentence what was done. Throws `StoreControlError` naming what was missing.
    @discardableResult
    public func perform(_ control: StoreControl, target: String? = nil) throws -> String {
        let resolve = StoreTargetResolver(store: self)
        switch control {
        case .storefront:
            guard let code = target?.trimmingCharacters(in: .whitespaces), let storefront = Storefront(code: code) else {
                let known = Storefront.all.map(\.code)
                throw StoreControlError("Storefront \(target ?? ""): expected a storefront's alpha-3 code such as USA, KOR or FRA"
                    + Spelling.didYouMean((target ?? "").uppercased(), in: known))
            }
            if let warning = catalog.missingPricesWarning(for: storefront.code, label: "storefront") {
                throw StoreControlError(String(warning.dropFirst("warning: ".count)))
            }
            let before = settings.storefront
            try setStorefront(storefront.code)
            return before == storefront.code ? "The storefront is \(storefront.code) already."
                : "The storefront is \(storefront.code) (\(storefront.currencyCode)) now, was \(before): prices and purchases follow it."
        case .approve:
            let request = try resolve.askToBuyRequest(target)
            try approveAskToBuy(requestID: request.requestID)
            return "Approved Ask to Buy request \(request.requestID) for \(request.productID)."
        case .decline:
            let request = try resolve.askToBuyRequest(target)
            try declineAskToBuy(requestID: request.requestID)
            return "Declined Ask to Buy request \(request.requestID) for \(request.productID)."
        case .expire:
            let group = try resolve.group(target)
            try expireSubscription(groupID: group)
            return "Expired the subscription in group \(group)."
        case .renew:
            let group = try resolve.group(target)
            try forceRenewal(groupID: group)
            return "Renewed the subscription in group \(group)."
        case .refund:
            // `[TRANSACTION|PRODUCT] [other|appIssue]`: Apple's revocation reasons 0 and 1.
            var words = StoreControl.words(target)
            var reason = 0
            if let last = words.last, let code = ["other": 0, "appissue": 1][last.lowercased()] { reason = code; words.removeLast() }
            let transaction = try resolve.refundable(words.first)
            try refund(transactionID: transaction.id, reason: reason)
            return "Refunded transaction \(transaction.id) (\(transaction.productID)), reason \(reason == 1 ? "appIssue" : "other")."
        case .autoRenew:
            var words = StoreControl.words(target)
            guard let flag = words.first?.lowercased(), ["on", "off"].contains(flag) else {
                throw StoreControlError("AutoRenew \(target ?? ""): expected on or off, then optionally a subscription product or group")
            }
            words.removeFirst()
            let group = try resolve.group(words.first)
            try setAutoRenew(groupID: group, flag == "on")
            return "Auto-renew \(flag) for the subscription in group \(group)."
        case .resolve:
            // Apple: "interrupted purchases or billing retry scenarios".
            do {
                let request = try resolve.interruptedPurchase(target)
                try completeInterruptedPurchase(requestID: request.requestID)
                return "Completed interrupted purchase \(request.requestID) for \(request.productID)."
            } catch let interrupted {
                guard let group = try? resolve.group(target), state.lines[state.controlledLineKey(group)]?.retryStartedAt != nil else { throw interrupted }
                try resolveBillingIssue(groupID: group)
                return "Resolved the billing issue of the subscription in group \(group): it renewed."
            }
        case .delete:
            let transaction = try resolve.deletable(target)
            try deleteTransaction(transactionID: transaction.id)
            return "Deleted transaction \(transaction.id) (\(transaction.productID))."
        case .billingIssue:
            // `[on|off] [PRODUCT|GROUP]`: the switch is the store's (every renewal), as in StoreKit Testing.
            var words = StoreControl.words(target)
            var flag = words.first.map { $0.lowercased() }
            if flag == "on" || flag == "off" { words.removeFirst() } else if let word = words.first {
                guard catalog.product(word) != nil || catalog.group(word) != nil else {
                    throw StoreControlError("BillingIssue \(target ?? ""): expected on or off, then optionally a subscription product or group")
                }
                flag = nil
            }
            if let product = words.first { _ = try resolve.group(product) }
            switch flag {
            case nil, "on":
                try setBillingIssue(true)
                return settings.billingGracePeriodEnabled
                    ? "Billing issues on: the next renewal fails into the \(settings.effectiveGracePeriodDays)-day grace period, then billing retry."
                    : "Billing issues on: the next renewal fails into billing retry."
            case "off":
                try setBillingIssue(false)
                return "Billing issues off: subscriptions in grace or billing retry renew now."
            default:
                throw StoreControlError("BillingIssue \(target ?? ""): expected on or off, then optionally a subscription product or group")
            }
        case .buy:
            let (productID, options) = try StoreBuyArguments.parse(target, catalog: catalog)
            let newestBefore = latestTransaction?.id
            let transaction = try buy(productID: productID, options: options)
            if let unchanged = noNewTransaction(productID, answered: transaction, newestBefore: newestBefore) { return unchanged }
            let payload = self.payload(transactionID: transaction.id)
            var details: [String] = []
            if let offer = payload?.offerIdentifier ?? (payload?.offerType == 1 ? "introductory offer" : nil) { details.append("offer \(offer)") }
            if options.quantity > 1 { details.append("quantity \(options.quantity)") }
            if !options.autoRenew { details.append("auto-renew off") }
            return "Bought \(productID) outside the app: transaction \(transaction.id)\(details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")."
        case .priceIncrease:
            let words = StoreControl.words(target)
            guard words.count == 3, let price = Decimal(string: words[1], locale: Locale(identifier: "en_US_POSIX")),
                  ["consent", "noconsent"].contains(words[2].lowercased()) else {
                throw StoreControlError("PriceIncrease \(target ?? ""): expected PRODUCT PRICE consent|noConsent, e.g. PriceIncrease monthly_14_99 16.99 consent")
            }
            try StoreTargetResolver.requireProduct(words[0], in: catalog)
            let consent = words[2].lowercased() == "consent"
            let groups = try schedulePriceIncrease(productID: words[0], newPrice: price, needsConsent: consent)
            let who = groups.isEmpty ? "no live subscriber renews into it" : "the subscriber in \(groups.joined(separator: ", ")) \(consent ? "must agree before the next renewal" : "is told; it renews at the new price")"
            return "Price increase of \(words[0]) to \(words[1]) \(consent ? "with" : "without") consent: \(who)."
        case .redeem:
            let words = StoreControl.words(target)
            guard let code = words.first else { throw StoreControlError("Redeem: expected an offer code's reference name, then optionally its product") }
            if let transaction = try redeemOfferCode(code, productID: words.dropFirst().first) {
                return "Redeemed offer code \(code): transaction \(transaction.id) (\(transaction.productID))."
            }
            return "Redeemed offer code \(code): it applies at the subscription's next renewal."
        case .familyShare:
            guard let product = target, !product.isEmpty else { throw StoreControlError("FamilyShare: expected a familyShareable product") }
            let transaction = try familyShare(productID: product)
            return "A family member shared \(product): transaction \(transaction.id), FAMILY_SHARED."
        case .revokeFamily:
            guard let product = target, !product.isEmpty else { throw StoreControlError("RevokeFamily: expected a family-shared product") }
            let transaction = try revokeFamilyShare(productID: product)
            return "Family sharing of \(product) stopped: transaction \(transaction.id) revoked."
        case .refundRequest:
            var words = StoreControl.words(target)
            var reason: String?
            if let last = words.last?.uppercased(), RefundRequest.reasons.contains(last) { reason = last; words.removeLast() }
            if words.count > 1 {
                throw StoreControlError("RefundRequest \(target ?? ""): expected a transaction or product, then optionally a reason: \(RefundRequest.reasons.joined(separator: ", "))")
            }
            let transaction = try resolve.refundable(words.first)
            let what = "transaction \(transaction.id) (\(transaction.productID))"
            switch try beginRefundRequest(transactionID: transaction.id, reason: reason) {
            case .approved: return "Refund requested for \(what) and approved at once (\(environment == "Sandbox" ? "the sandbox approves them" : "StoreKit Testing approves every request")): refunded."
            case .declined: return "Refund requested for \(what) and declined by the sandbox (REFUND_DECLINED; `store sandbox-refunds approve` changes that)."
            case .pending, .reversed: return "Refund requested for \(what); Apple decides later (`store approve-refund` or `store decline-refund`)."
            }
        case .approveRefund, .declineRefund:
            let request = try resolve.pendingRefundRequest(target)
            let approve = control == .approveRefund
            try decideRefund(transactionID: request.transactionID, approve: approve)
            return approve ? "Approved the refund request for transaction \(request.transactionID) (\(request.productID)): refunded (REFUND)."
                : "Declined the refund request for transaction \(request.transactionID) (\(request.productID)): nothing is refunded (REFUND_DECLINED)."
        case .reverseRefund:
            let transaction = try resolve.refunded(target)
            try reverseRefund(transactionID: transaction.id)
            return "Reversed the refund of transaction \(transaction.id) (\(transaction.productID)) (REFUND_REVERSED): it is no longer revoked."
        case .sandboxRefunds:
            guard let word = target?.trimmingCharacters(in: .whitespaces).lowercased(), ["approve", "decline"].contains(word) else {
                throw StoreControlError("SandboxRefunds \(target ?? ""): expected approve or decline")
            }
            try setSandboxDeclinesRefunds(word == "decline")
            return "The sandbox \(word == "decline" ? "declines" : "approves") refund requests from now on"
                + (environment == "Sandbox" ? "." : " (this state signs for \(environment): only a Sandbox state reads it).")
        case .removeFromSale, .onSale:
            guard let product = target?.trimmingCharacters(in: .whitespaces), !product.isEmpty, !product.contains(" ") else {
                throw StoreControlError("\(control.rawValue): expected one product id")
            }
            try StoreTargetResolver.requireProduct(product, in: catalog)
            let off = control == .removeFromSale
            let changed = try setOffSale(product, off)
            if !changed { return "\(product) is \(off ? "off sale" : "on sale") already." }
            return off ? "\(product) is off sale: it is not sold, and its subscribers expire at the end of their period (EXPIRED / PRODUCT_NOT_FOR_SALE)."
                : "\(product) is on sale again."
        case .manageSubscriptions:
            var words = StoreControl.words(target)
            guard let flag = words.first?.lowercased(), ["on", "off"].contains(flag) else {
                throw StoreControlError("ManageSubscriptions \(target ?? ""): expected on or off, then optionally a subscription product or group")
            }
            words.removeFirst()
            let group = try resolve.group(words.first)
            try manageSubscriptions(groupID: group, autoRenew: flag == "on")
            return "Manage Subscriptions: auto-renew \(flag) for group \(group)."
        case .appTransaction:
            let words = StoreControl.words(target)
            if words.isEmpty {
                let (payload, _, error) = try appTransactionResult()
                if let error { throw StoreControlError("AppTransaction is unverified: \(error)") }
                return "AppTransaction: original version \(payload.originalApplicationVersion), bought \(ISO8601.string(TransactionPayload.date(payload.originalPurchaseDate)))."
            }
            guard let version = words.first, version.first?.isNumber == true else {
                throw StoreControlError("AppTransaction \(target ?? ""): expected the original app version, e.g. AppTransaction 1.0 2024-03-01T00:00:00Z")
            }
            var date = appPurchase.originalPurchaseDate
            if words.count > 1 {
                guard let parsed = ISO8601.parse(words[1]) else { throw StoreControlError("AppTransaction: bad date \(words[1]); expected ISO-8601 like 2024-03-01T00:00:00Z") }
                date = parsed
            }
            try setAppPurchase(AppPurchase(originalApplicationVersion: version, originalPurchaseDate: date, applicationVersion: appPurchase.applicationVersion))
            return "AppTransaction: original version \(version), bought \(ISO8601.string(date))."
        case .status:
            let group = try resolve.group(target)
            guard let status = try statusForApp(groupID: group) else { return "Subscription status of \(group): none (never subscribed)." }
            return "Subscription status of \(group): \(status.state.rawValue), \(status.productID), auto-renew \(status.willAutoRenew ? "on" : "off")."
        }
    }
}
