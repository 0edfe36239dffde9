import Foundation
import PaywallSimCLI
import Tapes

/// A simulated App Store on a temporary state directory, driven in process for a team's own tests.
///
/// Every method runs the `paywall-sim` command line in this process (`PaywallSimCommand.run`), on
/// this store's state directory, so what a test does is what the same command does in a terminal
/// (the reference is `paywall-sim store --help`). The directory is removed by `remove()`.
@MainActor
public final class SimulatedAppStore {
    /// The state directory (store, backend, app files), made when the store is made.
    public let state: URL

    /// A new store on a new temporary state directory. `environment` (`Xcode`, `Sandbox`,
    /// `Production`, `LocalTesting`) and `bundleID` are what signed data says it is for; `now`
    /// (ISO-8601) pins the store's clock there, otherwise it follows the wall clock.
    public init(environment: String = "Sandbox", bundleID: String = "com.paywallsim.app", now: String? = nil) async throws {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("paywallsim-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        var first = ["entitlements", "--environment", environment, "--bundle-id", bundleID]
        if let now { first += ["--now", now] }
        _ = try await store(first)
    }

    /// Any `paywall-sim` command line, as typed after `paywall-sim`, with what it printed (never throws).
    public func run(_ arguments: [String]) async -> CommandResult {
        let written = CommandOutput()
        let code = await PaywallSimCommand.run(arguments, console: Console { bytes, stream in written.append(bytes, to: stream) })
        return written.result(exitCode: code)
    }

    /// `paywall-sim store ARGUMENTS --state STATE`; throws `CommandFailure` when it exits non-zero.
    @discardableResult
    public func store(_ arguments: [String]) async throws -> CommandResult {
        let result = await run(["store"] + arguments + ["--state", state.path])
        guard result.exitCode == 0 else { throw CommandFailure(arguments: ["store"] + arguments, result: result) }
        return result
    }

    /// Buys a product as the user would outside the app (`store buy PRODUCT`), then returns every transaction.
    @discardableResult
    public func buy(_ productID: String, _ options: [String] = []) async throws -> [StoreTransaction] {
        try await store(["buy", productID] + options)
        return try await transactions()
    }

    /// Moves the store's clock forward (`5m`, `1h`, `1d12h`) and runs the renewals and expiries due.
    public func advance(_ duration: String) async throws {
        try await store(["advance", duration])
    }

    /// Refunds a transaction (by id) or the latest purchase of a product (`store refund`).
    public func refund(_ productOrTransaction: String) async throws {
        try await store(["refund", productOrTransaction])
    }

    /// Every transaction, newest first, each with its signed JWS.
    public func transactions() async throws -> [StoreTransaction] {
        let output = try await store(["transactions", "--json", "--signed", "--limit", "0"])
        return try JSONDecoder().decode(StoreTransaction.List.self, from: Data(output.standardOutput.utf8)).transactions
    }

    /// The DER bytes of the root certificate every signed object chains to (a verifier's trusted root).
    public func rootCertificate() async throws -> Data {
        let file = state.appendingPathComponent("root.der")
        try await store(["certificate", "--format", "der", "--out", file.path])
        return try Data(contentsOf: file)
    }

    /// `paywall-sim serve` in this process on a free loopback port, over this store's state.
    /// `arguments` are more of serve's options (`--api-key KEY_ID:FILE.p8`, `--notify URL`).
    public func serve(_ arguments: [String] = []) async throws -> InProcessServer {
        try await InProcessServer.start(arguments: ["serve", "--port", "0", "--state", state.path] + arguments)
    }

    /// Plays a tape headless (`paywall-sim play TAPE --json`) on its own temporary state and reads its result.
    public func play(_ tape: URL, _ options: [String] = []) async throws -> TapeResult {
        let result = await run(["play", tape.path, "--json"] + options)
        guard let report = try? JSONDecoder().decode(TapeReport.self, from: Data(result.standardOutput.utf8)),
              let first = report.tapes.first else {
            throw CommandFailure(arguments: ["play", tape.path, "--json"] + options, result: result)
        }
        return first
    }

    /// Removes the state directory.
    public func remove() {
        try? FileManager.default.removeItem(at: state)
    }

    /// `play --json`'s document.
    private struct TapeReport: Decodable {
        var tapes: [TapeResult]
    }
}
