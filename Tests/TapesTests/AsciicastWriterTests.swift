import Foundation
import TerminalKit
import Testing
@testable import Tapes

@Suite("Asciicast and transcript")
struct AsciicastWriterTests {
    let frames: [RecordedFrame] = [
        .screen("Welcome\n\nPress Enter", at: 0),
        .screen("Welcome\n\nPress \"Enter\" \\ now", at: 1_500, cause: "Key Enter"),
        .screen("Welcome\n\nPress \"Enter\" \\ now", at: 2_000, cause: "Sleep 500ms"),
        RecordedFrame(timeMilliseconds: 2_250, content: .bytes(Array("\u{1B}[31m你好\u{1B}[0m".utf8)), cause: "raw"),
    ]

    @Test func everyLineIsJSONWithTheHeaderFields() throws {
        let cast = AsciicastWriter(width: 80, height: 24, timestamp: 1_769_763_600).render(frames)
        let lines = cast.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        let objects = try lines.dropLast().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
        let header = try #require(objects.first as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect(header["timestamp"] as? Int == 1_769_763_600)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        let events = try objects.dropFirst().map { try #require($0 as? [Any]) }
        // The unchanged third frame writes nothing; the last event puts the cursor below the frame.
        #expect(events.count == 4)
        #expect(events.map { ($0[0] as? NSNumber)?.doubleValue } == [0, 1.5, 2.25, 2.25])
        #expect(events[3][2] as? String == "\u{1B}[0m\u{1B}[24;1H\r\n")
        #expect(events.allSatisfy { $0.count == 3 && $0[1] as? String == "o" })
        let first = try #require(events[0][2] as? String)
        #expect(first == "\u{1B}[H\u{1B}[2J\u{1B}[1;1HWelcome\u{1B}[K\u{1B}[3;1HPress Enter\u{1B}[K")
        #expect(events[1][2] as? String == "\u{1B}[3;1HPress \"Enter\" \\ now\u{1B}[K")
        #expect(events[2][2] as? String == "\u{1B}[31m你好\u{1B}[0m")
    }

    /// The tape's theme goes in the header as asciicast v2's `theme` (page colours, 16-colour
    /// palette), so a player draws the window in the theme's colours, not its own.
    @Test func theHeaderCarriesTheTapesTheme() throws {
        let dark = try #require(Theme.builtIn("dark"))
        var frame = RecordedFrame.screen("a", at: 0)
        frame.grid = CellGrid(width: 40, height: 3)
        frame.theme = dark
        let header = AsciicastWriter(width: 40, height: 3, timestamp: 0).render([frame]).components(separatedBy: "\n")[0]
        #expect(header.contains(##""theme": {"fg": "#d0d0d0", "bg": "#1c1c1c", "palette": "#000000:#cd0000:"##), "\(header)")
        #expect(header.components(separatedBy: "palette\": \"")[1].prefix { $0 != "\"" }.split(separator: ":").count == 16)
        #expect(!AsciicastWriter(width: 40, height: 3, timestamp: 0).render([.screen("a", at: 0)]).contains("\"theme\""), "text frames: no theme")
    }

    @Test func outputIsStableAndTimesAreSeconds() {
        let writer = AsciicastWriter(width: 40, height: 3, timestamp: 0, title: "demo \"one\"")
        let cast = writer.render([.screen("a", at: 1_005), .screen("b", at: 900)])
        #expect(cast == """
        {"version": 2, "width": 40, "height": 3, "timestamp": 0, "title": "demo \\"one\\"", "env": {"TERM": "xterm-256color", "SHELL": "/bin/sh"}}
        [1.005, "o", "\\u001b[H\\u001b[2J\\u001b[1;1Ha\\u001b[K"]
        [1.005, "o", "\\u001b[1;1Hb\\u001b[K"]
        [1.005, "o", "\\u001b[0m\\u001b[3;1H\\r\\n"]

        """)
        #expect(writer.render([.screen("a", at: 1_005), .screen("b", at: 900)]) == cast)
        // The last screen is held for the tape's pause before the recording ends.
        let held = writer.render([.screen("a", at: 1_005)], holdingLast: 1_000)
        #expect(held.hasSuffix("[2.005, \"o\", \"\\u001b[0m\\u001b[3;1H\\r\\n\"]\n"), "\(held)")
    }

    @Test func transcriptHasAHeaderPerFrame() {
        let text = TranscriptWriter(width: 40).render(Array(frames.prefix(2)))
        let lines = text.components(separatedBy: "\n")
        #expect(lines[0] == "── frame 1 · 0.000s " + String(repeating: "─", count: 20))
        #expect(lines[1] == "Welcome")
        #expect(lines[3] == "Press Enter")
        #expect(lines[4].hasPrefix("── frame 2 · 1.500s · Key Enter ─"))
        #expect(lines[4].count == 40)
        #expect(lines[7] == "Press \"Enter\" \\ now")
    }

    /// A cast of a real tape: the theme's colours as SGR, and a readable pace.
    @Test func aCastCarriesTheThemesColoursAndAReadablePace() throws {
        let source = """
        Set Start paywall
        Set Now 2026-01-30T09:00:00Z
        Key Up
        Key Down
        Type "ab"
        """
        let tape = try TapeParser.parse(source: source, file: "pace.tape").get()
        var options = TapePlayer.Options(recordFrames: true)
        options.stateDirectory = nil
        let frames = TapePlayer(tape: tape, options: options).play().1
        let cast = AsciicastWriter(width: 80, height: 24, timestamp: 0).render(frames)
        let dark = try #require(Theme.builtIn("dark"))
        let cta = dark.resolve(TextStyle(.cta), depth: .full256)
        let ctaBackground = try #require(cta.background)
        #expect(cast.contains("48;5;\(ctaBackground)"), "the call to action keeps its button colour")
        let times = frames.map { $0.showMilliseconds ?? -1 }
        #expect(times == times.sorted(), "presentation time never goes back")
        // A key's new screen is held for the default pause (1 s) plus the typing speed (80 ms).
        let moves = frames.filter { $0.cause == "Key Down" || $0.cause == "Key Up" }
        #expect(moves.count == 2)
        if moves.count == 2 { #expect(moves[1].showMilliseconds! - moves[0].showMilliseconds! == 1_080) }

        let paced = try TapeParser.parse(source: "Set TypingSpeed 200ms\nSet Pause 2s\n" + source, file: "pace.tape").get()
        let slow = TapePlayer(tape: paced, options: options).play().1.filter { $0.cause == "Key Down" || $0.cause == "Key Up" }
        if slow.count == 2 { #expect(slow[1].showMilliseconds! - slow[0].showMilliseconds! == 2_200) }
        #expect(slow.count == 2)
    }
}
