import Foundation
import PaywallCore
import Testing
import PaywallScreens
import TerminalKit
@testable import Tapes

@Suite("Recorder")
struct TapeRecorderTests {
    typealias Press = TapeRecorder.Press

    func presses(_ keys: [(Key, Int64)]) -> [Press] {
        keys.map { Press(key: $0.0, timeMilliseconds: $0.1) }
    }

    @Test func collapsesRunsAndPauses() {
        let input = presses([
            (.enter, 0), (.down, 100), (.down, 200), (.down, 300), (.character("h"), 400), (.character("i"), 450),
            (.space, 500), (.character("\""), 550), (.enter, 3_000), (.character("q"), 3_100), (.resize, 3_150),
            (.control("c"), 3_200), (.character("#"), 3_300),
        ])
        let text = TapeRecorder().record(input, header: ["Set Size 80x24"])
        #expect(text == """
        Set Size 80x24
        Key Enter
        Key Down 3
        Type "hi \\""
        Sleep 2500ms
        Key Enter
        Key q
        Key Ctrl+C
        Type "#"

        """)
    }

    @Test func roundTripGivesTheSameKeys() throws {
        var generator = SeededGenerator(seed: 42)
        let pool: [Key] = [.enter, .escape, .tab, .backspace, .space, .up, .down, .left, .right, .home, .end,
                           .pageUp, .pageDown, .function(3), .control("x"), .character("a"), .character("Z"),
                           .character("#"), .character("\""), .character("\\"), .character("你"), .character("🙂"),
                           .character("/")]
        for _ in 0..<50 {
            var time: Int64 = 0
            var input: [Press] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                time += [Int64(50), 80, 700, 61_000].randomElement(using: &generator) ?? 50
                input.append(Press(key: pool.randomElement(using: &generator) ?? .enter, timeMilliseconds: time))
            }
            let text = TapeRecorder().record(input)
            let tape = try TapeParser.parse(source: text, file: "rec.tape").get()
            #expect(tape.commands.flatMap(\.keys) == input.map(\.key), "\(text)")
            let sleeps = tape.commands.compactMap { if case .sleep(let ms) = $0 { ms } else { nil } }
            let gaps = zip(input.dropFirst(), input).map { $0.timeMilliseconds - $1.timeMilliseconds }.filter { $0 >= 500 }
            #expect(sleeps == gaps.map { ($0 + 50) / 100 * 100 })
        }
    }

    @Test func keysWithoutATapeNameBecomeComments() throws {
        let text = TapeRecorder().record(presses([(.function(13), 0), (.control("1"), 10), (.enter, 20)]))
        #expect(text == "# key F13 has no tape name, left out\n# key Ctrl+1 has no tape name, left out\nKey Enter\n")
        #expect(try TapeParser.parse(source: text, file: "r.tape").get().commands == [.key(.enter, count: 1)])
    }

    @Test func aResizeIsASetSizeStepTheLastOfARunAndNoneToTheSameSize() throws {
        func resize(_ width: Int, _ height: Int, _ time: Int64) -> Press {
            Press(key: .resize, timeMilliseconds: time, size: TerminalSize(width: width, height: height))
        }
        let input = [resize(80, 24, 0), Press(key: .enter, timeMilliseconds: 10), resize(100, 30, 20), resize(120, 40, 30),
                     Press(key: .down, timeMilliseconds: 40), resize(80, 24, 50), resize(120, 40, 60),
                     Press(key: .character("q"), timeMilliseconds: 70), resize(10, 3, 80), Press(key: .enter, timeMilliseconds: 90)]
        let text = TapeRecorder().record(input, header: ["Set Size 80x24"], size: TerminalSize(width: 80, height: 24))
        #expect(text == """
        Set Size 80x24
        Key Enter
        Set Size 120x40
        Key Down
        Key q
        Set Size 20x5
        Key Enter

        """)
        let commands = try TapeParser.parse(source: text, file: "r.tape").get().commands
        #expect(commands.contains(.setSize(width: 120, height: 40)) && commands.contains(.setSize(width: 20, height: 5)))
    }

    @Test func waitBeforeTheFirstKeyBecomesASleep() {
        let text = TapeRecorder().record(presses([(.enter, 10_000)]), startMilliseconds: 0)
        #expect(text == "Sleep 10s\nKey Enter\n")
        #expect(TapeRecorder().record([]) == "")
    }
}

/// A recorded tape ends with what the screen showed: checks a replay can verify.
@Suite("run --record ends with the screen's checks")
struct RecordedExpectationTests {
    @Test func theChecksComeBeforeTheQuitKeyThatEndedTheRun() throws {
        let presses = [KeyPress(key: .enter, timeMilliseconds: 0), KeyPress(key: .character("q"), timeMilliseconds: 100)]
        let checks = ["ExpectState valuePreview", "Expect \"Made for your day\""]
        let text = TapeRecorder().record(presses, header: ["Set Size 80x24"], expectations: checks, endsWithQuit: true)
        #expect(text == "Set Size 80x24\nKey Enter\nExpectState valuePreview\nExpect \"Made for your day\"\nKey q\n")
        // A run that ended without a quit key (the terminal went away): the checks close the tape.
        let open = TapeRecorder().record(Array(presses.prefix(1)), expectations: checks, endsWithQuit: false)
        #expect(open == "Key Enter\nExpectState valuePreview\nExpect \"Made for your day\"\n")
    }

    @Test func aRecordedTapeWithItsChecksReplaysAndPasses() throws {
        let presses = [KeyPress(key: .enter, timeMilliseconds: 0), KeyPress(key: .character("q"), timeMilliseconds: 100)]
        let text = TapeRecorder().record(presses, header: ["Set Size 80x24", "Set Now 2026-01-30T09:00:00Z"],
                                         expectations: ["ExpectState onboarding", "Expect \"Made for your day\""], endsWithQuit: true)
        let tape = try TapeParser.parse(source: text, file: "recorded.tape").get()
        let (result, _) = TapePlayer(tape: tape).play()
        #expect(result.status == .passed, "\(TapeReportFormatter.human([result]))")
    }
}
