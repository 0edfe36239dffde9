/// A parsed JSON value with the byte offset where it starts, so errors can point at it.
struct JSONNode: Sendable {
    /// The value itself.
    let value: JSONValue
    /// Byte offset of the value's first character in the source data.
    let offset: Int
}

/// A JSON value that keeps object members in file order and numbers as written.
enum JSONValue: Sendable {
    case object([(key: String, node: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The JSON type name people know, for "expected an object, found a string" messages.
    var typeName: String {
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

/// A syntax error found while scanning JSON: where, what is wrong, what was expected.
struct JSONSyntaxError: Error, Sendable {
    let offset: Int
    let message: String
}
