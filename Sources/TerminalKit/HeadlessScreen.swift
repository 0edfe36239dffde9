/// A screen without a terminal, for tests and tapes: keeps the latest grid, replays queued keys.
public final class HeadlessScreen: TerminalScreen {
    public private(set) var size: TerminalSize
    /// The grid last drawn, nil before the first frame.
    public private(set) var lastGrid: CellGrid?
    /// How many frames were drawn.
    public private(set) var frameCount = 0
    /// The runs the last `draw` would have written to a terminal.
    public private(set) var lastRuns: [CellRun] = []
    /// The timeout of every `readKey` call, in order (what a live loop asked the terminal to wait).
    public private(set) var requestedTimeouts: [Int?] = []
    private var pendingKeys: [Key] = []
    /// The sizes queued `.resize` keys bring, in order.
    private var pendingSizes: [TerminalSize] = []

    public init(size: TerminalSize = TerminalSize(width: 80, height: 24)) {
        self.size = size
    }

    public func draw(_ grid: CellGrid) {
        lastRuns = grid.diff(from: lastGrid)
        lastGrid = grid
        frameCount += 1
    }

    /// The next queued key; nil when none is queued (never waits).
    public func readKey(timeoutMs: Int?) -> Key? {
        requestedTimeouts.append(timeoutMs)
        guard !pendingKeys.isEmpty else { return nil }
        let key = pendingKeys.removeFirst()
        if key == .resize, !pendingSizes.isEmpty { size = pendingSizes.removeFirst() }
        return key
    }

    /// Queues keys for `readKey`.
    public func send(_ keys: Key...) { pendingKeys += keys }

    /// Queues keys for `readKey`.
    public func send(_ keys: [Key]) { pendingKeys += keys }

    /// Queues `.resize` after the keys already queued; the size changes when it is read, as a
    /// terminal's does when its window is resized between keys.
    public func resize(to newSize: TerminalSize) {
        pendingKeys.append(.resize)
        pendingSizes.append(newSize)
    }

    /// The plain text of the last frame ("" before the first).
    public var plainText: String { lastGrid?.plainText ?? "" }
}
