import Foundation
import Testing
@testable import PaywallCore

@Suite struct RemoteConfigTests {
    @Test func embeddedDefaultIsValid() throws {
        try RemoteConfig.default.validate(path: "embedded")
        #expect(RemoteConfig.default.dailyMessageLimit == 10)
        #expect(RemoteConfig.default.allProductIDs == ["weekly_9_99", "yearly_59_99", "monthly_14_99"])
    }

    @Test func encodedDefaultDecodesBackEqual() throws {
        let data = try JSONEncoder().encode(RemoteConfig.default)
        #expect(try RemoteConfig.decode(from: data, path: "x.json") == RemoteConfig.default)
    }

    @Test func readmeExampleDecodes() throws {
        let json = """
        {
          "onboardingPages": ["onboarding.1", "onboarding.2"],
          "offers": [
            {"id": "A", "layoutVariant": "list", "productIDs": ["weekly_9_99", "yearly_59_99"],
             "defaultProductID": "yearly_59_99", "promiseKey": "paywall.promise.default"},
            {"id": "B", "layoutVariant": "cards", "productIDs": ["weekly_9_99", "monthly_14_99"],
             "defaultProductID": "monthly_14_99"}
          ],
          "rules": [
            {"when": {"forced": "B"}, "offer": "B"},
            {"when": {"riskLevel": "high"}, "offer": "B"},
            {"when": {"minPaywallViews7d": 3, "minTimeOnPaywallSec": 10}, "offer": "B"}
          ],
          "defaultOffer": "A",
          "dailyMessageLimit": 5,
          "purchasesEnabled": false,
          "cannedReplyCount": 3,
          "entitlementStalenessLimitSec": 3600
        }
        """
        let config = try RemoteConfig.decode(from: Data(json.utf8), path: "config.json")
        #expect(config.onboardingPages == ["onboarding.1", "onboarding.2"])
        #expect(config.offers.count == 2)
        #expect(config.offers[1].promiseKey == nil)
        #expect(config.rules[2] == OfferRule(when: OfferCondition(minPaywallViews7d: 3, minTimeOnPaywallSec: 10), offer: .B))
        #expect(config.dailyMessageLimit == 5)
        #expect(config.purchasesEnabled == false)
        #expect(config.cannedReplyCount == 3)
        #expect(config.entitlementStalenessLimitSec == 3600)
    }

    /// The complete example in the README is the embedded default, field for field.
    @Test func readmeCompleteExampleIsTheEmbeddedDefault() throws {
        let json = """
        {
          "onboardingPages": ["onboarding.1", "onboarding.2", "onboarding.3"],
          "offers": [
            {"id": "A", "layoutVariant": "list",  "productIDs": ["weekly_9_99", "yearly_59_99"],
             "defaultProductID": "yearly_59_99",  "promiseKey": "paywall.promise.default"},
            {"id": "B", "layoutVariant": "cards", "productIDs": ["weekly_9_99", "monthly_14_99"],
             "defaultProductID": "monthly_14_99", "promiseKey": "paywall.promise.noTrial"},
            {"id": "C", "layoutVariant": "focus", "productIDs": ["yearly_59_99", "monthly_14_99"],
             "defaultProductID": "yearly_59_99",  "promiseKey": "paywall.promise.discount"}
          ],
          "rules": [
            {"when": {"forced": "A"}, "offer": "A"},
            {"when": {"forced": "B"}, "offer": "B"},
            {"when": {"forced": "C"}, "offer": "C"},
            {"when": {"riskLevel": "high"}, "offer": "B"},
            {"when": {"minPaywallViews7d": 3}, "offer": "C"}
          ],
          "defaultOffer": "A",
          "dailyMessageLimit": 10,
          "purchasesEnabled": true,
          "cannedReplyCount": 5,
          "entitlementStalenessLimitSec": 86400
        }
        """
        #expect(try RemoteConfig.decode(from: Data(json.utf8), path: "README") == RemoteConfig.default)
    }

