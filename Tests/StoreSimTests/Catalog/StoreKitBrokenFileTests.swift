import PaywallFoundation
import Foundation
import Testing
@testable import StoreSim

@Suite("Refusing broken .storekit files")
struct StoreKitBrokenFileTests {
    /// Decodes `text` as if it were the file `path`, expecting a refusal.
    private func refusal(_ text: String, path: String = "/tmp/Broken.storekit") -> StoreKitConfigurationError? {
        do {
            _ = try StoreKitConfigurationLoader.decode(Data(text.utf8), origin: path)
            return nil
        } catch {
            return error
        }
    }

    private static let validSubscription = """
        {
          "productID" : "weekly",
          "displayPrice" : "9.99",
          "type" : "RecurringSubscription",
          "groupNumber" : 1,
          "recurringSubscriptionPeriod" : "P1W"
        }
        """

    @Test("a truncated file names the line and column where it ends")
    func truncated() throws {
        let full = try String(contentsOf: CatalogFixtures.url("06"), encoding: .utf8)
        let cut = String(full.prefix(full.count / 2))
        let error = try #require(refusal(cut))
        #expect(error.reason == .syntax)
        let location = try #require(error.location)
        #expect(location.line == cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(error.description.hasPrefix("/tmp/Broken.storekit:\(location.line):\(location.column): invalid JSON"))
        #expect(error.message.contains("expected"))
    }

    @Test("a syntax error points at the offending character")
    func syntaxLocation() throws {
        let error = try #require(refusal("{\n  \"products\" : [\n    {,}\n  ]\n}\n"))
        #expect(error.reason == .syntax)
        #expect(error.location == LineColumn(line: 3, column: 6))
        #expect(error.message.contains("expected a key in double quotes"))
    }

    @Test("columns count characters, not bytes, after CJK text")
    func columnsCountCharacters() throws {
        let error = try #require(refusal("{\"referenceName\" : \"コイン\" x}"))
        #expect(error.location == LineColumn(line: 1, column: 26))
    }

