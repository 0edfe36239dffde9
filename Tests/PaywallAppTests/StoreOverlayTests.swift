@testable import PaywallApp
@testable import SimRuntime
import Foundation
import PaywallCore
import PaywallScreens
import StoreSim
import TerminalKit
import TestSupport
import Testing

/// The account overlay (u, F3) and the Transaction Manager (t, F4): what each key shows and does to
/// the store, and that the app follows.
@Suite("Account and Transaction Manager overlays")
struct StoreOverlayTests {
    /// A premium yearly subscriber in chat (bought on the paywall, sheet confirmed, verified).
    static func subscriber(askToBuy: Bool = false) throws -> AppController {
        let app = try FirstHourTests.app(start: .paywall, askToBuy: askToBuy)
        app.handle(.enter)
        app.handle(.enter)
        settle(app)
        return app
    }

    /// Lets the store and backend answer (a minute of the app's time).
    static func settle(_ app: AppController) {
        app.session.advance(to: app.session.clock.now().addingTimeInterval(60))
    }

    static func screen(_ app: AppController) -> String { FirstHourTests.screen(app) }

    @Test func theOverlayKeysOpenAndCloseBothAndChatTakesOnlyTheFunctionKeys() throws {
        let app = try FirstHourTests.app(start: .paywall)
        app.handle(.character("t"))
        #expect(app.overlay == .transactions)
        #expect(Self.screen(app).contains("No transactions yet."))
        app.handle(.character("t"))
        #expect(app.overlay == .none)
        app.handle(.character("u"))
        #expect(app.overlay == .account)
        #expect(Self.screen(app).contains("No subscription"))
        app.handle(.character("f"))
        #expect(Self.screen(app).contains("There is no purchase to refund."), "said in the app's copy, not the store's words")
        app.handle(.escape)
        #expect(app.overlay == .none)
        let chat = try FirstHourTests.app(start: .chat)
        chat.handle(.character("u"))
        chat.handle(.character("t"))
        #expect(chat.overlay == .none && chat.input == "ut", "letters type in chat")
        chat.handle(.function(3))
        #expect(chat.overlay == .account)
        chat.handle(.function(4))
        #expect(chat.overlay == .transactions)
    }

    @Test func helpNamesTheNewOverlaysOnEveryScreen() throws {
        let paywall = try FirstHourTests.app(start: .paywall)
        paywall.handle(.character("?"))
        let help = Self.screen(paywall)
        #expect(help.contains("u F3 Account & subscriptions") && help.contains("t F4 Transaction Manager"), "\(help)")
        let chat = try FirstHourTests.app(start: .chat)
        chat.handle(.function(1))
        let chatHelp = Self.screen(chat)
        #expect(chatHelp.contains("F3 Account & subscriptions") && !chatHelp.contains("u F3"), "\(chatHelp)")
    }

    @Test func theManagerApprovesTheWaitingRequestAndTheAppUnlocks() throws {
        let app = try Self.subscriber(askToBuy: true)
        #expect(!app.session.model.entitlement.isPremium)
        app.handle(.character("t"))
        #expect(Self.screen(app).contains("waiting for approval"))
        app.handle(.character("f"))
        #expect(app.session.store.pendingPurchases.count == 1, "a request takes no refund")
        app.handle(.character("a"))
        #expect(app.session.store.pendingPurchases.isEmpty)
        #expect(Self.screen(app).contains("Approved Ask to Buy request"))
        Self.settle(app)
        #expect(app.session.model.entitlement.isPremium)
    }

    @Test func theManagerRefundsExpiresRenewsAndDeletesTheSelectedTransaction() throws {
        let app = try Self.subscriber()
        #expect(app.session.model.entitlement.isPremium)
        app.handle(.function(4))
        app.handle(.character("w"))
        #expect(app.session.store.transactionCounts.all == 2)
        var screen = Self.screen(app)
        #expect(screen.contains("Renewed the subscription in group premium."), "\(screen)")
        app.handle(.down)
        app.handle(.character("f"))
        let refunded = app.session.store.transactionPage(limit: 2).page
        #expect(refunded[1].payload.revocationDate != nil && refunded[0].payload.revocationDate == nil, "the selected (older) one")
        screen = Self.screen(app)
        #expect(screen.contains("refunded"))
        // The refunded line takes nothing but Delete.
        #expect(screen.contains("Backspace Delete") && !screen.contains("f Refund"), "\(screen)")
        app.handle(.backspace)
        #expect(app.session.store.transactionCounts.all == 1)
        app.handle(.character("e"))
        Self.settle(app)
        #expect(app.session.store.subscriptionStatus(groupID: "premium")?.state == .expired)
        #expect(!app.session.model.entitlement.isPremium)
        #expect(Self.screen(app).contains("expired"), "the line says what its status says (its expiresDate stays as signed)")
    }

