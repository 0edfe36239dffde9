import PaywallFoundation
import Foundation
import StoreSim

/// A profile that cannot be used: `file:line:col: at json.path: what is wrong, what was expected`.
public struct ProfileError: LocatedError, Hashable, Sendable, LocalizedError {
    /// The profile file (or the name asked for when no file was found).
    public var file: String
    /// Where in the file, when the problem has a place.
    public var location: LineColumn?
    /// The JSON path of the value at fault (`limits.dailyMessageLimit`), if any.
    public var jsonPath: String?
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, location: LineColumn? = nil, jsonPath: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.jsonPath = jsonPath
        self.message = message
    }

    public var diagnostic: Diagnostic {
        Diagnostic(file: file, line: location?.line, column: location?.column, jsonPath: jsonPath, message)
    }

    public var errorDescription: String? { description }
}
