import ArgumentParser
import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim

/// `store status [GROUP]`: `Product.SubscriptionInfo.status` with its RenewalInfo, decoded and signed.
struct StoreStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each subscription group's status as the app reads it (subscriptionStatus API): state, the latest transaction and the complete RenewalInfo, with its JWS.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A subscription group or product; default: every group.", valueName: "GROUP|PRODUCT"))
    var group: String?

    struct Output: StoreOutput {
        struct Group: Encodable {
            var groupID: String
            var state: String
            var transactionID: String
            var renewalInfo: RenewalInfoPayload
            var expirationReason: String?
            var signedRenewalInfo: String
        }
        var groups: [Group]
        var text: String {
            guard !groups.isEmpty else { return "No subscription yet." }
            return groups.map { g in
                var lines = ["\(g.groupID): \(g.state) (transaction \(g.transactionID))"]
                let info = g.renewalInfo
                lines.append("  autoRenewStatus \(info.autoRenewStatus) · autoRenewProductId \(info.autoRenewProductId) · renewalPrice \(info.renewalPrice) \(info.currency)")
                if let date = info.renewalDate { lines.append("  renewalDate \(StoreDate.string(TransactionPayload.date(date)))") }
                if let reason = g.expirationReason { lines.append("  expirationIntent \(info.expirationIntent ?? 0) (\(reason))") }
                if info.isInBillingRetryPeriod == true { lines.append("  isInBillingRetryPeriod true") }
                if let grace = info.gracePeriodExpiresDate { lines.append("  gracePeriodExpiresDate \(StoreDate.string(TransactionPayload.date(grace)))") }
                if let status = info.priceIncreaseStatus { lines.append("  priceIncreaseStatus \(status) (\(status == 0 ? "not agreed (no answer, or declined)" : "agreed, or told of one needing no consent"))") }
                if let type = info.offerType { lines.append("  offerType \(type)\(info.offerIdentifier.map { " · offerIdentifier \($0)" } ?? "")") }
                if let ids = info.eligibleWinBackOfferIds { lines.append("  eligibleWinBackOfferIds \(ids.joined(separator: ", "))") }
                lines.append("  signedRenewalInfo \(g.signedRenewalInfo)")
                return lines.joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let groups = try group.map { [try StoreTargetResolver(store: store).group($0)] } ?? store.catalog.groups.map(\.id)
            var result: [Output.Group] = []
            for id in groups {
                guard let status = try store.statusForApp(groupID: id), let jws = try store.signedRenewalInfo(groupID: id) else { continue }
                result.append(Output.Group(groupID: id, state: status.state.rawValue, transactionID: status.transaction.id,
                                           renewalInfo: status.renewalInfo, expirationReason: status.renewalInfo.expirationReasonName,
                                           signedRenewalInfo: jws))
            }
            return Output(groups: result)
        }
    }
}

/// `store app-transaction`: `AppTransaction.shared`, and setting what it reports.
struct StoreAppTransactionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-transaction",
        abstract: "Show the signed AppTransaction (who bought the app, which version first, when); --original-version and --original-purchase-date set it, for paid-to-freemium tests.")

    @OptionGroup var options: StoreOptions
    @Option(name: .long, help: ArgumentHelp("The version the customer first got, e.g. 1.0.", valueName: "VERSION"))
    var originalVersion: String?
    @Option(name: .long, help: ArgumentHelp("When the customer first got the app (ISO-8601).", valueName: "DATE"))
    var originalPurchaseDate: String?

    struct Output: StoreOutput {
        var appTransaction: AppTransactionPayload
        var verified: Bool
        var jws: String
        var text: String {
            ["originalApplicationVersion \(appTransaction.originalApplicationVersion)",
             "originalPurchaseDate \(StoreDate.string(TransactionPayload.date(appTransaction.originalPurchaseDate)))",
             "applicationVersion \(appTransaction.applicationVersion) · bundleId \(appTransaction.bundleId) · receiptType \(appTransaction.receiptType)",
             "verified \(verified)", "jws \(jws)"].joined(separator: "\n")
        }
    }

    func validate() throws {
        if let date = originalPurchaseDate, ISO8601.parse(date) == nil {
            throw ValidationError("--original-purchase-date \(date): expected ISO-8601 like 2024-03-01T00:00:00Z")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            if originalVersion != nil || originalPurchaseDate != nil {
                let current = store.appPurchase
                try store.setAppPurchase(AppPurchase(originalApplicationVersion: originalVersion ?? current.originalApplicationVersion,
                                                     originalPurchaseDate: originalPurchaseDate.flatMap(ISO8601.parse) ?? current.originalPurchaseDate,
                                                     applicationVersion: current.applicationVersion))
            }
            let (payload, jws, verified) = try store.appTransaction()
            return Output(appTransaction: payload, verified: verified, jws: jws)
        }
    }
}

/// `store sign-intro-eligibility PRODUCT allow|deny --transaction ID`: the team server's answer on an intro offer.
struct StoreSignIntroEligibilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-intro-eligibility",
        abstract: "Sign an introductory-offer eligibility answer as the team's server would (aud introductory-offer-eligibility, ES256 with the offer key); pass it to store buy --intro-eligibility.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The product id.", valueName: "PRODUCT"))
    var product: String
    @Argument(help: ArgumentHelp("allow or deny the introductory offer.", valueName: "allow|deny"))
    var answer: String
    @Option(name: .long, help: ArgumentHelp("Any transaction of the customer (Apple requires one); default: the latest.", valueName: "TRANSACTION"))
    var transaction: String?

    struct Output: StoreOutput {
        var jws: String
        var text: String { jws }
    }

    func validate() throws {
        guard ["allow", "deny"].contains(answer) else { throw ValidationError("\(answer): expected allow or deny") }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            try StoreTargetResolver.requireProduct(product, in: store.catalog)
            guard let id = transaction ?? store.allTransactions.last?.id else {
                throw StoreControlError("the customer has no transaction; Apple's eligibility signature needs one (--transaction)")
            }
            let verifier = OfferSignatureVerifier(key: try store.offerSigningKey(), bundleID: store.bundleID)
            return Output(jws: try verifier.signIntroEligibility(productID: product, allow: answer == "allow", transactionID: id,
                                                                 nonce: try store.makeAppAccountToken(), at: workspace.clock.now()))
        }
    }
}
