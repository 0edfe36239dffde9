import Foundation
import TestSupport
import Tapes
import TerminalKit
import Testing

/// What the terminal shows is what the grid's styles say, cell by cell: the ncurses front end may
/// draw a blank in whatever attributes cost the fewest bytes (`NcursesPalette.blankAttributes`),
/// but never so that it looks different. Read from tmux's own screen (`capture-pane -e`), after
/// plan moves that leave stale attributes behind if the driver gets it wrong.
@Suite(.serialized) struct NcursesAppearanceTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var arguments: String
        var marker: String
        var keys: [String]
        var tapeLines: [String]
        var theme = "dark"
        var description: String { name }
    }

    static let now = "2026-01-30T09:00:00Z"
    static let cases: [Case] = [
        Case(name: "paywall", arguments: "--start paywall", marker: "Restore Purchases", keys: [],
             tapeLines: ["Set Start paywall"]),
        Case(name: "paywall after Down", arguments: "--start paywall", marker: "Restore Purchases", keys: ["Down"],
             tapeLines: ["Set Start paywall", "Key Down"]),
        Case(name: "paywall after Down Up Down Up", arguments: "--start paywall", marker: "Restore Purchases",
             keys: ["Down", "Up", "Down", "Up"], tapeLines: ["Set Start paywall", "Key Down", "Key Up", "Key Down", "Key Up"]),
        Case(name: "sheet", arguments: "--start paywall", marker: "Restore Purchases", keys: ["Enter"],
             tapeLines: ["Set Start paywall", "Key Enter"]),
        Case(name: "help over the paywall", arguments: "--start paywall", marker: "Restore Purchases", keys: ["?"],
             tapeLines: ["Set Start paywall", "Key ?"]),
        Case(name: "light theme paywall after Down", arguments: "--start paywall --theme light", marker: "Restore Purchases",
             keys: ["Down"], tapeLines: ["Set Start paywall", "Set Theme light", "Key Down"], theme: "light"),
        // Every screen of the flow in turn, then plan moves and the sheet: blanks drawn in a
        // neighbour's attributes in one frame and left as they are in the next (`BlankStretch`).
        Case(name: "onboarding to the paywall, plan moves and the sheet", arguments: "", marker: "Step 1 of 3",
             keys: ["Enter", "Enter", "Enter", "Enter", "Enter", "Down", "Enter", "Escape", "Up", "Down"],
             tapeLines: ["Key Enter 5", "Key Down", "Key Enter", "Key Esc", "Key Up", "Key Down"]),
    ]

    /// What a cell looks like: a space shows only its background, underline and reverse.
    struct Look: Equatable, CustomStringConvertible {
        var text: String
        var foreground: Int?
        var background: Int?
        var bold = false
        var underline = false
        var reverse = false

        var visible: Look {
            guard text == " " else { return self }
            // Reversed, a space shows its foreground as its background.
            return reverse ? Look(text: " ", foreground: nil, background: foreground, reverse: true)
                           : Look(text: " ", foreground: nil, background: background, underline: underline)
        }

        var description: String {
            "\(text.debugDescription) fg \(foreground.map(String.init) ?? "-") bg \(background.map(String.init) ?? "-")"
                + (bold ? " bold" : "") + (underline ? " underline" : "") + (reverse ? " reverse" : "")
        }
    }

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"), arguments: cases)
    func looksAsTheGridSays(_ c: Case) throws {
        try #require(FileManager.default.isExecutableFile(atPath: TmuxDriver.binary.path), "build paywall-sim first: swift build")
        let state = TestPaths.scratchDirectory("look")
        defer { try? FileManager.default.removeItem(at: state) }
        // Colours on: the test runner's environment may carry NO_COLOR.
        let tmux = try TmuxDriver(command: "env -u NO_COLOR \(TmuxDriver.binary.path) --state \(state.path) --now \(Self.now) \(c.arguments)")
        try tmux.waitFor(c.marker)
        try tmux.pressAndSettle(c.keys)
        let live = Self.looks(ofCapture: try tmux.captureWithEscapes(), width: 80, height: 24)

        let source = (["Set Size 80x24", "Set Now \(Self.now)"] + c.tapeLines).joined(separator: "\n")
        let tape = try TapeLoader().load(source: source, file: "look-\(c.name).tape").get()
        let (_, frames) = TapePlayer(tape: tape, options: .init(recordFrames: true)).play()
        let grid = try #require(frames.last?.grid, "no headless grid")
        let theme = try #require(Theme.builtIn(c.theme))
        var differences: [String] = []
        for y in 0..<24 {
            for x in 0..<80 {
                guard let cell = grid[x, y], !cell.isContinuation else { continue }
                let r = theme.resolve(cell.style, depth: .full256)
                let expected = Look(text: cell.text, foreground: r.foreground, background: r.background,
                                    bold: r.bold, underline: r.underline, reverse: r.reverse).visible
                let shown = live[y][x].visible
                if shown != expected { differences.append("row \(y + 1) col \(x + 1): shown \(shown), grid says \(expected)") }
            }
        }
        if !differences.isEmpty {
            Issue.record("\(c.name): \(differences.count) cells differ\n\(differences.prefix(12).joined(separator: "\n"))")
        }
        // The check can fail: the capture holds colours at all (not a plain-text capture).
        #expect(live.joined().contains { $0.foreground != nil }, "the capture shows no colour")
    }

    /// Cell looks from `tmux capture-pane -e -p`: text with SGR sequences; missing cells are plain blanks.
    static func looks(ofCapture capture: String, width: Int, height: Int) -> [[Look]] {
        var rows = Array(repeating: Array(repeating: Look(text: " "), count: width), count: height)
        var pen = Look(text: " ")
        for (y, line) in capture.split(separator: "\n", omittingEmptySubsequences: false).prefix(height).enumerated() {
            var x = 0
            var scalars = Array(line.unicodeScalars)[...]
            while let first = scalars.first {
                if first == "\u{1B}", scalars.dropFirst().first == "[" {
                    let body = scalars.dropFirst(2).prefix { $0 != "m" }
                    scalars = scalars.dropFirst(2 + body.count + 1)
                    apply(String(String.UnicodeScalarView(body)), to: &pen)
                    continue
                }
                scalars = scalars.dropFirst()
                let text = String(first)
                let columns = max(1, DisplayWidth.of(text))
                if x < width { rows[y][x] = Look(text: text, foreground: pen.foreground, background: pen.background,
                                                 bold: pen.bold, underline: pen.underline, reverse: pen.reverse) }
                x += columns
            }
        }
        return rows
    }

    static func apply(_ parameters: String, to pen: inout Look) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.popFirst() {
            switch code {
            case 0: pen = Look(text: " ")
            case 1: pen.bold = true
            case 22: pen.bold = false
            case 4: pen.underline = true
            case 24: pen.underline = false
            case 7: pen.reverse = true
            case 27: pen.reverse = false
            case 30...37: pen.foreground = code - 30
            case 90...97: pen.foreground = code - 90 + 8
            case 40...47: pen.background = code - 40
            case 100...107: pen.background = code - 100 + 8
            case 39: pen.foreground = nil
            case 49: pen.background = nil
            case 38, 48:
                if codes.first == 5, codes.count >= 2 {
                    codes = codes.dropFirst()
                    let index = codes.popFirst()
                    if code == 38 { pen.foreground = index } else { pen.background = index }
                }
            default: break
            }
        }
    }
}
