import Foundation
import Testing
@testable import Tapes

@Suite("Results and reports")
struct TapeResultTests {
    let failure = TapeFailure(file: "Scripts/buy.tape", line: 12, column: 1, command: "ExpectState purchased",
                              expected: "flow state purchased", actual: "flow state purchasing",
                              screen: "Purchasing…   \nPlease wait\n")

    @Test func exitCodes() {
        let pass = TapeResult(tape: "a.tape", status: .passed)
        let fail = TapeResult(tape: "b.tape", status: .failed, failures: [failure])
        let bad = TapeResult.invalid(tape: "c.tape", errors: TapeErrors([TapeError(
            TapeLocation(file: "c.tape", line: 2, column: 7), "bad duration 'x'")]))
        #expect(TapeResult.exitCode(for: []) == 0)
        #expect(TapeResult.exitCode(for: [pass]) == 0)
        #expect(TapeResult.exitCode(for: [pass, fail]) == 1)
        #expect(TapeResult.exitCode(for: [fail, bad]) == 2)
        #expect(bad.errors == ["c.tape:2:7: bad duration 'x'"])
    }

    @Test func humanReportNamesLineCommandAndScreen() {
        let report = TapeReportFormatter.human([
            TapeResult(tape: "Scripts/ok.tape", status: .passed, virtualMilliseconds: 65_250),
            TapeResult(tape: "Scripts/buy.tape", status: .failed, failures: [failure]),
        ])
        #expect(report == """
        PASS Scripts/ok.tape (65.250s virtual)
        FAIL Scripts/buy.tape: 1 failure
          Scripts/buy.tape:12:1: ExpectState purchased
            expected: flow state purchased
            actual:   flow state purchasing
            screen:
            +----------------------------------------
            |Purchasing…
            |Please wait
            +----------------------------------------
        2 tapes: 1 passed, 1 failed, 0 invalid

        """)
    }

    @Test func jsonRoundTrips() throws {
        let results = [TapeResult(tape: "Scripts/buy.tape", status: .failed, failures: [failure],
                                  finalState: "purchasing", entitled: false, events: ["paywall_viewed", "purchase_started"])]
        let json = TapeReportFormatter.json(results)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == false)
        #expect(object["exitCode"] as? Int == 1)
        struct Document: Decodable { var tapes: [TapeResult] }
        let decoded = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
        #expect(decoded.tapes == results)
        #expect(json.contains("\"line\" : 12"))
    }

    @Test func failureFromAStep() throws {
        let tape = try TapeParser.parse(source: "\n  Expect \"Yearly\" # why", file: "x.tape").get()
        let step = try #require(tape.steps.first)
        let made = TapeFailure(step: step, expected: "the screen shows \"Yearly\"", actual: "not shown", screen: "")
        #expect(made.location == "x.tape:2:3")
        #expect(made.command == "Expect \"Yearly\"")
    }
}

@Suite("Expectation wording")
struct TapeExpectationTests {
    @Test func checkingCommandsDescribeWhatTheyExpect() throws {
        let pattern = try #require(TapePattern("Thank/you"))
        #expect(TapeCommand.expect(.text("Yearly")).expectation == "the screen shows \"Yearly\"")
        #expect(TapeCommand.expectNot(.regex(pattern)).expectation == "the screen does not show /Thank\\/you/")
        #expect(TapeCommand.wait(.regex(pattern), timeoutMilliseconds: 30_000).expectation
            == "the screen shows /Thank\\/you/ within 30s")
        #expect(TapeCommand.expectState("paywall").expectation == "flow state paywall")
        #expect(TapeCommand.expectEntitled(false).expectation == "not entitled")
        #expect(TapeCommand.expectQuota(1).expectation == "1 free message left today")
        #expect(TapeCommand.snapshot("end").expectation == "the screen matches golden end")
        #expect(TapeCommand.key(.enter, count: 1).expectation == nil)
    }
}
