/// A problem with the user's input, worded for a person: `file:line:column: message` where the
/// place is known, the message alone where it is not, and the error it came from kept as it was
/// (its type and values), so a caller can still tell one kind of problem from another.
///
/// The one message error of the inputs, the CLI, the store commands and copy QA.
public struct Diagnostic: Error, CustomStringConvertible, Sendable {
    /// The file the problem is in, when there is one.
    public var file: String?
    /// 1-based line and column in `file`, when known.
    public var line: Int?
    public var column: Int?
    /// What is wrong and what was expected.
    public var message: String
    /// The error this one reports, when it wraps one.
    public var underlying: (any Error)?

    /// A problem described by `message` alone (it may name its own file and place).
    public init(_ message: String) {
        self.message = message
    }

    /// A problem at `file` (and `line`:`column` when given).
    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `error` as a diagnostic: its own words (which name its file and place), its value kept.
    public init(wrapping error: any Error) {
        message = "\(error)"
        underlying = error
    }

    public var description: String {
        guard let file else { return message }
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(place): \(message)"
    }
}
