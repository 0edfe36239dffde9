import Testing
@testable import PaywallScreens
@testable import TerminalKit

@Suite("HeadlessScreen and keys")
struct HeadlessScreenTests {
    @Test func keepsTheLatestGridAndTheRunsItChanged() {
        let screen = HeadlessScreen(size: TerminalSize(width: 10, height: 2))
        #expect(screen.plainText == "")
        var grid = CellGrid(size: screen.size)
        grid.put("hello", x: 0, y: 0)
        screen.draw(grid)
        #expect(screen.lastRuns.count == 2)
        grid.put("J", x: 0, y: 0)
        screen.draw(grid)
        #expect(screen.lastRuns == [CellRun(x: 0, y: 0, cells: [Cell(text: "J", width: 1, style: .plain)])])
        #expect(screen.plainText == "Jello\n")
        #expect(screen.frameCount == 2)
    }

    @Test func replaysQueuedKeysAndResizes() {
        let screen = HeadlessScreen()
        screen.send(.down, .enter)
        screen.resize(to: TerminalSize(width: 40, height: 12))
        #expect(screen.readKey(timeoutMs: 10) == .down)
        #expect(screen.readKey(timeoutMs: nil) == .enter)
        #expect(screen.size == TerminalSize(width: 80, height: 24), "the size changes when the resize is read")
        #expect(screen.readKey(timeoutMs: 0) == .resize)
        #expect(screen.readKey(timeoutMs: 0) == nil)
        #expect(screen.size == TerminalSize(width: 40, height: 12))
    }

    @Test(arguments: [
        (UInt32(10), Key.enter), (13, .enter), (27, .escape), (9, .tab), (127, .backspace), (8, .backspace),
        (32, .space), (3, .control("c")), (1, .control("a")), (26, .control("z")), (113, .character("q")),
        (0xD55C, .character("한")), (0x4E2D, .character("中")), (0x1F44D, .character("👍")),
    ])
    func characterCodes(code: UInt32, key: Key) {
        #expect(Key(characterCode: code) == key)
    }

    @Test func otherControlCodesAreIgnored() {
        #expect(Key(characterCode: 0) == nil)
        #expect(Key(characterCode: 28) == nil)
        #expect(Key(characterCode: 0x85) == nil)
        #expect(Key(characterCode: 0xD800) == nil)
    }
}
