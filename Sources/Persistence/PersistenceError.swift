import Foundation

/// A state file that could not be read or written, naming the file and what is wrong.
public struct PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// What is wrong, e.g. `3:14: invalid JSON` or `missing key used, expected it to be present`.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path:line:col: message` for syntax errors, `path: message` otherwise.
    public var description: String { "\(path):\(message.first?.isNumber == true ? "" : " ")\(message)" }
}
