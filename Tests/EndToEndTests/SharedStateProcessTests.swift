import Foundation
import Testing

/// Several real processes on one state directory: the app in tmux, `store` commands and a tape.
@Suite("Shared state directory: app, store commands and tapes at once", .serialized)
struct SharedStateProcessTests {
    static let catalog = PaywallSimProcess.fixtures.appendingPathComponent("storekit/07-storehelper-sampleproducts-v2.storekit").path
    static let consumable = "com.rarcher.consumable.plant.installation"

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func aPurchaseMadeWithStoreBuyReachesTheRunningAppWithinASecond() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let app = try TmuxDriver(command: "\(TmuxDriver.binary.path) --state \(state.path) --now 2026-01-30T09:00:00Z --start paywall")
        try app.waitFor("Unlock Nova Premium")
        let bought = try PaywallSimProcess.run(["store", "buy", "weekly_9_99", "--state", state.path])
        #expect(bought.stdout.contains("transaction 2000000000000001"), "\(bought.stdout)\(bought.stderr)")
        let started = Date()
        let screen = try app.waitFor("Welcome to Premium", timeout: 5)
        #expect(screen.contains("Welcome to Premium"), "the app did not hear of the purchase: \(screen)")
        #expect(Date().timeIntervalSince(started) < 2.5, "seen within a second (plus the backend's answer)")
        // The app finished it (posted to its backend), and the next id is not reused.
        let transactions = try PaywallSimProcess.run(["store", "transactions", "--state", state.path, "--json"])
        #expect(transactions.stdout.contains("\"finished\" : true"), "\(transactions.stdout)")
        try app.send("q")
    }

    /// A run pinned with `--now` moves on from there; a `store` command run beside it acts at the
    /// app's time, not at the instant the run started (the app shares its clock every second).
    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func aStoreCommandBesideARunningAppActsAtTheAppsTime() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let app = try TmuxDriver(command: "\(TmuxDriver.binary.path) --state \(state.path) --now 2026-01-30T09:00:00Z --start paywall")
        try app.waitFor("Unlock Nova Premium")
        Thread.sleep(forTimeInterval: 2.5)
        let bought = try PaywallSimProcess.run(["store", "buy", "weekly_9_99", "--state", state.path, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bought.stdout.utf8)) as? [String: Any], "\(bought.stdout)\(bought.stderr)")
        let purchased = try #require(json["now"] as? String, "\(bought.stdout)")
        #expect(purchased > "2026-01-30T09:00:01", "bought at the app's time, not at its start: \(purchased)")
        #expect(purchased < "2026-01-30T09:01:00", "\(purchased)")
        try app.send("q")
    }

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func anAskToBuyApprovedWithStoreApproveReachesTheRunningApp() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let app = try TmuxDriver(command: "\(TmuxDriver.binary.path) --state \(state.path) --now 2026-01-30T09:00:00Z --start paywall --ask-to-buy")
        try app.waitFor("Unlock Nova Premium")
        try app.send("Enter")
        try app.waitFor("App Store")
        try app.send("Enter")
        var pending = ""
        for _ in 0..<50 {
            pending = try PaywallSimProcess.run(["store", "transactions", "--state", state.path]).stdout
            if pending.contains("req-1") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(pending.contains("req-1"), "the app's Ask to Buy request is in the shared store: \(pending)")
        let approved = try PaywallSimProcess.run(["store", "approve", "--state", state.path])
        #expect(approved.exitCode == 0, "\(approved.stderr)")
        let screen = try app.waitFor("Welcome to Premium", timeout: 5)
        #expect(screen.contains("Welcome to Premium"), "the approval came back as waiting: \(screen)")
        try app.send("q")
    }

    /// The app, five `store buy` processes and a tape, all at once on one directory; then a
    /// kill -9 of the app mid-run. Every purchase is kept, each under its own id.
    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"))
    func appStoreCommandsAndATapeAtOnceLoseNothing() throws {
        let state = PaywallSimProcess.tempStateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let app = try TmuxDriver(command: "\(TmuxDriver.binary.path) --state \(state.path) --storekit \(Self.catalog) --start paywall")
        try app.waitFor("Restore")
        let tape = state.deletingLastPathComponent().appendingPathComponent("\(state.lastPathComponent)-buy.tape")
        try """
        Set StoreKit \(Self.catalog)
        Set Start paywall
        Key Enter
        Key Enter
        Sleep 5s
        """.write(to: tape, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: tape) }
        let results = Results()
        let group = DispatchGroup()
        for index in 0..<6 {
            group.enter()
            Thread.detachNewThread {
                let arguments = index == 5 ? ["play", tape.path, "--state", state.path, "--continue"]
                    : ["store", "buy", Self.consumable, "--state", state.path]
                results.add((try? PaywallSimProcess.run(arguments)) ?? ProcessResult(stdout: "", stderr: "did not run", exitCode: -1, timedOut: false))
                group.leave()
            }
        }
        group.wait()
        for result in results.all { #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)") }
        let printed = results.all.compactMap { $0.stdout.firstMatch(of: /transaction (\d+)\./)?.1 }.map(String.init)
        #expect(printed.count == 5 && Set(printed).count == 5, "five store buys, five ids: \(printed)")
        // kill -9 the app while it is delivering; the state must still hold everything.
        _ = try TmuxDriver.shell("pkill -9 -f -- '--state \(state.path) --storekit'")
        let listing = try PaywallSimProcess.run(["store", "transactions", "--state", state.path, "--json"])
        #expect(listing.exitCode == 0, "\(listing.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any]
        let rows = try #require(object?["transactions"] as? [[String: Any]])
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count, "no id used twice: \(ids)")
        #expect(Set(printed).isSubset(of: Set(ids)), "every acknowledged purchase is in the ledger")
        // The tape plays on its own virtual clock (January); the app, on the wall clock, then bills
        // the renewals that fell due since. Purchases are the rows that start their own line.
        let purchases = rows.filter { ($0["id"] as? String) == ($0["originalID"] as? String) }
        #expect(purchases.count == 6, "five consumables and the tape's subscription: \(rows.map { $0["productID"] ?? "?" })")
    }
}

/// Results collected from several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [ProcessResult] = []
    func add(_ result: ProcessResult) { lock.withLock { results.append(result) } }
    var all: [ProcessResult] { lock.withLock { results } }
}
