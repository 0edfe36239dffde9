import PaywallFoundation
import Foundation

/// Why a `.storekit` file was refused: the path, the place in it, and what was expected.
public struct StoreKitConfigurationError: LocatedError, Hashable, Sendable, LocalizedError {
    /// The kinds of failure, so callers and tests can tell them apart.
    public enum Reason: String, Hashable, Sendable {
        /// The file could not be read (missing, a directory, no permission).
        case unreadable
        /// The text is not valid JSON.
        case syntax
        /// Valid JSON, but not shaped like an Xcode StoreKit configuration.
        case shape
    }

    public var reason: Reason
    /// The file's path (or the origin passed to `decode`).
    public var path: String
    /// Line and column of the offending value or character, when known.
    public var location: LineColumn?
    /// JSON path of the offending value, e.g. `subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod`.
    public var jsonPath: String?
    /// What was wrong and what was expected.
    public var message: String

    public init(reason: Reason, path: String, location: LineColumn? = nil, jsonPath: String? = nil, message: String) {
        self.reason = reason
        self.path = path
        self.location = location
        self.jsonPath = jsonPath
        self.message = message
    }

    /// `path:line:col: at jsonPath: message`, as compilers print errors.
    public var diagnostic: Diagnostic {
        Diagnostic(file: path, line: location?.line, column: location?.column, jsonPath: jsonPath, message)
    }

    public var errorDescription: String? { description }
}
