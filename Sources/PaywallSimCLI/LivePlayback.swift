import Foundation
import PaywallFoundation
import NcursesTerminal
import Tapes
import PaywallScreens
import TerminalKit

/// Shows a played tape's frames in the real terminal, in the theme's colours, at the tape's
/// presentation pace (`Set TypingSpeed`, `Set Pause`), for demos.
struct LivePlayback {
    let frames: [RecordedFrame]
    let size: TerminalSize
    /// The longest pause shown between two frames, so a `Sleep 1d` doesn't stall a demo.
    static let longestPause: TimeInterval = 3

    /// Shows the frames; true when Ctrl+C stopped the showing (`q` ends it as a viewer's choice).
    @discardableResult
    func run() throws -> Bool {
        guard TerminalCheck.missingTerminal == nil else {
            throw Diagnostic("--live needs a terminal; use --transcript or --cast to see the frames without one")
        }
        let theme = frames.lazy.compactMap(\.theme).first ?? Theme.builtIn(Theme.defaultName) ?? Theme(name: "plain", roles: [:])
        let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
        let screen = NcursesScreen(theme: theme, options: .init(colorDepth: depth, controlKeysAsKeys: true))
        try screen.start()
        defer { screen.stop() }
        var previous: Int64 = 0
        for frame in frames {
            let time = frame.showMilliseconds ?? frame.timeMilliseconds
            let pause = min(Self.longestPause, Double(time - previous) / 1000)
            previous = time
            if pause > 0, let key = screen.readKey(timeoutMs: Int(pause * 1000)) {
                if key == .control("c") { return true }
                if key == .character("q") { return false }
            }
            guard case let .screen(text) = frame.content else { continue }
            if let cells = frame.grid, cells.size == screen.size {
                screen.draw(cells)
                continue
            }
            var grid = CellGrid(size: screen.size)
            for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where row < grid.height {
                _ = grid.put(String(line), x: 0, y: row, style: TextStyle(.text), maxWidth: grid.width)
            }
            screen.draw(grid)
        }
        return screen.readKey(timeoutMs: Int(Self.longestPause * 1000)) == .control("c")
    }
}
