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
        return pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }

    /// Queues keys for `readKey`.
    public func send(_ keys: Key...) { pendingKeys += keys }

    /// Queues keys for `readKey`.
    public func send(_ keys: [Key]) { pendingKeys += keys }

    /// Changes the size and queues `.resize`, as a terminal does.
    public func resize(to newSize: TerminalSize) {
        size = newSize
        pendingKeys.append(.resize)
    }

    /// The plain text of the last frame ("" before the first).
    public var plainText: String { lastGrid?.plainText ?? "" }
}
