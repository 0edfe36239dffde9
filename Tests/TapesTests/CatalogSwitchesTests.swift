import Foundation
import Testing
import TestSupport
@testable import Tapes

/// A tape plays with the catalog's own switches, as `run` and `store` do; `Set Store …` overrides
/// only what it names.
@Suite("Tapes keep the catalog's settings")
struct CatalogSwitchesTests {
    static func play(_ lines: [String]) throws -> TapeResult {
        let source = lines.joined(separator: "\n") + "\n"
        let tape = try TapeParser.parse(source: source, file: "switches.tape").get()
        return TapePlayer(tape: tape).play().result
    }

    static func fixture(_ name: String) -> String { TestPaths.fixtures.appendingPathComponent("storekit/\(name)").path }

    @Test func theCatalogsTimeRateAndAskToBuyApplyUnlessATapeSaysOtherwise() throws {
        let fast = Self.fixture("05-cisum-zh-hans-timerate15-v4.storekit")
        let own = try Self.play(["Set StoreKit \(fast)", "Set Start paywall", "Key d", "Expect \"rate monthlyRenewalEveryThirtySeconds\""])
        #expect(own.status == .passed, "\(own.failures)")
        let overridden = try Self.play(["Set StoreKit \(fast)", "Set Store TimeRate realTime", "Set Start paywall", "Key d",
                                        "Expect \"rate realTime\"", "Expect \"askToBuy off\""])
        #expect(overridden.status == .passed, "\(overridden.failures)")
        let askToBuy = Self.fixture("08-storehelper-asktobuy-v1.storekit")
        let asks = try Self.play(["Set StoreKit \(askToBuy)", "Set Start paywall", "Key d", "Expect \"askToBuy on\""])
        #expect(asks.status == .passed, "\(asks.failures)")
    }

    @Test func aRecordingNamesOnlyTheSwitchesTheRunSet() {
        var settings = TapeSettings()
        #expect(!settings.setLines().contains { $0.hasPrefix("Set Store") }, "nothing set: the catalog's own")
        settings.inputs.switches.failPurchases = ""
        #expect(settings.setLines().contains("Set Store Fail off"))
    }
}