    @Test func missingFieldsTakeTheDefaults() throws {
        let json = #"{"offers": [{"id": "A", "layoutVariant": "focus", "productIDs": ["p"], "defaultProductID": "p"}]}"#
        let config = try RemoteConfig.decode(from: Data(json.utf8), path: "c.json")
        #expect(config.onboardingPages == RemoteConfig.default.onboardingPages)
        #expect(config.rules.isEmpty)
        #expect(config.dailyMessageLimit == 10)
        #expect(config.purchasesEnabled)
    }

    func message(_ json: String) -> String {
        do {
            _ = try RemoteConfig.decode(from: Data(json.utf8), path: "cfg.json")
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(message("{\n  \"offers\": [\n    {\"id\": \"A\",,}\n  ]\n}")
            == "cfg.json:3:16: invalid JSON, unexpected ',', expected a key in double quotes")
        #expect(message("") == "cfg.json:1:1: invalid JSON, the file is empty, expected a JSON object")
        #expect(message("{\"offers\": []} x") == "cfg.json:1:16: invalid JSON, unexpected 'x' after the end of the JSON document")
        #expect(message("{\"a\": \"é\" \"b\"}") == "cfg.json:1:11: invalid JSON, unexpected '\"', expected ',' or '}' in an object")
        #expect(message("[1, 2") == "cfg.json:1:6: invalid JSON, unexpected end of file, expected ',' or ']' in an array (the file looks truncated)")
        #expect(message("{\"a\": tru}") == "cfg.json:1:10: invalid JSON, unexpected '}', expected 'true'")
        // Foundation's decoder accepts unknown escapes; the one reader names them.
        #expect(message(#"{"a": "x\q"}"#).hasPrefix("cfg.json:1:10: invalid JSON, unknown escape"))
    }

    @Test func shapeErrorsNameTheKey() {
        // Shape errors name the place too: the object that lacks the key, the value of the wrong type.
        #expect(message("{}") == "cfg.json:1:1: missing key offers, expected it to be present")
        #expect(message(#"{"offers": [{"id": "A", "layoutVariant": "list", "productIDs": "p", "defaultProductID": "p"}]}"#)
            == "cfg.json:1:64: at offers[0].productIDs: wrong type, expected an array")
        #expect(message(#"{"offers": [{"id": "Z", "layoutVariant": "list", "productIDs": ["p"], "defaultProductID": "p"}]}"#)
            .hasPrefix("cfg.json:1:20: at offers[0].id:"))
        #expect(message(#"{"offers": [], "dailyMessageLimit": "ten"}"#) == "cfg.json:1:37: at dailyMessageLimit: wrong type, expected a number")
    }

    @Test func semanticErrorsAreExplained() {
        let offer = #"{"id": "A", "layoutVariant": "list", "productIDs": ["p"], "defaultProductID": "p"}"#
        #expect(message(#"{"offers": []}"#) == "cfg.json: \"offers\" is empty, expected at least one offer")
        #expect(message("{\"offers\": [\(offer), \(offer)]}") == "cfg.json: offer A is defined twice")
        #expect(message(#"{"offers": [{"id": "A", "layoutVariant": "list", "productIDs": ["p"], "defaultProductID": "q"}]}"#)
            == "cfg.json: offer A: \"defaultProductID\" \"q\" is not one of its productIDs [\"p\"]")
        #expect(message("{\"offers\": [\(offer)], \"defaultOffer\": \"B\"}")
            == "cfg.json: \"defaultOffer\" B is not among the offers [\"A\"]")
        #expect(message("{\"offers\": [\(offer)], \"rules\": [{\"when\": {}, \"offer\": \"C\"}]}")
            == "cfg.json: rules[0] names offer C, which is not among the offers")
        #expect(message("{\"offers\": [\(offer)], \"dailyMessageLimit\": -1}")
            == "cfg.json: \"dailyMessageLimit\" is -1, expected 0 or more")
        #expect(message("{\"offers\": [\(offer)], \"cannedReplyCount\": 0}")
            == "cfg.json: \"cannedReplyCount\" is 0, expected 1 or more")
    }
}
