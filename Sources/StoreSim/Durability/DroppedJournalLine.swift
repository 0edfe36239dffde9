/// A journal line that loading a ledger leaves out (and, when the store or the backend loads it, cuts off).
///
/// A kill during an append can only leave a torn last line, without its newline. A line that has
/// its newline but does not parse is left out when it is the last, or when only lines saved without
/// an fsync follow it (a power loss can explain that; see `JournaledLedger`); a kill cannot.
public struct DroppedJournalLine: Hashable, Sendable, CustomStringConvertible {
    /// The journal's path.
    public var path: String
    /// The line's number, from 1.
    public var lineNumber: Int
    /// Whether it is the file's last line and has no newline: an append a kill cut short.
    public var isTornLastLine: Bool
    /// Why it was left out (the parser's message, or the missing newline).
    public var reason: String

    public init(path: String, lineNumber: Int, isTornLastLine: Bool, reason: String) {
        self.path = path
        self.lineNumber = lineNumber
        self.isTornLastLine = isTornLastLine
        self.reason = reason
    }

    /// `path:line: reason`.
    public var description: String { "\(path):\(lineNumber): \(reason)" }
}
