import Foundation
import Testing
@testable import StoreSim

/// `StoreCommand(control, words:)`: the tape's words become typed commands, and words that say no
/// command are refused before anything runs, naming the wrong word.
@Suite struct StoreCommandParseTests {
    @Test func wordsBecomeTypedCommands() throws {
        #expect(try StoreCommand(.refund, words: ["yearly_59_99", "appIssue"]) == .refund("yearly_59_99", reason: .appIssue))
        #expect(try StoreCommand(.refund, words: []) == .refund(nil, reason: .other))
        #expect(try StoreCommand(.autoRenew, words: ["OFF", "premium"]) == .autoRenew(false, "premium"))
        #expect(try StoreCommand(.billingIssue, words: ["premium"]) == .billingIssue(true, "premium"))
        #expect(try StoreCommand(.billingIssue, words: ["off"]) == .billingIssue(false, nil))
        #expect(try StoreCommand(.storefront, words: ["fra"]) == .storefront(try #require(Storefront(code: "FRA"))))
        #expect(try StoreCommand(.sandboxRefunds, words: ["decline"]) == .sandboxRefunds(.decline))
        #expect(try StoreCommand(.refundRequest, words: ["coins_100", "legal"]) == .refundRequest("coins_100", reason: .legal))
        #expect(try StoreCommand(.priceIncrease, words: ["monthly_14_99", "16.99", "noConsent"])
            == .priceIncrease("monthly_14_99", price: Decimal(string: "16.99")!, consent: false))
        let buy = try StoreCommand(.buy, words: ["monthly_14_99", "offer=X", "quantity=2", "renew=off"])
        #expect(buy == .buy("monthly_14_99", options: StoreBuyOptions(offerID: "X", quantity: 2, autoRenew: false)))
        #expect(try StoreCommand(.appTransaction, words: []) == .appTransaction(originalVersion: nil, purchaseDate: nil))
        #expect(try StoreCommand(.consumption, words: ["coins_100", "undelivered_quality_issue", "consumed=45.2%", "prefer=grant_prorated", "sample"])
            == .consumption("coins_100", ConsumptionInformation(deliveryStatus: .undeliveredQualityIssue, consumptionPercentage: 45_200,
                                                                refundPreference: .grantProrated, sampleContentProvided: true)))
        #expect(try StoreCommand(.consumption, words: []) == .consumption(nil, ConsumptionInformation(deliveryStatus: .delivered)))
    }

    @Test func consumptionWordsAreCheckedAsApplesFieldsAre() {
        #expect(ConsumptionInformation.milliunits(percent: "100") == 100_000)
        #expect(ConsumptionInformation.milliunits(percent: "0.001") == 1)
        #expect(ConsumptionInformation.milliunits(percent: "0.0001") == nil)
        #expect(ConsumptionInformation.milliunits(percent: "101") == nil)
        #expect(ConsumptionInformation.milliunits(percent: "-1") == nil)
        #expect(refusal(.consumption, ["coins_100", "consumed=150"])?.word == 1)
        #expect(refusal(.consumption, ["coins_100", "prefer=maybe"])?.word == 1)
        #expect(refusal(.consumption, ["coins_100", "DELIVERED", "lifetime"])?.word == 2)
        // Apple's refundPreference page: GRANT_PRORATED takes a percentage above 0, except for a
        // subscription, whose share the App Store calculates.
        let prorated = ConsumptionInformation(deliveryStatus: .delivered, refundPreference: .grantProrated)
        #expect(prorated.problem(productType: "Consumable") != nil)
        #expect(prorated.problem(productType: "Auto-Renewable Subscription") == nil)
        var withShare = prorated
        withShare.consumptionPercentage = 30_000
        #expect(withShare.problem(productType: "Consumable") == nil)
        #expect(withShare.problem(productType: "Auto-Renewable Subscription") != nil)
    }

    @Test func everyControlNamesItsCommand() throws {
        // One sample of words each control takes; the command it makes says the same control.
        let samples: [StoreControl: [String]] = [
            .delete: ["weekly_9_99"], .buy: ["weekly_9_99"], .priceIncrease: ["weekly_9_99", "1", "consent"],
            .redeem: ["CODE"], .familyShare: ["weekly_9_99"], .revokeFamily: ["weekly_9_99"],
            .sandboxRefunds: ["approve"], .removeFromSale: ["weekly_9_99"], .onSale: ["weekly_9_99"],
            .autoRenew: ["on"], .manageSubscriptions: ["off"], .storefront: ["KOR"],
        ]
        for control in StoreControl.allCases {
            #expect(try StoreCommand(control, words: samples[control] ?? []).control == control)
        }
    }

    @Test func badWordsAreRefusedAtTheWrongWord() {
        #expect(refusal(.autoRenew, ["maybe", "premium"]) == StoreArgumentError(
            "AutoRenew maybe premium: expected on or off, then optionally a subscription product or group", word: 0))
        #expect(refusal(.autoRenew, []) == StoreArgumentError("AutoRenew : expected on or off, then optionally a subscription product or group"))
        #expect(refusal(.buy, ["weekly_9_99", "renew=off", "quantity=zero"])
            == StoreArgumentError("Buy weekly_9_99: quantity=zero; expected a whole number 1 to 10", word: 2))
        #expect(refusal(.priceIncrease, ["monthly_14_99", "cheap", "consent"])?.word == 1)
        #expect(refusal(.storefront, ["FRN"])?.description.contains("did you mean") == true)
        #expect(refusal(.expire, ["premium", "now"])?.word == 1)
        #expect(refusal(.delete, [])?.description == "delete: expected a transaction id or a product")
        #expect(refusal(.appTransaction, ["1.0", "yesterday"])?.word == 1)
    }

    private func refusal(_ control: StoreControl, _ words: [String]) -> StoreArgumentError? {
        do {
            _ = try StoreCommand(control, words: words)
            return nil
        } catch {
            return error as? StoreArgumentError
        }
    }
}
