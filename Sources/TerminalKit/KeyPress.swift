/// One key press and when it happened (milliseconds on any clock, only differences matter).
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var timeMilliseconds: Int64

    public init(key: Key, timeMilliseconds: Int64) {
        self.key = key
        self.timeMilliseconds = timeMilliseconds
    }
}
