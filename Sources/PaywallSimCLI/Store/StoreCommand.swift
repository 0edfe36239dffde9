import ArgumentParser
import PaywallFoundation

/// `paywall-sim store …`: look at and act on the simulated store from outside the app.
public struct StoreCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Inspect the simulated store and act on it from outside the app (like SKTestSession).",
        discussion: """
        The store lives in the state directory (--state), shared with `paywall-sim run`. Controls \
        (approve, decline, expire, refund, renew, buy, advance, reset) act on the store as "outside the \
        app": a running app on the same state sees their results within a second (Transaction.updates), \
        an app started later at its launch, when unfinished transactions are redelivered. \
        The simulator's clock is kept in DIR/settings.json, pinned (it moves only with --now, store advance, \
        tapes and runs of the app) or following the wall clock (--clock wall); `store advance` moves it forward.
        """,
        subcommands: [
            StoreProductsCommand.self, StoreTransactionsCommand.self, StoreEntitlementsCommand.self,
            StoreApproveCommand.self, StoreDeclineCommand.self, StoreExpireCommand.self, StoreRefundCommand.self,
            StoreRenewCommand.self, StoreBuyCommand.self, StoreAdvanceCommand.self, StoreResetCommand.self,
            StoreBillingIssueCommand.self, StoreAutoRenewCommand.self, StoreResolveCommand.self, StoreDeleteCommand.self,
            StoreOfferKeyCommand.self, StoreSignOfferCommand.self, StoreSignIntroEligibilityCommand.self,
            StorePriceIncreaseCommand.self, StoreRedeemCommand.self, StoreFamilyShareCommand.self, StoreRevokeFamilyCommand.self,
            StoreRefundRequestCommand.self, StoreApproveRefundCommand.self, StoreDeclineRefundCommand.self, StoreReverseRefundCommand.self, StoreConsumptionCommand.self,
            StoreSandboxRefundsCommand.self, StoreRemoveFromSaleCommand.self, StoreOnSaleCommand.self, StoreManageSubscriptionsCommand.self, StoreStorefrontCommand.self, StoreErrorCommand.self,
            StoreStatusCommand.self, StoreAppTransactionCommand.self, StoreCertificateCommand.self, StoreRevokeCertificateCommand.self, StoreSettingsCommand.self, StoreNotificationsCommand.self,
            StoreAPIKeyCommand.self,
        ])

    public init() {}
}

/// `store products`: the catalog with prices in the storefront's format.
struct StoreProductsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products", abstract: "List the catalog's products: type, price, period, intro offer, group and level.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        try StoreRunner.run(options, catalogOnly: true) { workspace in
            ProductsReport(catalog: workspace.catalog, storefront: try workspace.storefront())
        }
    }
}

/// `store transactions`: the ledger, oldest first.
struct StoreTransactionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: "List transactions, newest first (ids, product, dates, revoked, finished, ownership), and pending requests.")

    @OptionGroup var options: StoreOptions
    @Flag(name: .long, help: "With --json: add each transaction's JWS (signedTransaction), as the App Store gives it.")
    var signed = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Show at most N transactions, the newest (0: every one).", valueName: "N"))
    var limit = 50
    @Option(name: .long, help: ArgumentHelp("Only transactions purchased at or after this ISO-8601 instant.", valueName: "ISO-8601"))
    var since: String?

    func validate() throws {
        if limit < 0 { throw ValidationError("--limit \(limit): expected 0 (every transaction) or a positive number") }
        if let since, ISO8601.parse(since) == nil { throw ValidationError("--since \(since): expected an ISO-8601 instant such as 2026-01-30T09:00:00Z") }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            return TransactionsReport(store: store, now: workspace.clock.now(), includeJWS: signed,
                                      limit: limit == 0 ? nil : limit, since: since.flatMap(ISO8601.parse))
        }
    }
}

/// `store entitlements`: current entitlements, subscription status, the backend's entitlement.
struct StoreEntitlementsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entitlements",
        abstract: "Show current entitlements, each group's subscription status and auto-renew, and the backend's verified entitlement.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            return EntitlementsReport(store: store, backend: try workspace.openBackend(store: store), now: workspace.clock.now())
        }
    }
}
