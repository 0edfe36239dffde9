import Foundation
import Testing

/// A state directory keeps its catalog and clock honest: a command naming another catalog is
/// refused, a refused command writes nothing, and the clock stays within the supported range.
@Suite("State directory: catalog, clock and bad input")
struct StateDirectoryTrustTests {
    let state = PaywallSimProcess.tempStateDirectory()
    static let vip = PaywallSimProcess.fixtures.appendingPathComponent("storekit/07-storehelper-sampleproducts-v2.storekit").path
    static let other = PaywallSimProcess.fixtures.appendingPathComponent("storekit/01-flutter-iap-winback-v4.storekit").path

    func store(_ arguments: String...) async throws -> ProcessResult {
        await InProcessCommandLine.run(["store"] + arguments + ["--state", state.path])
    }

    func clockFile() -> String? { try? String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8) }

    @Test func aCommandWithoutACatalogUsesTheOneTheStateWasMadeWith() async throws {
        let bought = try await store("buy", "com.rarcher.subscription.vip.gold", "--storekit", Self.vip, "--now", "2026-01-30T09:00:00Z")
        #expect(bought.exitCode == 0, "\(bought.stderr)")
        let advanced = try await store("advance", "40d", "--json")
        #expect(advanced.exitCode == 0, "\(advanced.stderr)")
        #expect(advanced.stdout.contains("\"reason\" : \"renewal\""), "renewed against the .storekit it was bought with: \(advanced.stdout)")
        let entitlements = try await store("entitlements")
        #expect(entitlements.stdout.contains("subscribed"), "still subscribed, auto-renew on: \(entitlements.stdout)")
        #expect(!entitlements.stdout.contains("expired"))
    }

    @Test func aCommandNamingAnotherCatalogIsRefusedAndWritesNothing() async throws {
        #expect(try await store("buy", "com.rarcher.subscription.vip.gold", "--storekit", Self.vip, "--now", "2026-01-30T09:00:00Z").exitCode == 0)
        let clockBefore = clockFile()
        let refused = try await store("advance", "1d", "--storekit", Self.other)
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("this state directory was made with --storekit \(Self.vip)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--switch-catalog"))
        #expect(refused.stderr.split(separator: "\n").count == 1, "one line")
        #expect(clockFile() == clockBefore, "a refused command does not move the clock")
        let embedded = try await store("advance", "1d", "--profile", "voip")
        #expect(embedded.exitCode == 1, "another profile is another catalog")
        let switched = try await store("transactions", "--storekit", Self.other, "--switch-catalog")
        #expect(switched.exitCode == 0, "\(switched.stderr)")
        let setup = try String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8)
        #expect(setup.contains(Self.other), "the switch is remembered: \(setup)")
    }

    @Test func productsWithoutACatalogShowsTheStatesOwn() async throws {
        #expect(try await store("buy", "com.rarcher.subscription.vip.gold", "--storekit", Self.vip, "--now", "2026-01-30T09:00:00Z").exitCode == 0)
        let products = try await store("products")
        #expect(products.stdout.contains("com.rarcher.subscription.vip.gold"), "\(products.stdout)")
    }

    @Test func productsShowsAnyCatalogWithoutTouchingTheState() async throws {
        #expect(try await store("buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z").exitCode == 0)
        let products = try await store("products", "--profile", "voip")
        #expect(products.exitCode == 0, "\(products.stderr)")
        #expect(try await store("advance", "1d").exitCode == 0, "the state still uses the embedded catalog")
    }

    @Test func aFailedCommandDoesNotSaveItsClock() async throws {
        #expect(try await store("buy", "weekly_9_99", "--now", "2026-01-30T09:00:00Z").exitCode == 0)
        let before = clockFile()
        let failed = try await store("buy", "nope", "--now", "2030-01-01T00:00:00Z")
        #expect(failed.exitCode == 1)
        #expect(clockFile() == before, "--now of a refused command is not saved")
    }

    @Test func datesOutsideTheSupportedRangeAreUsageErrors() async throws {
        for now in ["99999999-01-01T00:00:00Z", "1969-12-31T23:59:59Z"] {
            let result = try await store("transactions", "--now", now)
            #expect(result.exitCode == 64, "--now \(now)")
            #expect(result.stderr.contains("outside the supported range, 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z"))
        }
        let run = try PaywallSimProcess.run(["--now", "99999999-01-01T00:00:00Z", "--state", state.path])
        #expect(run.exitCode == 64)
        #expect(try await store("transactions", "--now", "9999-12-01T00:00:00Z").exitCode == 0)
        let past = try await store("advance", "60d")
        #expect(past.exitCode == 1)
        #expect(past.stderr.contains("the clock would pass 9999-12-31T23:59:59Z"), "\(past.stderr)")
    }

    @Test func aDurationOverTheMaximumSaysSo() async throws {
        let result = try await store("advance", "100000w")
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("longer than the maximum of 100 years (36500d)"), "\(result.stderr)")
    }

    @Test func anImpossibleStateDirectoryIsOneLineNamingItAndTheReason() async throws {
        let file = state.appendingPathComponent("plain-file")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data().write(to: file)
        let inside = file.appendingPathComponent("state").path
        for arguments in [["store", "transactions", "--state", inside], ["play", "--state", inside,
                          PaywallSimProcess.packageRoot.appendingPathComponent("Scripts/tapes/happy-path-yearly.tape").path]] {
            let result = try PaywallSimProcess.run(arguments)
            #expect(result.exitCode != 0)
            #expect(result.stderr.contains("\(inside): cannot create it: Not a directory; expected a writable state directory"), "\(arguments[0]): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("could not be completed"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let copy = await InProcessCommandLine.run(["copy", "check", "--copy", state.appendingPathComponent("nope.xcstrings").path])
        #expect(copy.exitCode != 0)
        #expect(copy.stderr.contains("nope.xcstrings: cannot read the file (No such file or directory)"), "\(copy.stderr)")
    }
}

