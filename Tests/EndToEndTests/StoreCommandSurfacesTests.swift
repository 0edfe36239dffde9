import Foundation
@testable import PaywallApp
@testable import PaywallSimCLI
import SimRuntime
import StoreKitVocabulary
import StoreSim
import Tapes
import TestSupport
import Testing

/// `paywall-sim store …`, a tape's `Store …` line and the app's overlays build one `StoreCommand`
/// for the same action, a product named by the same typed target (`StoreTarget.Product`).
@Suite("One store command from every surface")
struct StoreCommandSurfacesTests {
    /// The command `paywall-sim store ARGUMENTS` performs.
    func commandLine(_ arguments: String...) throws -> StoreSim.StoreCommand {
        let parsed = try PaywallSimCommand.parseAsRoot(["store"] + arguments)
        return try #require(parsed as? any StoreControlCommand, "\(arguments)").command
    }

    /// The command a tape's `line` performs.
    func tape(_ line: String) throws -> StoreSim.StoreCommand? {
        let tape = try TapeParser.parse(source: line + "\n", file: "surfaces.tape").get()
        guard case let .store(command)? = tape.steps.first?.command else { return nil }
        return command
    }

    @Test func aProductIsOneTargetForTheCommandLineATapeAndTheOverlays() throws {
        var inputs = SessionInputs()
        inputs.start = .paywall
        inputs.startChosen = true
        let app = try AppHost.launch(inputs, workspace: StateWorkspace(root: TestPaths.scratchDirectory("surfaces")), clock: ManualClock(FixedDates.start))
        try app.session.control(.buy("yearly_59_99", options: StoreBuyOptions()))

        // The account overlay's Manage Subscriptions: choosing the monthly plan buys it.
        let plans = StoreOverlayState(page: .manage).choices(app.session).map(\.command)
        let buy = try #require(plans.first { $0 == .buy("monthly_14_99", options: StoreBuyOptions()) }, "\(plans)")
        #expect(try commandLine("buy", "monthly_14_99") == buy)
        #expect(try tape("Store Buy monthly_14_99") == buy)

        // The account overlay's offer codes: FRIENDS1M is the monthly plan's.
        let codes = StoreOverlayState(page: .redeem).choices(app.session).map(\.command)
        let redeem = try #require(codes.first, "\(codes)")
        #expect(redeem == .redeem(code: "FRIENDS1M", product: "monthly_14_99"))
        #expect(try commandLine("redeem", "FRIENDS1M", "monthly_14_99") == redeem)
        #expect(try tape("Store Redeem FRIENDS1M monthly_14_99") == redeem)

        // The Transaction Manager's o on the yearly plan's line takes it off sale.
        let row = try #require(StoreOverlayState().managerRows(app.session).rows.first { $0.productID == "yearly_59_99" })
        let offSale = try #require(StoreOverlayState.command(.toggleSale, on: row, app.session))
        #expect(offSale == .removeFromSale(StoreTarget.Product("yearly_59_99")))
        #expect(try commandLine("remove-from-sale", "yearly_59_99") == offSale)
        #expect(try tape("Store RemoveFromSale yearly_59_99") == offSale)
    }
}
