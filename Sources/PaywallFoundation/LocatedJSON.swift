import Foundation

/// A parsed JSON value that remembers where in the text it started, for error messages.
public indirect enum LocatedJSONValue: Sendable, Equatable {
    case object([(key: String, value: LocatedJSON)])
    case array([LocatedJSON])
    case string(String)
    /// A number kept as its source text, so prices like `"98.0"` or `0.5` lose nothing.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: LocatedJSONValue, rhs: LocatedJSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(a), .array(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// The JSON type name as an error message says it ("a string", "an object").
    public var typeDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A JSON value with its 1-based line and column in the source text (equality compares values only).
public struct LocatedJSON: Sendable, Equatable {
    public var value: LocatedJSONValue
    public var location: LineColumn
    /// Where the key naming this value starts, for a member of an object (nil otherwise).
    public var keyLocation: LineColumn?

    public init(value: LocatedJSONValue, location: LineColumn, keyLocation: LineColumn? = nil) {
        self.value = value
        self.location = location
        self.keyLocation = keyLocation
    }

    public static func == (lhs: LocatedJSON, rhs: LocatedJSON) -> Bool { lhs.value == rhs.value }
}

/// A 1-based line and column (columns count Unicode scalars), as `file:line:col` messages print it.
public struct LineColumn: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
