import Foundation
import Testing
import TestSupport
@testable import Tapes
import SimRuntime

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

    /// Each switch `store settings` has is a `Set Store` switch of a tape too (`StoreSwitch`), and
    /// the two spellings of one value set the same switches.
    @Test func storeSettingsAndSetStoreSetTheSameSwitches() throws {
        let pairs: [(StoreSwitch, cli: String, tape: String)] = [
            (.askToBuy, "on", "on"), (.interrupted, "off", "off"), (.dialogs, "off", "off"), (.unverified, "on", "on"),
            (.gracePeriod, "28", "28d"), (.gracePeriod, "off", "off"), (.timeRate, "oneSecondIsOneDay", "oneSecondIsOneDay"),
        ]
        #expect(Set(pairs.map(\.0)) == Set(StoreSwitch.allCases.filter { $0.key != nil }), "every switch with a key is tried")
        for (setting, cli, word) in pairs {
            let tape = try TapeParser.parse(source: "Set Store \(setting.rawValue) \(word)\n", file: "switch.tape").get()
            let settings = TapeSettings.initial(for: tape)
            let fromCLI = try #require(setting.switches(cli), "\(setting) \(cli)")
            #expect(settings.inputs.switches == fromCLI, "Set Store \(setting.rawValue) \(word) vs store settings \(setting.key ?? "") \(cli)")
            #expect(StoreSwitch(key: try #require(setting.key)) == setting)
        }
        #expect(StoreSwitch.gracePeriod.switches("5") == nil && StoreSwitch.askToBuy.switches("yes") == nil)
        #expect(StoreSwitch.timeRate.switches("fast") == nil)
    }

    @Test func aRecordingNamesOnlyTheSwitchesTheRunSet() {
        var settings = TapeSettings()
        #expect(!settings.setLines().contains { $0.hasPrefix("Set Store") }, "nothing set: the catalog's own")
        settings.inputs.switches.failPurchases = ""
        #expect(settings.setLines().contains("Set Store Fail off"))
    }
}
