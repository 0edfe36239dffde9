import Foundation
import TestSupport
import Tapes
import Testing

/// The headless grid's text is what ncurses shows: the same screen in tmux and in the tape player.
@Suite(.serialized) struct HeadlessMatchesTmuxTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var arguments: String
        var marker: String
        var keys: [String] = []
        var tapeLines: [String]
        var description: String { name }
    }

    static let now = "2026-01-30T09:00:00Z"
    static let cases: [Case] = [
        Case(name: "onboarding", arguments: "", marker: "Ask anything", tapeLines: []),
        Case(name: "value preview", arguments: "--start valuePreview", marker: "What you get", tapeLines: ["Set Start valuePreview"]),
        Case(name: "proof", arguments: "--start proof", marker: "Loved by", tapeLines: ["Set Start proof"]),
        Case(name: "paywall A", arguments: "--start paywall --offer A", marker: "Start free trial", tapeLines: ["Set Start paywall", "Set Offer A"]),
        Case(name: "paywall B", arguments: "--start paywall --offer B", marker: "Unlock Nova Premium", tapeLines: ["Set Start paywall", "Set Offer B"]),
        Case(name: "paywall C", arguments: "--start paywall --offer C", marker: "Unlock Nova Premium", tapeLines: ["Set Start paywall", "Set Offer C"]),
        Case(name: "paywall ko", arguments: "--start paywall --locale ko", marker: "₩", tapeLines: ["Set Start paywall", "Set Locale ko"]),
        Case(name: "paywall zh-Hans", arguments: "--start paywall --locale zh-Hans", marker: "¥", tapeLines: ["Set Start paywall", "Set Locale zh-Hans"]),
        Case(name: "sheet", arguments: "--start paywall", marker: "App Store", keys: ["Enter"], tapeLines: ["Set Start paywall", "Key Enter"]),
        Case(name: "chat", arguments: "--start chat", marker: "free messages left", tapeLines: ["Set Start chat"]),
        Case(name: "help", arguments: "--start paywall", marker: "Keys", keys: ["?"], tapeLines: ["Set Start paywall", "Key ?"]),
        Case(name: "light theme", arguments: "--start proof --theme light", marker: "Loved by", tapeLines: ["Set Start proof", "Set Theme light"]),
        Case(name: "minimum size", arguments: "--start paywall", marker: "Unlock", tapeLines: ["Set Start paywall", "Set Size 60x22"]),
    ]

    @Test(.enabled(if: TmuxDriver.isAvailable, "tmux is not installed (.ci/run installs it)"), arguments: cases)
    func sameText(_ c: Case) throws {
        try #require(FileManager.default.isExecutableFile(atPath: TmuxDriver.binary.path), "build paywall-sim first: swift build")
        let size = c.tapeLines.contains("Set Size 60x22") ? (60, 22) : (80, 24)
        let state = TestPaths.scratchDirectory("same")
        defer { try? FileManager.default.removeItem(at: state) }
        let tmux = try TmuxDriver(command: "\(TmuxDriver.binary.path) --state \(state.path) --now \(Self.now) \(c.arguments)",
                                  width: size.0, height: size.1)
        try tmux.waitFor(c.marker)
        let before = try tmux.capture()
        for key in c.keys { try tmux.send(key) }
        if !c.keys.isEmpty {
            // Under a loaded test run the app may take a moment: wait for the screen to change, then settle.
            let deadline = Date().addingTimeInterval(5)
            while try tmux.capture() == before, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            Thread.sleep(forTimeInterval: 0.3)
        }
        let live = try tmux.capture()

        let source = (["Set Size \(size.0)x\(size.1)", "Set Now \(Self.now)"] + c.tapeLines).joined(separator: "\n")
        let tape = try TapeLoader().load(source: source, file: "headless-\(c.name).tape").get()
        let player = TapePlayer(tape: tape, options: .init(recordFrames: true))
        let (_, frames) = player.play()
        guard case let .screen(text)? = frames.last?.content else { Issue.record("no headless frame"); return }
        let headless = TmuxDriver.normalize(text)
        #expect(live == headless, "tmux and headless differ for \(c.name):\n--- tmux\n\(live)\n--- headless\n\(headless)")
    }
}