    @Test func oRemovesTheSelectedLinesProductFromSaleAndPutsItBack() throws {
        let app = try Self.subscriber()
        app.handle(.function(4))
        #expect(Self.screen(app).contains("o Remove from Sale"), "\(Self.screen(app))")
        app.handle(.character("o"))
        #expect(app.session.store.settings.isOffSale("yearly_59_99"), "the same control as `Store RemoveFromSale yearly_59_99`")
        var screen = Self.screen(app)
        #expect(screen.contains("yearly_59_99 is off sale") && screen.contains("o Back on Sale"), "\(screen)")
        #expect(try app.session.store.products(for: ["yearly_59_99"]).isEmpty, "not sold while off sale")
        app.handle(.character("o"))
        #expect(!app.session.store.settings.isOffSale("yearly_59_99"))
        screen = Self.screen(app)
        #expect(screen.contains("yearly_59_99 is on sale again.") && screen.contains("o Remove from Sale"), "\(screen)")
    }

    @Test func manageSubscriptionsCancelsResubscribesAndChangesPlan() throws {
        let app = try Self.subscriber()
        app.handle(.character("u"))
        #expect(Self.screen(app).contains("Renews on"))
        app.handle(.character("m"))
        var screen = Self.screen(app)
        #expect(screen.contains("Current") && screen.contains("x Cancel subscription"), "\(screen)")
        app.handle(.character("x"))
        #expect(app.session.store.subscriptionStatus(groupID: "premium")?.willAutoRenew == false)
        #expect(Self.screen(app).contains("x Resubscribe"))
        app.handle(.character("x"))
        #expect(app.session.store.subscriptionStatus(groupID: "premium")?.willAutoRenew == true)
        // Yearly is selected; the cheaper monthly above it waits for the renewal. The first Enter
        // asks to confirm, as Apple's sheet does before it changes anything.
        app.handle(.up)
        app.handle(.enter)
        #expect(Self.screen(app).contains("Press Enter again to change to Monthly"))
        #expect(app.session.store.subscriptionStatus(groupID: "premium")?.autoRenewProductID == "yearly_59_99", "nothing changed yet")
        app.handle(.enter)
        let status = app.session.store.subscriptionStatus(groupID: "premium")
        #expect(status?.productID == "yearly_59_99" && status?.autoRenewProductID == "monthly_14_99")
        #expect(app.session.store.transactionCounts.all == 1, "a deferred change makes no transaction")
        screen = Self.screen(app)
        #expect(screen.contains("Starts on") && screen.contains("Monthly starts on"), "\(screen)")
        // Enter on the current plan undoes the pending change (confirmed like any change).
        app.handle(.down)
        app.handle(.enter)
        app.handle(.enter)
        #expect(app.session.store.subscriptionStatus(groupID: "premium")?.autoRenewProductID == "yearly_59_99")
        #expect(Self.screen(app).contains("You stay on Yearly"), "\(Self.screen(app))")
        app.handle(.escape)
        #expect(app.overlay == .account, "Esc goes back to the menu first")
        app.handle(.escape)
        #expect(app.overlay == .none)
    }

    @Test func refundRequestAndRedeemAnswerWithTheStoresSentence() throws {
        let app = try Self.subscriber()
        app.handle(.character("u"))
        app.handle(.character("c"))
        #expect(Self.screen(app).contains("FRIENDS1M"))
        app.handle(.enter)
        let screen = Self.screen(app)
        #expect(screen.contains("This code can't be used with your account."), "a subscriber is refused the code for new and expired subscribers: \(screen)")
        #expect(app.session.store.transactionCounts.all == 1)
        app.handle(.escape)
        // StoreKit Testing "always approves refund requests, and processes them immediately":
        // the store's sentence says so, and there is nothing left to refund.
        app.handle(.character("f"))
        #expect(app.session.store.refundRequests.map(\.state) == [.approved])
        #expect(Self.screen(app).contains("approved at once"), "\(Self.screen(app))")
        Self.settle(app)
        #expect(!app.session.model.entitlement.isPremium)
        app.handle(.character("f"))
        #expect(Self.screen(app).contains("There is no purchase to refund."), "\(Self.screen(app))")
    }

