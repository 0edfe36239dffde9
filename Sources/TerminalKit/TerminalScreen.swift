/// Somewhere a grid can be shown and keys read from: the live ncurses terminal or a headless one.
public protocol TerminalScreen: AnyObject {
    /// The current size in columns and rows.
    var size: TerminalSize { get }
    /// Shows `grid`; implementations write only what changed since the last frame.
    func draw(_ grid: CellGrid)
    /// The next key, waiting at most `timeoutMs` milliseconds (nil: wait until one comes).
    /// Returns nil when no key came in time.
    func readKey(timeoutMs: Int?) -> Key?
}
