import Foundation
import Testing
@testable import Profiles

/// Broken profile files are refused with the file, line:column, JSON path and what was expected.
@Suite struct ProfileErrorTests {
    func error(_ text: String, extra: [String: String] = [:]) -> String {
        var files = extra
        files["/team/bad.profile.json"] = text
        let loader = ProfileLoader(baseDirectory: "/team", readFile: FakeFiles(files: files).read)
        do {
            _ = try loader.load(nameOrPath: "bad.profile.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("{\"name\": \"x\",\n  \"limits\": {\"dailyMessageLimit\": \"ten\"}}",
         "bad.profile.json:2:35: at limits.dailyMessageLimit: found \"ten\", expected a whole number of messages ≥ 0 such as 10"),
        ("{\"name\": \"x\",\n\"limits\": {\"dailyMessageLimit\": -1}}",
         "bad.profile.json:2:33: at limits.dailyMessageLimit: found the number -1, expected a whole number"),
        ("{\"name\": \"x\", \"screns\": []}",
         "bad.profile.json:1:25: at screns: unknown key \"screns\", expected one of name, appName"),
        ("{\"name\": \"x\",\n \"screens\": [\"paywall\", \"shop\"]}",
         "bad.profile.json:2:25: at screens[1]: found \"shop\", expected one of onboarding"),
        ("{\"appName\": \"X\"}",
         "bad.profile.json:1:1: missing key \"name\""),
        ("{\"name\": \"x\",\n\n  \"features\": [\"a\", 3]}",
         "bad.profile.json:3:21: at features[1]: found the number 3, expected a non-empty string"),
        ("{\"name\": \"x\", \"storekit\": \"a.storekit\", \"catalog\": \"chat\"}",
         "bad.profile.json:1:27: at storekit: both \"storekit\" and \"catalog\" are given"),
        ("{\"name\": \"x\", \"catalog\": \"music\"}",
         "bad.profile.json:1:26: at catalog: unknown built-in catalog \"music\", expected one of embedded, chat, voip, templates"),
        ("{\"name\": \"x\",\n  \"limits\": {\"minuteAllowances\": {\"basic\": \"lots\"}}}",
         "bad.profile.json:2:44: at limits.minuteAllowances.basic: found \"lots\", expected a whole number of minutes ≥ 0 or \"unlimited\""),
        ("{\"name\": \"x\",\n  \"applePay\": {\"merchantIdentifier\": \"m\", \"supportedNetworks\": [\"visa\"], \"countryCode\": \"USA\", \"currencyCode\": \"USD\"}}",
         "bad.profile.json:2:89: at applePay.countryCode: found \"USA\", expected a two-letter ISO-3166 code"),
        ("{\"name\": \"x\",\n  \"applePay\": {\"merchantIdentifier\": \"m\", \"countryCode\": \"US\", \"currencyCode\": \"USD\"}}",
         "bad.profile.json:2:15: at applePay: missing key \"supportedNetworks\""),
        ("{\"name\": \"x\",\n  \"applePay\": {\"merchantIdentifier\": \"m\", \"supportedNetworks\": [\"paypal\"], \"countryCode\": \"US\", \"currencyCode\": \"USD\"}}",
         "bad.profile.json:2:65: at applePay.supportedNetworks[0]: found \"paypal\", expected one of visa"),
        ("{\"name\": \"my/app\"}",
         "bad.profile.json:1:10: at name: found \"my/app\", expected letters, digits"),
        ("{\"name\": \"x\",}",
         "bad.profile.json:1:14: invalid JSON"),
        ("",
         "bad.profile.json:1:1: invalid JSON"),
        ("[1, 2]",
         "bad.profile.json:1:1: found an array, expected an object"),
    ])
    func brokenFilesAreRefusedWithTheirPlace(text: String, expected: String) {
        let message = error(text)
        #expect(message.hasPrefix(expected), "got: \(message)")
    }

    @Test func aMissingReferencedFileIsReportedAtItsKey() {
        let message = error("{\"name\": \"x\",\n  \"copy\": \"team.xcstrings\"}")
        #expect(message.hasPrefix("bad.profile.json:2:11: at copy: cannot read \"team.xcstrings\" (looked at /team/team.xcstrings)"),
                "got: \(message)")
    }

    @Test func aBrokenStoreKitFileIsReportedWithItsOwnPlace() throws {
        let files = FakeFiles(files: [
            "/team/p.json": #"{"name": "x", "storekit": "bad.storekit"}"#,
            "/team/bad.storekit": "{\"products\": [{\"productID\": \"a\", \"displayPrice\": \"nine\", \"type\": \"NonConsumable\"}]}",
        ])
        let loader = ProfileLoader(baseDirectory: "/team", readFile: files.read)
        let profile = try loader.load(nameOrPath: "p.json")
        do {
            _ = try loader.setup(profile)
            Issue.record("a broken .storekit was accepted")
        } catch {
            #expect(error.description.hasPrefix("p.json: at storekit: bad.storekit:1:"), "got: \(error.description)")
            #expect(error.description.contains("displayPrice"))
        }
    }

    @Test func aBrokenConfigIsReported() throws {
        let files = FakeFiles(files: [
            "/team/p.json": #"{"name": "x", "config": "c.json"}"#,
            "/team/c.json": #"{"offers": []}"#,
        ])
        let loader = ProfileLoader(baseDirectory: "/team", readFile: files.read)
        #expect(throws: ProfileError.self) { try loader.setup(nameOrPath: "p.json") }
    }

    @Test func deeplyNestedOrBinaryInputNeverCrashes() {
        #expect(error(String(repeating: "[", count: 10_000)).contains("invalid JSON"))
        #expect(error("\u{FEFF}\u{0}\u{1}").contains("bad.profile.json"))
    }
}
