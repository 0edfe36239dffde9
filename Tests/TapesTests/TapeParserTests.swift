import Foundation
import Testing
import StoreSim
import PaywallCore
import PaywallScreens
import TerminalKit
@testable import Tapes

@Suite("Tape parser: every command form")
struct TapeParserTests {
    @Test func setCommands() throws {
        let source = """
        Set Size 100x30
        Set Theme dark
        Set Theme themes/mine.json
        Set Locale zh-Hans
        Set StoreKit ../shared/Products.storekit
        Set Copy "copy decks/Main.xcstrings"
        Set Config /etc/paywall/config.json
        Set Offer B
        Set Offer auto
        Set Start paywall
        Set Now 2026-01-30T09:00:00Z
        Set TimeZone Asia/Shanghai
        Set Store AskToBuy on
        Set Store Fail networkError
        Set Store Fail off
        Set Store Unverified off
        Set Store TimeRate monthlyRenewalEveryThirtySeconds
        Set Backend down
        Set Profile lapsed
        Set Profile profiles/lapsed.json
        """
        let date = try #require(ISO8601DateFormatter().date(from: "2026-01-30T09:00:00Z"))
        #expect(commands(source, file: "Scripts/demo.tape") == [
            .setSize(width: 100, height: 30),
            .setTheme(.name("dark")),
            .setTheme(.path("Scripts/themes/mine.json")),
            .setLocale("zh-Hans"),
            .setStoreKit(path: "shared/Products.storekit"),
            .setCopy(path: "Scripts/copy decks/Main.xcstrings"),
            .setConfig(path: "/etc/paywall/config.json"),
            .setOffer(.B),
            .setOffer(nil),
            .setStart(.paywall),
            .setNow(date),
            .setTimeZone("Asia/Shanghai"),
            .setStoreAskToBuy(true),
            .setStoreFail("networkError"),
            .setStoreFail(nil),
            .setStoreUnverified(false),
            .setStoreTimeRate(.monthlyRenewalEveryThirtySeconds),
            .setBackendUp(false),
            .setProfile(.name("lapsed")),
            .setProfile(.path("Scripts/profiles/lapsed.json")),
        ])
    }

    @Test func everyTimeRateAndStateNameIsAccepted() {
        for rate in TimeRate.allCases {
            #expect(commands("Set Store TimeRate \(rate)") == [.setStoreTimeRate(rate)])
        }
        for state in TapeVocabulary.flowStates {
            #expect(commands("ExpectState \(state)") == [.expectState(state)])
        }
    }

    @Test func setNowAcceptsOffsetsAndFractions() throws {
        let offset = commands("Set Now 2026-01-30T17:00:00+08:00")
        let fraction = commands("Set Now 2026-01-30T09:00:00.250Z")
        let base = try #require(ISO8601DateFormatter().date(from: "2026-01-30T09:00:00Z"))
        #expect(offset == [.setNow(base)])
        #expect(fraction == [.setNow(base.addingTimeInterval(0.25))])
    }

    @Test func keysAndTyping() {
        let source = """
        Key Enter
        Key Down 3
        Key Ctrl+C
        Key q
        Key F12 2
        Key "#"
        Type "hello \\"world\\"\\n\\ttab \\\\ end"
        """
        #expect(commands(source) == [
            .key(.enter, count: 1), .key(.down, count: 3), .key(.control("c"), count: 1),
            .key(.character("q"), count: 1), .key(.function(12), count: 2), .key(.character("#"), count: 1),
            .type("hello \"world\"\n\ttab \\ end"),
        ])
    }

    @Test func typeExpandsToKeys() {
        #expect(TapeCommand.type("a b\n").keys == [.character("a"), .space, .character("b"), .enter])
        #expect(TapeCommand.key(.up, count: 2).keys == [.up, .up])
        #expect(TapeCommand.relaunch.keys.isEmpty)
    }

    @Test func timeAndExpectations() throws {
        let source = """
        Sleep 500ms
        Wait /Yearly/
        Wait /purchas(ed|ing)/ 30s
        Wait "Thank you" 2m
        Expect "Best value"
        Expect /\\$[0-9]+\\.99/
        ExpectNot /a\\/b/
        ExpectState purchased
        ExpectEntitled yes
        ExpectEntitled no
        ExpectEvent paywall_viewed
        ExpectQuota 10
        """
        let cmds = commands(source)
        #expect(cmds.count == 12)
        #expect(cmds.first == .sleep(milliseconds: 500))
        #expect(cmds[1] == .wait(.regex(try #require(TapePattern("Yearly"))), timeoutMilliseconds: 10_000))
        #expect(cmds[2] == .wait(.regex(try #require(TapePattern("purchas(ed|ing)"))), timeoutMilliseconds: 30_000))
        #expect(cmds[3] == .wait(.text("Thank you"), timeoutMilliseconds: 120_000))
        #expect(cmds[4] == .expect(.text("Best value")))
        #expect(cmds[5] == .expect(.regex(try #require(TapePattern("\\$[0-9]+\\.99")))))
        #expect(cmds[6] == .expectNot(.regex(try #require(TapePattern("a/b")))))
        #expect(Array(cmds[7...]) == [.expectState("purchased"), .expectEntitled(true), .expectEntitled(false),
                                       .expectEvent("paywall_viewed"), .expectQuota(10)])
    }

    @Test func matchersMatchScreens() throws {
        let screen = "Weekly  $4.99\nYearly  $39.99 Best value"
        #expect(TapeMatcher.text("Best value").matches(screen))
        #expect(!TapeMatcher.text("Monthly").matches(screen))
        #expect(TapeMatcher.regex(try #require(TapePattern("^Yearly"))).matches(screen))
        #expect(!TapeMatcher.regex(try #require(TapePattern("^Best"))).matches(screen))
    }

    @Test func storeActionsAndTheRest() {
        let source = """
        Store Approve
        Store Decline
        Store Expire com.example.yearly
        Store Refund
        Store Renew
        Store BillingIssue com.example.weekly
        Relaunch
        Snapshot paywall-yearly_1.0
        Include common/setup.tape
        """
        #expect(commands(source, file: "Scripts/x.tape") == [
            .store(.approve(nil)), .store(.decline(nil)),
            .store(.expire("com.example.yearly")), .store(.refund(nil, reason: .other)),
            .store(.renew(nil)), .store(.billingIssue(true, "com.example.weekly")),
            .relaunch, .snapshot("paywall-yearly_1.0"),
            .include(path: "Scripts/common/setup.tape"),
        ])
    }

    @Test func commentsBlankLinesAndLocations() throws {
        let source = "# a demo\n\n   Key Enter   # confirm\r\nType \"# not a comment\" # but this is\n\tExpect /a#b/\n"
        let tape = try TapeParser.parse(source: source, file: "d.tape").get()
        #expect(tape.commands == [.key(.enter, count: 1), .type("# not a comment"),
                                  .expect(.regex(try #require(TapePattern("a#b"))))])
        #expect(tape.steps.map(\.location.description) == ["d.tape:3:4", "d.tape:4:1", "d.tape:5:2"])
        #expect(tape.steps.map(\.text) == ["Key Enter", "Type \"# not a comment\"", "Expect /a#b/"])
    }

    @Test func tapeNameAndFolder() {
        let tape = Tape(file: "Scripts/happy-path.tape", steps: [])
        #expect(tape.name == "happy-path")
        #expect(tape.directory == "Scripts")
        #expect(Tape(file: "solo.tape", steps: []).directory == ".")
    }

    @Test func matcherDescriptionsReadBackTheSame() throws {
        let matchers: [TapeMatcher] = [.text("say \"hi\"\n\\"), .regex(try #require(TapePattern("a/b+")))]
        for matcher in matchers {
            #expect(commands("Expect \(matcher)") == [.expect(matcher)])
        }
    }
}