    /// In Production the request waits for Apple: the app's copy says so, and the Transaction
    /// Manager's a answers it as Apple (REFUND), on the row marked "refund requested".
    @Test func aProductionRefundRequestWaitsForTheTransactionManager() throws {
        var inputs = SessionInputs()
        inputs.start = .paywall
        inputs.startChosen = true
        inputs.environment = "Production"
        let app = try AppHost.launch(inputs, workspace: StateWorkspace(root: TestPaths.scratchDirectory("first")), clock: ManualClock(FixedDates.start))
        app.handle(.enter)
        app.handle(.enter)
        Self.settle(app)
        app.handle(.character("u"))
        app.handle(.character("f"))
        #expect(Self.screen(app).contains("Refund requested. Apple reviews it"), "\(Self.screen(app))")
        app.handle(.character("f"))
        #expect(Self.screen(app).contains("You already asked for a refund of this purchase."))
        app.handle(.escape)
        app.handle(.escape)
        app.handle(.character("t"))
        #expect(Self.screen(app).contains("refund requested"), "\(Self.screen(app))")
        // The row keeps its day at 80 columns: the status is short enough beside it.
        #expect(Self.screen(app).split(separator: "\n").contains { $0.contains("refund requested") && $0.contains("2026-01-30") }, "\(Self.screen(app))")
        // c answers the App Store's CONSUMPTION_REQUEST as the team's server (delivered); Apple still decides.
        #expect(Self.screen(app).contains("c Send Consumption Info"), "\(Self.screen(app))")
        app.handle(.character("c"))
        #expect(Self.screen(app).contains("Sent consumption information"), "\(Self.screen(app))")
        #expect(app.session.store.refundRequests.map { $0.consumption?.deliveryStatus } == ["DELIVERED"])
        #expect(app.session.store.refundRequests.map(\.state) == [.pending])
        app.handle(.character("a"))
        #expect(Self.screen(app).contains("Approved the refund request"), "\(Self.screen(app))")
        #expect(app.session.store.refundRequests.map(\.state) == [.approved])
        // f on the refunded row reverses the refund.
        #expect(Self.screen(app).contains("f Reverse refund"), "\(Self.screen(app))")
        app.handle(.character("f"))
        #expect(Self.screen(app).contains("Reversed the refund"), "\(Self.screen(app))")
        #expect(app.session.store.refundRequests.map(\.state) == [.reversed])
    }

    @Test func countryOrRegionMovesTheAccountAndThePaywallIsPricedAgain() throws {
        let app = try FirstHourTests.app(start: .paywall)
        #expect(Self.screen(app).contains("$59.99 / year"))
        app.handle(.character("u"))
        #expect(Self.screen(app).contains("s Country or Region"))
        app.handle(.character("s"))
        let page = Self.screen(app)
        // The storefronts the embedded catalog has prices for, the account's own (USA, last) current and highlighted.
        for code in ["CHN", "DEU", "FRA", "JPN", "KOR", "USA"] { #expect(page.contains(code), "\(page)") }
        #expect(page.contains("South Korea (KOR)") && page.contains("China mainland (CHN)"), "named in the app's language: \(page)")
        #expect(page.contains("Current") && page.contains("Enter Change"), "\(page)")
        for _ in 0..<4 { app.handle(.up) }
        app.handle(.enter)
        #expect(app.session.storefront.code == "DEU")
        #expect(Self.screen(app).contains("Country or region changed to Germany (DEU): prices are in"), "\(Self.screen(app))")
        app.handle(.escape)
        app.handle(.escape)
        #expect(app.overlay == .none)
        let paywall = Self.screen(app)
        #expect(paywall.contains("59,99 € / year") && !paywall.contains("$59.99"), "\(paywall)")
    }

    @Test func theManagerListsTheNewestEightAndCountsTheRest() throws {
        let app = try Self.subscriber()
        for _ in 0..<10 { try app.session.control(.renew("premium")) }
        app.handle(.character("t"))
        let screen = FirstHourTests.screen(app, width: 80, height: 40)
        #expect(screen.contains("3 older transactions not shown"), "\(screen)")
        for _ in 0..<20 { app.handle(.down) }
        app.handle(.character("f"))
        #expect(app.session.store.payload(transactionID: "2000000000000004")?.revocationDate != nil, "the highlight stops on the last one listed")
        #expect(app.session.store.payload(transactionID: "2000000000000003")?.revocationDate == nil)
    }
}
