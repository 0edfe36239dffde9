import ArgumentParser
import Foundation
import PaywallCore
import PaywallFoundation
import StoreSim

/// A `store` command that performs one `StoreCommand` (the same commands a tape's `Store …` line
/// and the app's overlays perform), built from its typed arguments, and reports what changed.
protocol StoreControlCommand: ParsableCommand {
    /// What the report says about when the app sees the result.
    static var note: String { get }
    /// Whether the report lists subscription status changes (not for Ask to Buy answers).
    static var reportsChanges: Bool { get }
    var options: StoreOptions { get }
    /// The command the arguments say.
    var command: StoreSim.StoreCommand { get }
}

extension StoreControlCommand {
    static var note: String { ControlReport.appNote }
    static var reportsChanges: Bool { true }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            let before = EntitlementsReport.statuses(store)
            let summary = try store.perform(command)
            let changes = Self.reportsChanges ? ControlReport.changes(from: before, to: EntitlementsReport.statuses(store)) : []
            return ControlReport(action: Self.configuration.commandName ?? command.control.rawValue.lowercased(),
                                 now: workspace.clock.now(), summary: [summary], updates: store.takeUpdates(),
                                 changes: changes, note: Self.note)
        }
    }
}

/// `store approve [REQUEST|PRODUCT]`: approves an Ask to Buy request.
struct StoreApproveCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve an Ask to Buy request (default: the oldest). A running app gets the purchase within a second; one started later, at its launch.")
    // An approval makes a purchase: say what it changed, as `buy` does.
    static let reportsChanges = true

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A request id or product id; default: the oldest pending request.", valueName: "REQUEST|PRODUCT"))
    var target: StoreTarget.Request?

    var command: StoreSim.StoreCommand { .approve(target) }
}

/// `store decline [REQUEST|PRODUCT]`: declines an Ask to Buy request.
struct StoreDeclineCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "decline",
        abstract: "Decline an Ask to Buy request (default: the oldest). No transaction is made.")
    static let reportsChanges = false
    static let note = "As in StoreKit, the app is not told: its purchase stays pending (store transactions lists the decline)."

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A request id or product id; default: the oldest pending request.", valueName: "REQUEST|PRODUCT"))
    var target: StoreTarget.Request?

    var command: StoreSim.StoreCommand { .decline(target) }
}

/// `store expire [PRODUCT|GROUP]`: expires a subscription now.
struct StoreExpireCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "expire",
        abstract: "Expire a subscription now, auto-renew off (default: the latest subscription's group). A running app sees it within a second; one started later, at its launch.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A subscription product or group id.", valueName: "PRODUCT|GROUP"))
    var target: StoreTarget.Group?

    var command: StoreSim.StoreCommand { .expire(target) }
}

/// `store renew [PRODUCT|GROUP]`: forces a renewal now.
struct StoreRenewCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Renew a subscription now, a new transaction (default: the latest subscription's group). A running app sees it within a second; one started later, at its launch.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A subscription product or group id.", valueName: "PRODUCT|GROUP"))
    var target: StoreTarget.Group?

    var command: StoreSim.StoreCommand { .renew(target) }
}

/// `store refund [TRANSACTION|PRODUCT]`: revokes a transaction.
struct StoreRefundCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund (revoke) a transaction (default: the latest one not revoked); its entitlement ends. A running app sees it within a second; one started later, at its launch.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A transaction id or product id.", valueName: "TRANSACTION|PRODUCT"))
    var transaction: StoreTarget.Transaction?
    @Option(name: .long, help: ArgumentHelp("Apple's revocation reason: other (0) or appIssue (1).", valueName: "other|appIssue"))
    var reason: RevocationReason = .other

    var command: StoreSim.StoreCommand { .refund(transaction, reason: reason) }
}

/// `store billing-issue on|off`: renewals fail with a billing issue, or the billing is fixed.
struct StoreBillingIssueCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "billing-issue",
        abstract: "Turn billing issues on (renewals fail into the grace period, then billing retry) or off (fixed: what is in grace or retry renews now).")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("on or off; default: on.", valueName: "on|off"), transform: OnOffArgument.parse)
    var on: Bool?

    var command: StoreSim.StoreCommand { .billingIssue(on ?? true, nil) }
}

/// `store auto-renew on|off [PRODUCT|GROUP]`: Manage Subscriptions' auto-renew switch.
struct StoreAutoRenewCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "auto-renew",
        abstract: "Turn auto-renew on or off for a subscription (default: the latest subscription's group); off, it expires at the end of its period.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"), transform: OnOffArgument.parse)
    var on: Bool
    @Argument(help: ArgumentHelp("A subscription product or group id.", valueName: "PRODUCT|GROUP"))
    var group: StoreTarget.Group?

    var command: StoreSim.StoreCommand { .autoRenew(on, group) }
}

/// `store resolve [REQUEST|PRODUCT|GROUP]`: the buyer completes an interrupted purchase, or fixes
/// the billing issue of a subscription in billing retry (`resolveIssueForTransaction`).
struct StoreResolveCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Complete an interrupted purchase (default: the oldest), or fix the billing issue of a subscription in billing retry or grace (it renews): the buyer did what the App Store asked.")
    static let reportsChanges = false

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A request id, product id or subscription group.", valueName: "REQUEST|PRODUCT|GROUP"))
    var target: StoreTarget.Request?

    var command: StoreSim.StoreCommand { .resolve(target) }
}

