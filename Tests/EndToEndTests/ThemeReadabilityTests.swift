import Foundation
import TestSupport
import TerminalKit
import Testing

/// Every built-in theme reads on a light terminal and on a dark one: the real program in tmux
/// with the pane's default colours set light (black on white) or dark (light grey on black), each
/// glyph of every key screen checked for contrast between the colour it is drawn in and the colour
/// behind it, where a cell that leaves a colour to the terminal takes the terminal's.
@Suite(.serialized) struct ThemeReadabilityTests {
    /// A terminal's default colours (256-colour indices).
    struct Terminal: Sendable, CustomStringConvertible {
        var name: String
        var foreground: Int
        var background: Int
        var description: String { name }
    }

    static let light = Terminal(name: "light terminal", foreground: 16, background: 231)
    static let dark = Terminal(name: "dark terminal", foreground: 252, background: 16)

    /// WCAG's minimum contrast for large text and interface parts; text in a terminal is small,
    /// so this is the floor, not the aim.
    static let minimumContrast = 3.0

    /// The screens looked at: how to start, what to wait for, the keys to press.
    static let screens: [(arguments: String, marker: String, keys: [String])] = [
        ("", "Step 1 of 3", []),
        ("--start paywall", "Restore Purchases", []),
        ("--start paywall", "Restore Purchases", ["Down", "Enter"]),   // the App Store sheet
        ("--start paywall", "Restore Purchases", ["?"]),               // help
        ("--start chat", "Premium", []),
        ("--start chat", "Premium", ["F2"]),                           // debug
    ]

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"),
          arguments: ["dark", "light"], [light, dark])
    func everyGlyphReads(theme: String, terminal: Terminal) throws {
        try #require(FileManager.default.isExecutableFile(atPath: TmuxDriver.binary.path), "build paywall-sim first: swift build")
        var unreadable: [String] = []
        var glyphs = 0
        for screen in Self.screens {
            let state = TestPaths.scratchDirectory("readable")
            defer { try? FileManager.default.removeItem(at: state) }
            let tmux = try TmuxDriver(command: "env -u NO_COLOR \(TmuxDriver.binary.path) --state \(state.path) "
                                      + "--now 2026-01-30T09:00:00Z --theme \(theme) \(screen.arguments)")
            try tmux.setDefaultColors(foreground: terminal.foreground, background: terminal.background)
            try tmux.waitFor(screen.marker)
            try tmux.pressAndSettle(screen.keys)
            let looks = NcursesAppearanceTests.looks(ofCapture: try tmux.captureWithEscapes(), width: 80, height: 24)
            for (y, row) in looks.enumerated() {
                for (x, look) in row.enumerated() where Self.isText(look.text) {
                    glyphs += 1
                    var front = look.foreground ?? terminal.foreground, back = look.background ?? terminal.background
                    if look.reverse { swap(&front, &back) }
                    let contrast = Self.contrast(front, back)
                    if contrast < Self.minimumContrast {
                        unreadable.append("\(screen.arguments) \(screen.keys.joined(separator: " ")) row \(y + 1) col \(x + 1) "
                                          + "\(look.text.debugDescription): colour \(front) on \(back), contrast \(String(format: "%.1f", contrast))")
                    }
                }
            }
        }
        #expect(glyphs > 1_000, "the screens were read")
        if !unreadable.isEmpty {
            let listed = unreadable.prefix(15).joined(separator: "\n")
            Issue.record("\(theme) theme on a \(terminal): \(unreadable.count) glyphs under \(Self.minimumContrast):1\n\(listed)")
        }
    }

    /// A glyph that carries meaning: not a space, not a line or corner of a frame.
    static func isText(_ text: String) -> Bool {
        guard let scalar = text.unicodeScalars.first, text != " " else { return false }
        return !(0x2500...0x259F).contains(scalar.value)
    }

    /// WCAG 2 contrast ratio of two xterm 256-colour indices.
    static func contrast(_ a: Int, _ b: Int) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    static func luminance(_ index: Int) -> Double {
        let hex = Array(XtermPalette.colors[index].dropFirst())
        let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(hex[$0...$0 + 1]), radix: 16) ?? 0) / 255 }
        let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    @Test func theContrastIsWCAGs() {
        #expect(abs(Self.contrast(16, 231) - 21) < 0.01, "black on white")
        #expect(Self.contrast(252, 231) < 1.6, "the old dark theme's text on a white terminal")
        #expect(Self.isText("A") && Self.isText("₩") && !Self.isText("│") && !Self.isText(" "))
    }
}
