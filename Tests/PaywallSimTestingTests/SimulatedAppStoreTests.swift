import Foundation
import PaywallSimTesting
import Testing
import TestSupport

/// The library a team's tests use: a store on a temporary state, purchases, time and refunds, serve
/// in process on a free port, a tape played and its result read.
@Suite("PaywallSimTesting: the simulated store for a team's tests", .serialized)
@MainActor
struct SimulatedAppStoreTests {
    @Test func aPurchaseRenewsWhenTimePassesAndARefundRevokesIt() async throws {
        let store = try await SimulatedAppStore(environment: "Sandbox", now: "2026-01-30T09:00:00Z")
        defer { store.remove() }
        let bought = try await store.buy("monthly_14_99")
        #expect(bought.map(\.productID) == ["monthly_14_99"])
        let first = try #require(bought.first)
        #expect(first.signedTransaction?.split(separator: ".").count == 3, "a compact JWS")
        try await store.advance("6m")          // the sandbox renews a month every 5 minutes
        let renewed = try await store.transactions()
        #expect(renewed.count == 2)
        #expect(renewed.allSatisfy { $0.originalID == first.id })
        try await store.refund("monthly_14_99")
        let after = try await store.transactions()
        #expect(after.contains { $0.revoked && $0.revocationDate != nil }, "\(after)")
        let der = try await store.rootCertificate()
        #expect(der.first == 0x30 && der.count > 300, "a DER certificate")
    }

    @Test func aFailingCommandThrowsWithWhatItPrinted() async throws {
        let store = try await SimulatedAppStore()
        defer { store.remove() }
        await #expect(throws: CommandFailure.self) { try await store.buy("no_such_product") }
        do {
            try await store.buy("no_such_product")
        } catch let failure as CommandFailure {
            #expect(failure.result.exitCode != 0 && failure.description.contains("no_such_product"), "\(failure)")
        }
        let usage = await store.run(["store", "advance", "-1d"])
        #expect(usage.exitCode == 64 && usage.standardError.contains("time only moves forward"))
    }

    @Test func serveRunsInProcessOnAFreePortAndStops() async throws {
        let store = try await SimulatedAppStore(now: "2026-01-30T09:00:00Z")
        defer { store.remove() }
        let transaction = try #require(try await store.buy("monthly_14_99").first)
        let server = try await store.serve()
        #expect(server.url.absoluteString.hasPrefix("http://127.0.0.1:") && server.url.port != 8080)
        let body = try JSONSerialization.data(withJSONObject: [
            "transactionID": transaction.id, "originalTransactionID": transaction.originalID, "productID": transaction.productID,
            "offerID": "A", "signedTransaction": transaction.signedTransaction ?? "",
        ])
        // A generous wait: the first answer checks the chain in a debug build, on a machine that may be busy.
        let answer = try #require(await server.post("/iap/transactions", json: body, timeout: 60))
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(String(decoding: answer.body, as: UTF8.self).contains(#""isPremium":true"#))
        let garbage = try #require(await server.post("/iap/transactions", json: Data("{".utf8), timeout: 60))
        #expect(garbage.status == 400)
        let output = await server.stop()
        #expect(output.standardOutput.contains("Serving the simulated App Store on \(server.url.absoluteString)"))
        #expect(await server.post("/iap/transactions", json: body, timeout: 2) == nil, "nothing listens after stop()")
    }

    @Test func aTapeIsPlayedAndItsResultRead() async throws {
        let store = try await SimulatedAppStore()
        defer { store.remove() }
        let passed = try await store.play(TestPaths.scripts.appendingPathComponent("tapes/happy-path-yearly.tape"))
        #expect(passed.passed && passed.entitled == true && passed.finalState == "chat", "\(passed)")

        let tape = store.state.appendingPathComponent("wrong.tape")
        try "Set Size 80x24\nSet Now 2026-01-30T09:00:00Z\nExpectState paywall\n".write(to: tape, atomically: true, encoding: .utf8)
        let failed = try await store.play(tape)
        #expect(!failed.passed && failed.failures.first?.expected.contains("paywall") == true, "\(failed)")
    }
}