/// `store reset` keeps what the backend granted and says so; `store reset --all` makes a fresh user.
@Suite("store reset and reset --all")
struct StoreResetTests {
    let state = PaywallSimProcess.tempStateDirectory()

    func tape(_ body: String) async throws -> ProcessResult {
        let url = state.appendingPathExtension("tape")
        try ("Set Now 2026-01-30T09:00:00Z\nSet Start chat\nSleep 2s\n" + body).write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return await InProcessCommandLine.run(["play", url.path, "--state", state.path, "--continue"])
    }

    @Test func resetKeepsTheGrantAndResetAllGivesAFreshUser() async throws {
        let bought = try await tape("Key Tab\nKey Enter\nKey Enter\nWait /Welcome to Premium/\nExpectEntitled yes\nKey Enter\nType \"hi\"\n")
        #expect(bought.exitCode == 0, "\(bought.stdout)")
        let reset = await InProcessCommandLine.run(["store", "reset", "--state", state.path])
        #expect(reset.exitCode == 0, "\(reset.stderr)")
        #expect(reset.stdout.contains("Kept: the backend's records and grants, the app's cached entitlement, quota, paywall views and events, and the clock. For a fresh user: store reset --all."),
                "\(reset.stdout)")
        #expect(try await tape("ExpectEntitled yes\n").exitCode == 0, "the backend still answers what it granted")

        let all = await InProcessCommandLine.run(["store", "reset", "--all", "--state", state.path])
        #expect(all.exitCode == 0, "\(all.stderr)")
        #expect(all.stdout.contains("A fresh user: removed the backend's 1 grant(s), cached entitlement, backend's cached entitlement, paywall views, events, app account token"),
                "\(all.stdout)")
        #expect(all.stdout.contains("Kept: the clock, the catalog the directory was made with (settings.json) and the store's signing keys."))
        let fresh = try await tape("ExpectEntitled no\nExpectQuota 10\n")
        #expect(fresh.exitCode == 0, "a new user: \(fresh.stdout)")
    }
}