    @Test("a price that is not a number names the JSON path and what was expected")
    func priceNotANumber() throws {
        let text = """
            {
              "products" : [
                { "productID" : "coins", "type" : "Consumable", "displayPrice" : "nine" }
              ]
            }
            """
        let error = try #require(refusal(text))
        #expect(error.reason == .shape)
        #expect(error.jsonPath == "products[0].displayPrice")
        #expect(error.location == LineColumn(line: 3, column: 70))
        #expect(error.description == "/tmp/Broken.storekit:3:70: at products[0].displayPrice: found \"nine\", "
                + "expected a price as a decimal string such as \"9.99\"")
    }

    @Test("a missing productID is named with its object's path")
    func missingProductID() throws {
        let text = "{ \"products\" : [ { \"type\" : \"NonConsumable\", \"displayPrice\" : \"1.99\" } ] }"
        let error = try #require(refusal(text))
        #expect(error.jsonPath == "products[0]")
        #expect(error.location == LineColumn(line: 1, column: 18))
        #expect(error.message.contains("missing key \"productID\""))
    }

    @Test("a bad subscription period names the full path")
    func badPeriod() throws {
        let bad = Self.validSubscription.replacingOccurrences(of: "\"P1W\"", with: "\"monthly\"")
        let text = "{ \"subscriptionGroups\" : [ { \"id\" : \"G\", \"subscriptions\" : [ \(Self.validSubscription), \(bad) ] } ] }"
        let error = try #require(refusal(text))
        #expect(error.jsonPath == "subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod")
        #expect(error.message.contains("expected an ISO-8601 period"))
        #expect(error.location == LineColumn(line: 12, column: 35), "the second subscription's period value")
    }

    @Test("a wrong type is reported as found versus expected")
    func wrongType() throws {
        let error = try #require(refusal("{ \"products\" : [], \"settings\" : { \"_askToBuyEnabled\" : \"yes\" } }"))
        #expect(error.jsonPath == "settings._askToBuyEnabled")
        #expect(error.message == "found a string, expected true or false")
        let groups = try #require(refusal("{ \"subscriptionGroups\" : {} }"))
        #expect(groups.jsonPath == "subscriptionGroups")
        #expect(groups.message == "found an object, expected an array")
    }

    @Test("an unknown payment mode lists the valid ones")
    func unknownPaymentMode() throws {
        let sub = Self.validSubscription.replacingOccurrences(
            of: "\"groupNumber\" : 1,",
            with: "\"groupNumber\" : 1, \"introductoryOffer\" : { \"paymentMode\" : \"freeTrial\", \"subscriptionPeriod\" : \"P1W\" },")
        let error = try #require(refusal("{ \"subscriptionGroups\" : [ { \"id\" : \"G\", \"subscriptions\" : [ \(sub) ] } ] }"))
        #expect(error.jsonPath == "subscriptionGroups[0].subscriptions[0].introductoryOffer.paymentMode")
        #expect(error.message.contains("\"free\", \"payAsYouGo\" or \"payUpFront\""))
    }

    @Test("a file that is not JSON at all")
    func notJSON() throws {
        let error = try #require(refusal("This is my store config:\nweekly = 9.99\n"))
        #expect(error.reason == .syntax)
        #expect(error.location == LineColumn(line: 1, column: 1))
        #expect(error.message.contains("expected a value (object, array"))
    }

    @Test("an empty file and a whitespace-only file")
    func emptyFile() throws {
        let empty = try #require(refusal(""))
        #expect(empty.message.contains("empty"))
        #expect(empty.location == LineColumn(line: 1, column: 1))
        let blank = try #require(refusal("\n\n  "))
        #expect(blank.location == LineColumn(line: 3, column: 3))
    }

    @Test("a hand-written, non-Xcode file is refused with what Xcode would have written")
    func handWritten() throws {
        let text = """
            {
              "products": [
                { "id": "pro", "price": 4.99, "type": "nonConsumable" }
              ]
            }
            """
        let error = try #require(refusal(text))
        #expect(error.jsonPath == "products[0]")
        #expect(error.message.contains("missing key \"productID\""))
        let other = try #require(refusal("{ \"plans\" : [ \"weekly\" ] }"))
        #expect(other.jsonPath == "(top level)")
        #expect(other.message.contains("expected an Xcode StoreKit configuration"))
        let array = try #require(refusal("[1, 2, 3]"))
        #expect(array.message.contains("found an array, expected a JSON object"))
    }

    @Test("an auto-renewable subscription in products is refused")
    func subscriptionInProducts() throws {
        let error = try #require(refusal("{ \"products\" : [ \(Self.validSubscription) ] }"))
        #expect(error.jsonPath == "products[0].type")
        #expect(error.message.contains("expected \"Consumable\" or \"NonConsumable\""))
    }

    @Test("duplicate product ids are refused")
    func duplicates() throws {
        let product = "{ \"productID\" : \"pro\", \"type\" : \"NonConsumable\", \"displayPrice\" : \"1\" }"
        let error = try #require(refusal("{ \"products\" : [ \(product),\n \(product) ] }"))
        #expect(error.jsonPath == "products[1]")
        #expect(error.message.contains("duplicate productID \"pro\""))
    }

    @Test("a missing file and a directory name the path")
    func unreadable() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/dir/Products.storekit")
        #expect(throws: StoreKitConfigurationError.self) { try StoreKitConfigurationLoader.load(contentsOf: missing) }
        do {
            _ = try StoreKitConfigurationLoader.load(contentsOf: missing)
        } catch {
            #expect(error.reason == .unreadable)
            #expect(error.description.hasPrefix("/nonexistent/dir/Products.storekit: no such file"))
        }
        do {
            _ = try StoreKitConfigurationLoader.load(contentsOf: CatalogFixtures.storekitDirectory)
            Issue.record("a directory loaded")
        } catch {
            #expect(error.message.contains("is a directory"))
        }
    }

    @Test("an unknown time rate reads as real time with a warning")
    func unknownTimeRate() throws {
        let catalog = try StoreKitConfigurationLoader.decode(
            Data("{ \"products\" : [],\n  \"settings\" : { \"_timeRate\" : 14 } }".utf8), origin: "x.storekit")
        #expect(catalog.settings.timeRate == .realTime)
        #expect(catalog.warnings.count == 1)
        let warning = try #require(catalog.warnings.first)
        #expect(warning.hasPrefix("x.storekit:2:32: warning: at settings._timeRate: unknown _timeRate 14; using real time"), "\(warning)")
    }

    @Test("unknown keys are ignored (a top-level one with a warning) and a minimal file loads")
    func minimal() throws {
        let text = "{ \"future\" : { \"x\" : [1, {\"y\" : null}] }, \"products\" : [ { \"productID\" : \"p\", "
            + "\"type\" : \"Consumable\", \"displayPrice\" : \"0.5\", \"somethingNew\" : true } ] }"
        let catalog = try StoreKitConfigurationLoader.decode(Data(text.utf8), origin: "m.storekit")
        #expect(catalog.products.map(\.id) == ["p"])
        #expect(catalog.product("p")?.price == Decimal(string: "0.5"))
        #expect(catalog.formatVersion == nil)
        #expect(catalog.settings == StoreSettings())
        let unknown = catalog.warnings.filter { $0.contains("top-level key") }
        #expect(unknown.count == 1 && unknown[0].hasPrefix("m.storekit:1:3: warning: top-level key \"future\" is not one Xcode writes"), "\(catalog.warnings)")
    }

    @Test("mangled fixtures never crash: every prefix of a fixture is refused or loads")
    func prefixesNeverCrash() throws {
        let data = try Data(contentsOf: CatalogFixtures.url("07"))
        var refused = 0
        for length in stride(from: 0, to: data.count, by: 7) {
            do { _ = try StoreKitConfigurationLoader.decode(data.prefix(length), origin: "p") } catch { refused += 1 }
        }
        #expect(refused == (data.count + 6) / 7)
    }

    @Test("deep nesting and invalid UTF-8 are refused, not crashed on")
    func hostileInput() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(refusal(deep)?.message.contains("nesting deeper") == true)
        var bytes = Array("{\"products\" : [ { \"productID\" : \"".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\" } ] }".utf8)
        do {
            _ = try StoreKitConfigurationLoader.decode(Data(bytes), origin: "u")
            Issue.record("invalid UTF-8 loaded")
        } catch {
            #expect(error.message.contains("UTF-8"))
        }
    }
}