/// `store delete TRANSACTION|PRODUCT`: removes a transaction, as `SKTestSession.deleteTransaction` does.
struct StoreDeleteCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a transaction (a product's latest, or by id); a group with none left is eligible for its introductory offer again.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A transaction id or product id.", valueName: "TRANSACTION|PRODUCT"))
    var target: StoreTarget.Transaction

    var command: StoreSim.StoreCommand { .delete(target) }
}

/// `store buy PRODUCT`: the Transaction Manager's buy (outside the app), with its options.
struct StoreBuyCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy",
        abstract: "Buy a product outside the app, as the Transaction Manager does (offer, quantity, don't renew, purchase date, app account token); the app gets it as an update.",
        discussion: "With --offer-signature (a promotional offer's JWS) or --intro-eligibility (a signed answer) the buy goes through the app's purchase API, where the App Store checks the signature. Without them it is the Transaction Manager's buy, which checks none: any offer (promotional, win-back, an offer code's reference name, intro) is granted as Xcode grants it.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The product id.", valueName: "PRODUCT"))
    var product: StoreTarget.Product
    @Option(name: .long, help: ArgumentHelp("An offer: a promotional offer (with --offer-signature), a win-back offer, an offer code's reference name, or intro.", valueName: "OFFER_ID"))
    var offer: String?
    @Option(name: .long, help: ArgumentHelp("The promotional offer's compact JWS from the team's server (store sign-offer, or Apple's PromotionalOfferV2SignatureCreator).", valueName: "JWS"))
    var offerSignature: String?
    @Option(name: .long, help: ArgumentHelp("The team server's signed answer on the introductory offer (store sign-intro-eligibility).", valueName: "JWS"))
    var introEligibility: String?
    @Option(name: .long, help: ArgumentHelp("How many (consumables, 1 to 10).", valueName: "N"))
    var quantity: Int = 1
    @Flag(name: .long, help: "Don't renew: auto-renew is off from the start.")
    var noRenew = false
    @Option(name: .long, help: ArgumentHelp("The purchase date (ISO-8601), e.g. to start a subscription in the past.", valueName: "DATE"))
    var date: String?
    @Option(name: .long, help: ArgumentHelp("The app account token (a UUID).", valueName: "UUID"))
    var appAccountToken: String?

    func validate() throws {
        if let date, ISO8601.parse(date) == nil { throw ValidationError("--date \(date): expected ISO-8601 like 2026-01-30T09:00:00Z") }
        if let appAccountToken, UUID(uuidString: appAccountToken) == nil { throw ValidationError("--app-account-token \(appAccountToken): expected a UUID") }
    }

    var command: StoreSim.StoreCommand {
        .buy(product, options: StoreBuyOptions(
            offerID: offer, quantity: quantity, autoRenew: !noRenew, purchaseDate: date.flatMap(ISO8601.parse),
            appAccountToken: appAccountToken.flatMap(UUID.init(uuidString:)),
            offerSignature: offerSignature, introEligibility: introEligibility))
    }
}

/// `store offer-key`: the team's In-App Purchase key promotional offers are checked against.
struct StoreOfferKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offer-key",
        abstract: "Show the In-App Purchase key promotional offer signatures are checked against, or use the team's own (--use KEY_ID:FILE.p8).",
        discussion: "Without --use the simulator's key is shown (made on first use), with its PEM for a server or Apple's App Store Server Library to sign with.")

    @OptionGroup var options: StoreOptions
    @Option(name: .long, help: ArgumentHelp("The team's key: its id in App Store Connect and the downloaded .p8 file.", valueName: "KEY_ID:FILE.p8"))
    var use: String?
    @Option(name: .long, help: ArgumentHelp("The team's issuer id (App Store Connect → Users and Access → Integrations).", valueName: "ISSUER_ID"))
    var issuer: String?

    struct Output: StoreOutput {
        var keyID: String
        var issuerID: String
        var bundleID: String
        var pem: String
        var text: String {
            ["Key id:    \(keyID)", "Issuer id: \(issuerID)", "Bundle id: \(bundleID)",
             "Private key (PKCS#8 PEM, as App Store Connect's .p8 file):", pem].joined(separator: "\n")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            if let use {
                try store.useOfferSigningKey(try OfferSigningKey.team(use, issuerID: issuer ?? OfferSigningKey.simulatorIssuerID))
            }
            let key = try store.offerSigningKey()
            return Output(keyID: key.keyID, issuerID: key.issuerID, bundleID: store.bundleID, pem: key.pem)
        }
    }
}

/// `store sign-offer PRODUCT OFFER_ID`: a promotional offer signature as the team's server makes one.
struct StoreSignOfferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-offer",
        abstract: "Sign a promotional offer as the team's server would (ES256 JWS with the offer key, at the store's clock); pass it to store buy --offer-signature.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The product id.", valueName: "PRODUCT"))
    var product: String
    @Argument(help: ArgumentHelp("The promotional offer's id in the catalog.", valueName: "OFFER_ID"))
    var offer: String
    @Option(name: .long, help: ArgumentHelp("A transaction of the customer (optional, recommended by Apple).", valueName: "TRANSACTION"))
    var transaction: String?

    struct Output: StoreOutput {
        var jws: String
        var text: String { jws }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            try StoreTargetResolver.requireProduct(product, in: store.catalog)
            let verifier = OfferSignatureVerifier(key: try store.offerSigningKey(), bundleID: store.bundleID)
            return Output(jws: try verifier.sign(productID: product, offerID: offer, transactionID: transaction,
                                                 nonce: try store.makeAppAccountToken(), at: workspace.clock.now()))
        }
    }
}
