import Foundation
import Testing
import TestSupport
@testable import Tapes

/// VHS's habits in a tape: `Hide`/`Show`, `Type@SPEED`, and analytics checks with properties
/// (`ExpectEvent NAME KEY=VALUE…`, `ExpectNotEvent`), each parsed and played.
@Suite("Tapes: Hide, Show, Type@, ExpectEvent properties, ExpectNotEvent")
struct VHSHabitsTests {
    func play(_ source: String, recordFrames: Bool = true) throws -> (TapeResult, [RecordedFrame]) {
        let tape = try TapeParser.parse(source: source, file: "vhs.tape").get()
        return TapePlayer(tape: tape, options: TapePlayer.Options(recordFrames: recordFrames)).play()
    }

    @Test func theNewLinesParse() {
        #expect(commands("""
        Hide
        Show
        Type@50ms "hi"
        ExpectEvent paywall_view offer_id=A reason="flow"
        ExpectNotEvent purchase_success
        """) == [.hide, .show, .typeAtSpeed("hi", milliseconds: 50),
                 .expectEvent("paywall_view", properties: ["offer_id": "A", "reason": "flow"]),
                 .expectNotEvent("purchase_success", properties: [:])])
        #expect(errors("Type@fast \"x\"\nExpectEvent paywall_view offer\n") == [
            "demo.tape:1:6: bad typing speed 'fast' in 'Type@fast', expected a number and a unit such as 500ms, 2s, 5m, 1h, 1d, 1w or 1y, or a sum such as 1d12h",
            "demo.tape:2:26: bad property 'offer' after 'ExpectEvent paywall_view', expected KEY=VALUE like plan=yearly_59_99",
        ])
    }

    @Test func eventsAreCheckedWithTheirProperties() throws {
        let (pass, _) = try play("""
        Set Offer A
        Set Start paywall
        ExpectEvent paywall_view offer_id=A reason=flow
        ExpectEvent paywall_view
        ExpectNotEvent paywall_view offer_id=B
        ExpectNotEvent purchase_success
        """)
        #expect(pass.status == .passed, "\(TapeReportFormatter.human([pass]))")
        let (fail, _) = try play("""
        Set Offer A
        Set Start paywall
        ExpectEvent paywall_view offer_id=B
        ExpectNotEvent paywall_view
        """)
        #expect(fail.failures.map(\.actual) == ["paywall_view recorded with offer_id=A reason=flow",
                                                "paywall_view was recorded with offer_id=A reason=flow"])
        #expect(fail.failures.map(\.expected) == ["an analytics event paywall_view with offer_id=B", "no analytics event paywall_view"])
    }

    @Test func hiddenStepsRunButAreNotRecorded() throws {
        let source = """
        Set Offer A
        Set Start paywall
        Hide
        Key Up
        Expect "BEST VALUE"
        Show
        Key Down
        """
        let (result, frames) = try play(source)
        #expect(result.status == .passed)
        let causes = frames.compactMap(\.cause)
        #expect(!causes.contains("Key Up"), "a hidden step records no frame: \(causes)")
        #expect(causes.contains("Show") && causes.contains("Key Down"), "\(causes)")
        // The hidden steps take no time in the recording: Show comes when Hide did.
        let shown = frames.first { $0.cause == "Show" }?.showMilliseconds
        let before = frames.last { $0.cause != "Show" && $0.cause != "Key Down" }?.showMilliseconds
        // (The launch frame is held Set Pause, 1 s; the hidden Key Up would have added its 80 ms.)
        #expect(shown != nil && shown == before.map { $0 + 1000 }, "Show at \(shown ?? -1), the frame before Hide at \(before ?? -1)")
        let (_, all) = try play(source.replacingOccurrences(of: "Hide\n", with: "").replacingOccurrences(of: "Show\n", with: ""))
        #expect(all.compactMap(\.cause).contains("Key Up"))
    }

    @Test func typeAtASpeedPacesOnlyItsOwnCharacters() throws {
        let (_, frames) = try play("""
        Set Start chat
        Set TypingSpeed 80ms
        Type@400ms "ab"
        Type "cd"
        """)
        let shown = frames.filter { $0.cause?.hasPrefix("Type") == true }.compactMap(\.showMilliseconds)
        #expect(shown.count == 4, "\(frames.map { ($0.cause ?? "-", $0.showMilliseconds ?? -1) })")
        guard shown.count == 4 else { return }
        #expect(shown[1] - shown[0] == 400, "Type@400ms: each character 400 ms")
        #expect(shown[3] - shown[2] == 80, "Type: the tape's speed again")
    }
}
