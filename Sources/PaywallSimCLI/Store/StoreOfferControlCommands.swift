import ArgumentParser
import Foundation
import PaywallFoundation
import PaywallCore
import StoreSim

/// `store price-increase PRODUCT PRICE --consent|--no-consent`.
struct StorePriceIncreaseCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "price-increase",
        abstract: "Raise a subscription's price as App Store Connect does: with consent the subscriber sees the price-increase message and must agree before the next renewal (declined: it expires, reason didNotConsentToPriceIncrease); without, it renews at the new price.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The subscription product.", valueName: "PRODUCT"))
    var product: StoreTarget.Product
    @Argument(help: ArgumentHelp("The new price in the storefront's currency, e.g. 16.99.", valueName: "PRICE"), transform: PriceArgument.parse)
    var price: Decimal
    @Flag(name: .long, inversion: .prefixedNo, help: "Whether the increase needs the subscriber's consent.")
    var consent = true

    var command: StoreSim.StoreCommand { .priceIncrease(product, price: price, consent: consent) }
}

/// `store redeem CODE [PRODUCT]`: an offer code from the app's redeem sheet.
struct StoreRedeemCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "redeem",
        abstract: "Redeem an offer code (the catalog's codeOffers, by reference name) from the app's redeem sheet; eligibility new, existing (applies at the next renewal) or expired, as the code says.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The offer code's reference name, e.g. FRIENDS1M.", valueName: "CODE"))
    var code: String
    @Argument(help: ArgumentHelp("The product, when two products have a code of that name.", valueName: "PRODUCT"))
    var product: StoreTarget.Product?

    var command: StoreSim.StoreCommand { .redeem(code: code, product: product) }
}

/// `store family-share PRODUCT`: a family member buys a family-shareable product.
struct StoreFamilyShareCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "family-share",
        abstract: "A family member buys a familyShareable product: this user gets a FAMILY_SHARED transaction as an update.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("A familyShareable product.", valueName: "PRODUCT"))
    var product: StoreTarget.Product

    var command: StoreSim.StoreCommand { .familyShare(product) }
}

/// `store revoke-family PRODUCT`: the family member stops sharing.
struct StoreRevokeFamilyCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke-family",
        abstract: "The family member stops sharing a product (or leaves the family): the FAMILY_SHARED transaction is revoked.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The family-shared product.", valueName: "PRODUCT"))
    var product: StoreTarget.Product

    var command: StoreSim.StoreCommand { .revokeFamily(product) }
}


/// `store manage-subscriptions on|off [PRODUCT|GROUP]`: the app's Manage Subscriptions sheet.
struct StoreManageSubscriptionsCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "manage-subscriptions",
        abstract: "Turn auto-renew on or off from the app's Manage Subscriptions sheet (showManageSubscriptions); fails with the manageSubscriptions simulated error when one is set.")
    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"), transform: OnOffArgument.parse)
    var on: Bool
    @Argument(help: ArgumentHelp("A subscription product or group id.", valueName: "PRODUCT|GROUP"))
    var group: StoreTarget.Group?

    var command: StoreSim.StoreCommand { .manageSubscriptions(on, group) }
}

/// `store error API ERROR|off`: a simulated error for one of StoreKit Testing's nine APIs, at run time.
struct StoreErrorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "error",
        abstract: "Make one of StoreKit Testing's nine APIs fail with a StoreKit error from now on (off: works again); the catalog's _storeKitErrors are the starting point.",
        discussion: "APIs: \(StoreKitTestAPI.nameList). Errors: StoreKitError cases for every API; Product.PurchaseError cases for purchase; VerificationError cases for verification and appTransaction; duplicateRequest and failed for refundRequest.")

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The API, e.g. loadProducts or offerCodeRedeem.", valueName: "API"))
    var api: String
    @Argument(help: ArgumentHelp("A StoreKit error name, e.g. networkError, or off.", valueName: "ERROR|off"))
    var error: String

    func validate() throws {
        guard let api = StoreKitTestAPI(name: api) else {
            throw ValidationError("unknown API \(self.api); expected one of: \(StoreKitTestAPI.nameList)")
        }
        guard error == "off" || api.allowedErrors.contains(error) else {
            throw ValidationError("\(error) is not an error \(api.rawValue) can fail with; expected off or one of: \(api.allowedErrors.joined(separator: ", "))")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            guard let api = StoreKitTestAPI(name: api) else { throw StoreControlError("unknown API \(self.api)") }
            var switches = StoreSettings.Errors()
            switches[api] = error == "off" ? "" : error
            try store.setSettings(switches.applied(to: store.settings))
            let forced = StoreKitTestAPI.allCases.compactMap { a in store.settings.forcedError(a).map { "\(a.rawValue)=\($0)" } }
            return ControlReport(action: "error", now: workspace.clock.now(),
                                 summary: [error == "off" ? "\(api.rawValue) works again." : "\(api.rawValue) now fails with \(error).",
                                           "Simulated errors: \(forced.isEmpty ? "none" : forced.joined(separator: ", "))."])
        }
    }
}

extension StoreKitTestAPI {
    /// "loadProducts, purchase, …" for help and errors (built at every start-up: `TextJoin`).
    static var nameList: String { TextJoin.join(allCases.map { $0.rawValue }, separator: ", ") }
}

/// `store storefront CODE`: the App Store account moves to another country's storefront.
struct StoreStorefrontCommand: StoreControlCommand {
    static let configuration = CommandConfiguration(
        commandName: "storefront",
        abstract: "Move the App Store account to another storefront (alpha-3, e.g. FRA): kept in the state; a running app re-prices within a second (Storefront.updates) and later purchases are signed in it.")
    static let reportsChanges = false

    @OptionGroup var options: StoreOptions
    @Argument(help: ArgumentHelp("The storefront's ISO 3166-1 alpha-3 code, e.g. USA, KOR, FRA.", valueName: "CODE"), transform: StorefrontArgument.parse)
    var storefront: Storefront

    var command: StoreSim.StoreCommand { .storefront(storefront) }
}
