import Foundation
import PaywallCore
import StoreSim
import Testing

/// Ask to Buy requests the app made, approved or declined from the command line.
@Suite("paywall-sim store approve/decline")
struct AskToBuyTests {
    let state = PaywallSimProcess.tempStateDirectory()
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    /// Makes the app's side: Ask to Buy on, purchases that answer `.pending`.
    func requestPurchases(_ productIDs: [String]) throws {
        let storeDir = state.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: storeDir, withIntermediateDirectories: true)
        let store = try SimulatedStore(catalog: .embedded, stateDirectory: storeDir, clock: ManualClock(Self.start), seed: 1)
        var settings = store.settings
        settings.askToBuyEnabled = true
        try store.setSettings(settings)
        for id in productIDs {
            #expect(store.purchase(productID: id, options: StorePurchaseOptions()) == .pending)
        }
    }

    func store(_ arguments: [String]) async throws -> ProcessResult {
        await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path, "--now", "2026-05-28T21:00:00Z"])
    }

    @Test func approveDeliversTheOldestRequest() async throws {
        try requestPurchases(["weekly_9_99", "yearly_59_99"])
        let listed = try await store(["transactions"])
        #expect(listed.stdout.contains("Waiting outside the app:"))
        #expect(listed.stdout.contains("req-1"))
        let approved = try await store(["approve"])
        #expect(approved.exitCode == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("Approved Ask to Buy request req-1 for weekly_9_99."))
        #expect(approved.stdout.contains("askToBuyApproved"))
        #expect(approved.stdout.contains("premium: none → subscribed (weekly_9_99)"), "an approval says what it changed, as buy does: \(approved.stdout)")
        let after = try await store(["transactions", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        #expect((document["transactions"] as? [[String: Any]])?.map { $0["productID"] as? String } == ["weekly_9_99"])
        #expect((document["pending"] as? [[String: Any]])?.map { $0["requestID"] as? String } == ["req-2"])
    }

    @Test func declineByProductRemovesThatRequest() async throws {
        try requestPurchases(["weekly_9_99", "yearly_59_99"])
        let declined = try await store(["decline", "yearly_59_99"])
        #expect(declined.exitCode == 0, "\(declined.stderr)")
        #expect(declined.stdout.contains("Declined Ask to Buy request req-2 for yearly_59_99."))
        let unknown = try await store(["approve", "req-9"])
        #expect(unknown.exitCode != 0)
        #expect(unknown.stderr.contains("expected one of: req-1 (weekly_9_99)"))
        #expect(declined.stdout.contains("As in StoreKit, the app is not told: its purchase stays pending"))
        let after = try await store(["transactions"])
        #expect(after.stdout.contains("No transactions."))
        #expect(after.stdout.contains("Declined Ask to Buy requests (StoreKit does not tell the app):"))
        #expect(after.stdout.contains("req-2") && !after.stdout.contains("Waiting outside the app:\nREQUEST  KIND          PRODUCT       REQUESTED\nreq-2"))
    }

    @Test func approveByRequestID() async throws {
        try requestPurchases(["weekly_9_99", "monthly_14_99"])
        let approved = try await store(["approve", "req-2"])
        #expect(approved.exitCode == 0, "\(approved.stderr)")
        #expect(approved.stdout.contains("Approved Ask to Buy request req-2 for monthly_14_99."))
        let declined = try await store(["decline"])
        #expect(declined.stdout.contains("Declined Ask to Buy request req-1 for weekly_9_99."))
        #expect(!declined.stdout.contains("UPDATE"), "a decline queues no update for the app")
    }
}
