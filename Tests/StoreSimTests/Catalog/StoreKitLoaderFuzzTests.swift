import Foundation
import SimRuntime
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Fuzzing the .storekit loader")
struct StoreKitLoaderFuzzTests {

    @Test("random byte edits of every fixture load or are refused with a location", arguments: ["01", "02", "05", "07", "10"])
    func mutations(_ prefix: String) throws {
        let original = Array(try Data(contentsOf: CatalogFixtures.url(prefix)))
        var random = SeededGenerator(seed: (UInt64(prefix) ?? 1) &* 7_919)
        let alphabet = Array("{}[]\":,0123456789.-eEtrufalsn PYMWD\\\n".utf8) + [0x00, 0xC3, 0xFF]
        var refused = 0
        for _ in 0..<200 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: index)
                }
            }
            do {
                _ = try StoreKitConfigurationLoader.decode(Data(bytes), origin: "fuzz.storekit")
            } catch {
                refused += 1
                #expect(error.description.hasPrefix("fuzz.storekit:"))
                #expect(error.location != nil)
                #expect(error.message.contains("expected") || error.message.contains("UTF-8"), "\(error)")
            }
        }
        #expect(refused > 0)
    }

    @Test("huge periods and counts are refused or kept without overflow")
    func hugeNumbers() throws {
        let text = """
            { "subscriptionGroups" : [ { "id" : "G", "subscriptions" : [ { "productID" : "x", "displayPrice" : "1",
              "recurringSubscriptionPeriod" : "P9223372036854775807Y" } ] } ] }
            """
        do {
            _ = try StoreKitConfigurationLoader.decode(Data(text.utf8), origin: "h")
            Issue.record("a huge period loaded")
        } catch {
            #expect(error.jsonPath == "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod")
        }
        let big = text.replacingOccurrences(of: "P9223372036854775807Y", with: "P999Y")
        let catalog = try StoreKitConfigurationLoader.decode(Data(big.utf8), origin: "h")
        let plans = PlanFactory.defaultPaywallPlans(catalog: catalog)
        #expect(plans.first?.equivalent?.unit == .month)
        let number = text.replacingOccurrences(of: "\"1\"", with: "\"123456789012345678901234567890123456789012345678901234567890\"")
        _ = try? StoreKitConfigurationLoader.decode(Data(number.utf8), origin: "h")
        let enormous = big.replacingOccurrences(of: "\"1\"", with: "\"" + String(repeating: "9", count: 400) + ".5\"")
        if let loaded = try? StoreKitConfigurationLoader.decode(Data(enormous.utf8), origin: "h") {
            #expect(!PlanFactory.defaultPaywallPlans(catalog: loaded).isEmpty)
        }
    }

    @Test("a non-file URL is refused without touching the network")
    func nonFileURL() throws {
        let url = try #require(URL(string: "https://example.com/Products.storekit"))
        do {
            _ = try StoreKitConfigurationLoader.load(contentsOf: url)
            Issue.record("a URL loaded")
        } catch {
            #expect(error.message.contains("is not a file URL"))
        }
    }
}
