import Foundation
import PaywallFoundation

/// A state file that could not be read or written, naming the file and what is wrong.
public struct PersistenceError: LocatedError, Hashable, Sendable {
    /// The file's path.
    public var path: String
    /// Where in the file, for a value that does not read (nil: the file as a whole).
    public var location: LineColumn?
    /// What is wrong, e.g. `invalid JSON, …` or `missing key used, expected it to be present`.
    public var message: String

    public init(path: String, location: LineColumn? = nil, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    /// `path:line:col: message` for a value that does not read, `path: message` otherwise.
    public var diagnostic: Diagnostic { Diagnostic(file: path, line: location?.line, column: location?.column, message) }
}
