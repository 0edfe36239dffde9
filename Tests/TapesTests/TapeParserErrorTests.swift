import Foundation
import Testing
@testable import Tapes
import StoreSim

@Suite("Tape parser: errors with file:line:column")
struct TapeParserErrorTests {
    @Test func unknownCommandSuggestsTheClosest() {
        #expect(errors("Key Enter\n  Kye Enter") == [
            "demo.tape:2:3: unknown command 'Kye' (did you mean 'Key'?), expected one of "
                + TapeVocabulary.commands.joined(separator: " "),
        ])
        let lower = errors("expect \"x\"")
        #expect(lower.count == 1)
        #expect(lower.first?.hasPrefix("demo.tape:1:1: unknown command 'expect' (did you mean 'Expect'?)") == true)
        let far = errors("Frobnicate")
        #expect(far.first?.contains("did you mean") == false)
    }

    @Test func badDuration() {
        #expect(errors("Sleep 5x") == [
            "demo.tape:1:7: bad duration '5x', expected a number and a unit such as 500ms, 2s, 5m, 1h, 1d, 1w or 1y, or a sum such as 1d12h",
        ])
        #expect(errors("Wait /ok/ soon").first?.hasPrefix("demo.tape:1:11: bad duration 'soon'") == true)
        #expect(errors("Sleep 99999999999999999999d").first?.hasPrefix("demo.tape:1:7: bad duration") == true)
    }

    @Test func badSize() {
        #expect(errors("Set Size 80by24") == [
            "demo.tape:1:10: bad size '80by24', expected a size like 80x24 (width 20...500, height 5...200)",
        ])
        #expect(errors("Set Size 10x24").first?.hasPrefix("demo.tape:1:10: bad size '10x24'") == true)
        #expect(errors("Set Size 80x").count == 1)
    }

    @Test func unknownKeyName() {
        let found = errors("Key Entr")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("demo.tape:1:5: unknown key name 'Entr' (did you mean 'Enter'?), expected Enter Esc") == true)
        #expect(errors("Key Resize").first?.hasPrefix("demo.tape:1:5: unknown key name 'Resize'") == true)
    }

    @Test func badKeyCount() {
        #expect(errors("Key Down 0") == ["demo.tape:1:10: bad number '0', expected a repeat count from 1 to 10000"])
        #expect(errors("Key Down -2").first?.hasPrefix("demo.tape:1:10: bad number '-2'") == true)
    }

    @Test func unterminatedString() {
        #expect(errors("Type \"hello") == [
            "demo.tape:1:6: unterminated string, expected a closing \" on the same line",
        ])
        #expect(errors("Expect \"a\\\"") == [
            "demo.tape:1:8: unterminated string, expected a closing \" on the same line",
        ])
    }

    @Test func unknownEscape() {
        #expect(errors("Type \"a\\qb\"") == [
            "demo.tape:1:8: unknown escape '\\q' in string, expected \\\" \\\\ \\n or \\t",
        ])
    }

    @Test func regexErrors() {
        #expect(errors("Wait /Yearly") == ["demo.tape:1:6: unterminated regex, expected a closing / on the same line"])
        #expect(errors("Expect /([a-z/") == [
            "demo.tape:1:8: invalid regex /([a-z/, expected an NSRegularExpression pattern",
        ])
        #expect(errors("ExpectNot //") == ["demo.tape:1:11: empty regex //, expected a pattern like /Yearly/"])
    }

    @Test func missingArguments() {
        #expect(errors("Sleep") == [
            "demo.tape:1:6: missing argument after 'Sleep', expected a number and a unit such as 500ms, 2s, 5m, 1h, 1d, 1w or 1y, or a sum such as 1d12h",
        ])
        #expect(errors("Key   # nothing") == [
            "demo.tape:1:7: missing argument after 'Key', expected a key name like Enter, Down, Ctrl+C or q",
        ])
        #expect(errors("Expect").first == "demo.tape:1:7: missing argument after 'Expect', expected \"text\" or /regex/")
        #expect(errors("Set").first?.hasPrefix("demo.tape:1:4: missing argument after 'Set', expected a setting:") == true)
        #expect(errors("Include").first?.hasPrefix("demo.tape:1:8: missing argument after 'Include'") == true)
    }

    @Test func trailingGarbage() {
        #expect(errors("Relaunch now") == [
            "demo.tape:1:10: unexpected 'now' after 'Relaunch', expected the end of the line (a comment starts with #)",
        ])
        #expect(errors("Type \"hi\" there").first?.hasPrefix("demo.tape:1:11: unexpected 'there' after 'Type \"hi\"'") == true)
        #expect(errors("Key Down 3 4").first?.hasPrefix("demo.tape:1:12: unexpected '4' after 'Key Down 3'") == true)
    }

    @Test func typeNeedsAQuotedString() {
        #expect(errors("Type hello") == [
            "demo.tape:1:6: expected a quoted string like \"hello\" after 'Type', found 'hello' (did you mean `Type \"hello\"`?)",
        ])
    }

    @Test func badSettingValues() {
        #expect(errors("Set Offer D").first?.hasPrefix("demo.tape:1:11: unknown offer 'D', expected one of A|B|C|auto") == true)
        #expect(errors("Set Start paywal").first?.hasPrefix(
            "demo.tape:1:11: unknown start screen 'paywal' (did you mean 'paywall'?)") == true)
        #expect(errors("Set Colour red").first?.hasPrefix("demo.tape:1:5: unknown setting 'Colour'") == true)
        #expect(errors("Set Now yesterday").first?.hasPrefix("demo.tape:1:9: bad date 'yesterday'") == true)
        #expect(errors("Set Now 2026-02-30T09:00:00Z").first == "demo.tape:1:9: bad date '2026-02-30T09:00:00Z': no such day: 2026-02 has days 01 to 28",
                "\(errors("Set Now 2026-02-30T09:00:00Z"))")
        #expect(errors("Set TimeZone Mars/Olympus").first?.hasPrefix(
            "demo.tape:1:14: unknown time zone 'Mars/Olympus'") == true)
        #expect(errors("Set TimeZone Asia/Shanghia").first?.contains("did you mean 'Asia/Shanghai'?") == true)
        #expect(errors("Set Store AskToBuy maybe").first?.hasPrefix(
            "demo.tape:1:20: unknown value 'maybe', expected one of on|off") == true)
        #expect(errors("Set Store TimeRate fast").first?.hasPrefix("demo.tape:1:20: unknown time rate 'fast'") == true)
        #expect(errors("Set Store Fail boom").first?.hasPrefix("demo.tape:1:16: unknown StoreKit error 'boom'") == true)
        #expect(errors("Set Backend sideways").first?.hasPrefix("demo.tape:1:13: unknown value 'sideways'") == true)
        #expect(errors("Set Locale 12").first?.hasPrefix("demo.tape:1:12: bad locale '12'") == true)
        #expect(errors("ExpectState paid").first?.hasPrefix("demo.tape:1:13: unknown flow state 'paid'") == true)
        #expect(errors("ExpectEntitled true").first?.hasPrefix("demo.tape:1:16: unknown value 'true'") == true)
        #expect(errors("ExpectQuota many").first?.hasPrefix("demo.tape:1:13: bad number 'many'") == true)
        #expect(errors("Store Cancel").first?.hasPrefix("demo.tape:1:7: unknown store action 'Cancel'") == true)
        #expect(errors("Snapshot ../escape").first?.hasPrefix("demo.tape:1:10: bad snapshot name '../escape'") == true)
    }

    @Test func storeArgumentsAreCheckedWhenTheTapeIsRead() {
        #expect(errors("Store AutoRenew maybe premium") == [
            "demo.tape:1:17: AutoRenew maybe premium: expected on or off, then optionally a subscription product or group",
        ])
        #expect(errors("Store AutoRenew") == [
            "demo.tape:1:16: AutoRenew : expected on or off, then optionally a subscription product or group",
        ])
        #expect(errors("Store Buy weekly_9_99 quantity=0").first?.hasPrefix("demo.tape:1:23: Buy weekly_9_99: quantity=0;") == true)
        #expect(errors("ExpectStoreError networkError Storefront XYZ").first?.hasPrefix("demo.tape:1:42: Storefront XYZ: expected") == true)
        #expect(commands("Store Storefront fra\nExpectStoreError nothingToExpire Expire premium").count == 2)
        // The error is a name the store can refuse with, checked when the tape is read.
        #expect(errors("ExpectStoreError nothingToExpir Expire").first?.hasPrefix(
            "demo.tape:1:18: unknown store error 'nothingToExpir' (did you mean 'nothingToExpire'?)") == true)
        #expect(errors("ExpectStoreError \"nothing to expire\" Expire").first?.hasPrefix("demo.tape:1:18: unknown store error") == true)
        // Read into a typed name: a StoreKit error, a refusal, or both when they share it.
        #expect(TapeVocabulary.storeRefusals.allSatisfy { StoreErrorName($0) != nil })
        #expect(commands("ExpectStoreError ineligibleForOffer Redeem FRIENDS1M") == [
            .expectStoreError(error: StoreErrorName("ineligibleForOffer")!, command: .redeem(code: "FRIENDS1M", product: nil)),
        ])
        #expect(StoreErrorName("ineligibleForOffer")?.storeKitError == .ineligibleForOffer && StoreErrorName("ineligibleForOffer")?.refusal == .ineligibleForOffer)
        #expect(StoreErrorName("nothingToExpire")?.storeKitError == nil && StoreErrorName("networkError")?.refusal == nil)
    }

    @Test func everyBadLineIsReported() {
        let found = errors("Key Enter\nSleep x\nKye q\nType \"open\nExpect \"fine\"\nWait /(/\n")
        #expect(found.map { String($0.prefix(while: { $0 != " " })) } == [
            "demo.tape:2:7:", "demo.tape:3:1:", "demo.tape:4:6:", "demo.tape:6:6:",
        ])
    }
}
