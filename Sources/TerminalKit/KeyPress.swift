/// One key press and when it happened (milliseconds on any clock, only differences matter); a
/// `.resize` carries the terminal's new size.
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var timeMilliseconds: Int64
    /// The terminal's size after a `.resize`; nil for every other key.
    public var size: TerminalSize?

    public init(key: Key, timeMilliseconds: Int64, size: TerminalSize? = nil) {
        self.key = key
        self.timeMilliseconds = timeMilliseconds
        self.size = size
    }
}