@Suite("Forced StoreKit errors from settings")
struct StoreKitForcedErrorTests {
    @Test("enabled v3+ entries and the v2 fail-transactions code become forced errors")
    func forced() throws {
        let v3 = """
            { "products" : [], "settings" : { "_storeKitErrors" : [
              { "name" : "Purchase", "enabled" : true, "current" : { "index" : 1, "type" : "purchase" } },
              { "name" : "Load Products", "enabled" : true, "current" : { "index" : 2, "type" : "generic" } },
              { "name" : "Verification", "enabled" : true },
              { "name" : "App Store Sync", "enabled" : false, "current" : { "index" : 0, "type" : "generic" } } ] } }
            """
        let settings = try StoreKitConfigurationLoader.decode(Data(v3.utf8), origin: "e").settings
        #expect(settings.forcedErrors == ["Purchase": "productUnavailable", "Load Products": "networkError",
                                          "Verification": "unknown"])
        let v2 = "{ \"products\" : [], \"settings\" : { \"_failTransactionsEnabled\" : true, \"_storeKitError\" : 11 } }"
        let legacy = try StoreKitConfigurationLoader.decode(Data(v2.utf8), origin: "e").settings
        #expect(legacy.legacyStoreKitErrorCode == 11)
        #expect(legacy.forcedErrors == ["Purchase": "invalidOfferIdentifier"])
    }
}
