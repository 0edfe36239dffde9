import Foundation
import PaywallFoundation

extension SimulatedStore {
    /// Performs `command`, the one function every surface acts through (tapes, `paywall-sim
    /// store …`, the app's overlays), and says in one sentence what was done. Its targets are
    /// resolved here (`StoreTargetResolver`); a refusal is a `StoreControlError` (or StoreKit's
    /// `StoreKitFailure`) naming what was missing.
    @discardableResult
    public func perform(_ command: StoreCommand) throws -> String {
        let resolve = StoreTargetResolver(store: self)
        switch command {
        case .storefront(let storefront):
            if let warning = catalog.missingPricesWarning(for: storefront.code, label: "storefront") {
                throw StoreControlError(String(warning.dropFirst("warning: ".count)))
            }
            let before = settings.storefront
            try setStorefront(storefront.code)
            return before == storefront.code ? "The storefront is \(storefront.code) already."
                : "The storefront is \(storefront.code) (\(storefront.currencyCode)) now, was \(before): prices and purchases follow it."
        case .approve(let target):
            let request = try resolve.askToBuyRequest(target?.name)
            try approveAskToBuy(requestID: request.requestID)
            return "Approved Ask to Buy request \(request.requestID) for \(request.productID)."
        case .decline(let target):
            let request = try resolve.askToBuyRequest(target?.name)
            try declineAskToBuy(requestID: request.requestID)
            return "Declined Ask to Buy request \(request.requestID) for \(request.productID)."
        case .expire(let target):
            let group = try resolve.group(target?.name)
            try expireSubscription(groupID: group)
            return "Expired the subscription in group \(group)."
        case .renew(let target):
            let group = try resolve.group(target?.name)
            try forceRenewal(groupID: group)
            return "Renewed the subscription in group \(group)."
        case let .refund(target, reason):
            let transaction = try resolve.refundable(target?.name)
            try refund(transactionID: transaction.id, reason: reason.rawValue)
            return "Refunded transaction \(transaction.id) (\(transaction.productID)), reason \(reason.name)."
        case let .autoRenew(on, target):
            let group = try resolve.group(target?.name)
            try setAutoRenew(groupID: group, on)
            return "Auto-renew \(on ? "on" : "off") for the subscription in group \(group)."
        case .resolve(let target):
            // Apple: "interrupted purchases or billing retry scenarios".
            do {
                let request = try resolve.interruptedPurchase(target?.name)
                try completeInterruptedPurchase(requestID: request.requestID)
                return "Completed interrupted purchase \(request.requestID) for \(request.productID)."
            } catch let interrupted {
                guard let group = try? resolve.group(target?.name), state.lines[state.controlledLineKey(group)]?.retryStartedAt != nil else { throw interrupted }
                try resolveBillingIssue(groupID: group)
                return "Resolved the billing issue of the subscription in group \(group): it renewed."
            }
        case .delete(let target):
            let transaction = try resolve.deletable(target.name)
            try deleteTransaction(transactionID: transaction.id)
            return "Deleted transaction \(transaction.id) (\(transaction.productID))."
        case let .billingIssue(on, target):
            // The switch is the store's (every renewal), as in StoreKit Testing; a group given must be a subscription's.
            if let target {
                guard catalog.product(target.name) != nil || catalog.group(target.name) != nil else {
                    throw StoreControlError("BillingIssue \(target.name): expected on or off, then optionally a subscription product or group")
                }
                _ = try resolve.group(target.name)
            }
            try setBillingIssue(on)
            guard on else { return "Billing issues off: subscriptions in grace or billing retry renew now." }
            return settings.billingGracePeriodEnabled
                ? "Billing issues on: the next renewal fails into the \(settings.effectiveGracePeriodDays)-day grace period, then billing retry."
                : "Billing issues on: the next renewal fails into billing retry."
        case let .buy(target, options):
            let productID = try resolve.product(target)
            let newestBefore = latestTransaction?.id
            let transaction = try buy(productID: productID, options: options)
            if let unchanged = noNewTransaction(productID, answered: transaction, newestBefore: newestBefore) { return unchanged }
            let payload = self.payload(transactionID: transaction.id)
            // A signed promotional offer is named with its check; any other offer, the intro, the options in brackets.
            let promotional = options.offerSignature != nil
            var details: [String] = []
            if !promotional, let id = payload?.offerIdentifier { details.append("offer \(id)") }
            else if payload?.offerType == 1 { details.append("introductory offer\(options.introEligibility == nil ? "" : ", eligibility signature verified")") }
            if options.quantity > 1 { details.append("quantity \(options.quantity)") }
            if !options.autoRenew { details.append("auto-renew off") }
            return "Bought \(productID) outside the app\(promotional ? " with promotional offer \(options.offerID ?? "") (signature verified)" : "")"
                + "\(details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"): transaction \(transaction.id)."
        case let .priceIncrease(target, price, consent):
            let productID = try resolve.product(target)
            let groups = try schedulePriceIncrease(productID: productID, newPrice: price, needsConsent: consent)
            let who = groups.isEmpty ? "no live subscriber renews into it" : "the subscriber in \(groups.joined(separator: ", ")) \(consent ? "must agree before the next renewal" : "is told; it renews at the new price")"
            return "Price increase of \(productID) to \(price) \(consent ? "with" : "without") consent: \(who)."
        case let .redeem(code, product):
            if let transaction = try redeemOfferCode(code, productID: product?.name) {
                return "Redeemed offer code \(code): transaction \(transaction.id) (\(transaction.productID))."
            }
            return "Redeemed offer code \(code): it applies at the subscription's next renewal."
        case .familyShare(let product):
            let transaction = try familyShare(productID: product.name)
            return "A family member shared \(product.name): transaction \(transaction.id), FAMILY_SHARED."
        case .revokeFamily(let product):
            let transaction = try revokeFamilyShare(productID: product.name)
            return "Family sharing of \(product.name) stopped: transaction \(transaction.id) revoked."
        case let .refundRequest(target, reason):
            let transaction = try resolve.refundable(target?.name)
            let what = "transaction \(transaction.id) (\(transaction.productID))"
            switch try beginRefundRequest(transactionID: transaction.id, reason: reason?.rawValue) {
            case .approved: return "Refund requested for \(what) and approved at once (\(environment == "Sandbox" ? "the sandbox approves them" : "StoreKit Testing approves every request")): refunded."
            case .declined: return "Refund requested for \(what) and declined by the sandbox (REFUND_DECLINED; `store sandbox-refunds approve` changes that)."
            case .pending, .reversed: return "Refund requested for \(what); Apple decides later (`store approve-refund` or `store decline-refund`)."
            }
        case .approveRefund(let target), .declineRefund(let target):
            let request = try resolve.pendingRefundRequest(target?.name)
            let approve = command.control == .approveRefund
            try decideRefund(transactionID: request.transactionID, approve: approve)
            return approve ? "Approved the refund request for transaction \(request.transactionID) (\(request.productID)): refunded (REFUND)."
                : "Declined the refund request for transaction \(request.transactionID) (\(request.productID)): nothing is refunded (REFUND_DECLINED)."
        case .reverseRefund(let target):
            let transaction = try resolve.refunded(target?.name)
            try reverseRefund(transactionID: transaction.id)
            return "Reversed the refund of transaction \(transaction.id) (\(transaction.productID)) (REFUND_REVERSED): it is no longer revoked."
        case let .consumption(target, information):
            let request = try resolve.refundRequest(target?.name)
            if let problem = information.problem(productType: payload(transactionID: request.transactionID)?.type ?? "") {
                throw StoreControlError("Consumption: \(problem) (Apple's refundPreference and consumptionPercentage pages)", refusal: .invalidConsumption)
            }
            let answer = information.answer(at: clock.now())
            try recordConsumption(transactionID: request.transactionID, answer: answer)
            return "Sent consumption information for transaction \(request.transactionID) (\(request.productID)): \(answer.summary). "
                + (request.state == .pending ? "Apple still decides the refund." : "The refund request was \(request.state.rawValue) already.")
        case .sandboxRefunds(let answer):
            let declines = answer == .decline
            try setSandboxDeclinesRefunds(declines)
            return "The sandbox \(declines ? "declines" : "approves") refund requests from now on"
                + (environment == "Sandbox" ? "." : " (this state signs for \(environment): only a Sandbox state reads it).")
        case .removeFromSale(let target), .onSale(let target):
            let product = try resolve.product(target)
            let off = command.control == .removeFromSale
            let changed = try setOffSale(product, off)
            if !changed { return "\(product) is \(off ? "off sale" : "on sale") already." }
            return off ? "\(product) is off sale: it is not sold, and its subscribers expire at the end of their period (EXPIRED / PRODUCT_NOT_FOR_SALE)."
                : "\(product) is on sale again."
        case let .manageSubscriptions(on, target):
            let group = try resolve.group(target?.name)
            try manageSubscriptions(groupID: group, autoRenew: on)
            return "Manage Subscriptions: auto-renew \(on ? "on" : "off") for group \(group)."
        case let .appTransaction(version, purchaseDate):
            guard let version else {
                let (payload, _, error) = try appTransactionResult()
                if let error { throw StoreControlError("AppTransaction is unverified: \(error)", storeKitError: error) }
                return "AppTransaction: original version \(payload.originalApplicationVersion), bought \(ISO8601.string(TransactionPayload.date(payload.originalPurchaseDate)))."
            }
            let date = purchaseDate ?? appPurchase.originalPurchaseDate
            try setAppPurchase(AppPurchase(originalApplicationVersion: version, originalPurchaseDate: date, applicationVersion: appPurchase.applicationVersion))
            return "AppTransaction: original version \(version), bought \(ISO8601.string(date))."
        case .status(let target):
            let group = try resolve.group(target?.name)
            guard let status = try statusForApp(groupID: group) else { return "Subscription status of \(group): none (never subscribed)." }
            return "Subscription status of \(group): \(status.state.rawValue), \(status.productID), auto-renew \(status.willAutoRenew ? "on" : "off")."
        }
    }
}
