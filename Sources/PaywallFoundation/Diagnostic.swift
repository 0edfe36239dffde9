/// A problem with the user's input, worded for a person: `file:line:column: at json.path: message`
/// with whatever of the place is known, the message alone where nothing is, and the error it came
/// from kept as it was (its type and values), so a caller can still tell one kind of problem from
/// another.
///
/// The one located error: the inputs, the CLI, the store commands and copy QA throw it, and every
/// error type that knows a place in a file (`LocatedError`) says that place through it.
public struct Diagnostic: Error, CustomStringConvertible, Sendable {
    /// The file the problem is in, when there is one.
    public var file: String?
    /// 1-based line and column in `file`, when known.
    public var line: Int?
    public var column: Int?
    /// Where in a JSON file's structure the value at fault sits (`products[0].displayPrice`), when known.
    public var jsonPath: String?
    /// What is wrong and what was expected.
    public var message: String
    /// The error this one reports, when it wraps one.
    public var underlying: (any Error)?

    /// A problem described by `message` alone (it may name its own file and place).
    public init(_ message: String) {
        self.message = message
    }

    /// A problem at `file` (and `line`:`column`, the value at `jsonPath`, when given). A column
    /// without a line is not shown.
    public init(file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
        self.message = message
    }

    /// `error` as a diagnostic: a `LocatedError`'s own place and words, any other error's words;
    /// its value kept.
    public init(wrapping error: any Error) {
        if let located = error as? any LocatedError {
            self = located.diagnostic
        } else {
            message = "\(error)"
        }
        underlying = error
    }

    public var description: String {
        var text = ""
        if let file {
            text = file
            if let line { text += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            text += ": "
        }
        if let jsonPath, !jsonPath.isEmpty { text += "at \(jsonPath): " }
        return text + message
    }
}

/// An error that knows where in a file it is: it says so through one `Diagnostic`, so every such
/// error prints in the same `file:line:column: at json.path: message` form, while keeping its
/// own type and fields for callers that tell kinds apart.
public protocol LocatedError: Error, CustomStringConvertible {
    /// The error's file, place, JSON path and message.
    var diagnostic: Diagnostic { get }
}

extension LocatedError {
    public var description: String { diagnostic.description }
}
