import Foundation

/// Decodes any `Decodable` from JSON read by `LocatedJSONParser`: the one reader for remote
/// config and state files too, so a wrong type or a missing key is reported with the line and
/// column of the value (or object) at fault, like a syntax error.
///
/// Dates are ISO-8601 text (`.iso8601`) or seconds since 2001 (Foundation's default); `Decimal`
/// keeps the number as written; `Data` is base64; `URL` is text.
public struct LocatedJSONDecoder: Sendable {
    /// How dates are written.
    public enum DateDecoding: Sendable {
        /// `2026-01-30T09:00:00Z`, with or without fractional seconds.
        case iso8601
        /// A number of seconds since 2001-01-01 (what `JSONEncoder` writes by default).
        case secondsSinceReferenceDate
    }

    public var dateDecoding: DateDecoding

    public init(dateDecoding: DateDecoding = .secondsSinceReferenceDate) {
        self.dateDecoding = dateDecoding
    }

    /// Parses `data` and decodes it; throws with the place of the first problem.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(LocatedJSONDecodingError) -> T {
        let root: LocatedJSON
        do { root = try LocatedJSONParser.parse(data) } catch {
            throw LocatedJSONDecodingError(location: error.location, message: "invalid JSON, \(error.message)")
        }
        return try decode(type, from: root)
    }

    /// Decodes an already parsed document.
    public func decode<T: Decodable>(_ type: T.Type, from root: LocatedJSON) throws(LocatedJSONDecodingError) -> T {
        do {
            return try NodeDecoder(node: root, codingPath: [], options: self).unbox(type)
        } catch let error as DecodingError {
            throw LocatedJSONDecodingError(error, root: root)
        } catch let error as LocatedJSONDecodingError {
            throw error
        } catch {
            throw LocatedJSONDecodingError(location: root.location, message: "\(error)")
        }
    }
}

/// A value of the wrong shape (or bad JSON), with where it is and what was expected.
public struct LocatedJSONDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: LineColumn
    /// What is wrong, e.g. `at offers[0].productIDs: wrong type, expected an array`.
    public var message: String

    public init(location: LineColumn, message: String) {
        self.location = location
        self.message = message
    }

    /// `line:col: message`.
    public var description: String { "\(location): \(message)" }

    /// The error `DecodingError` describes, placed at the deepest value its coding path reaches.
    init(_ error: DecodingError, root: LocatedJSON) {
        switch error {
        case let .keyNotFound(key, context):
            self.init(location: Self.locate(context.codingPath, in: root),
                      message: "missing key \(Self.path(context.codingPath + [key])), expected it to be present")
        case let .typeMismatch(type, context):
            self.init(location: Self.locate(context.codingPath, in: root),
                      message: "at \(Self.path(context.codingPath)): wrong type, expected \(Self.typeName(type))")
        case let .valueNotFound(type, context):
            self.init(location: Self.locate(context.codingPath, in: root),
                      message: "at \(Self.path(context.codingPath)): null, expected \(Self.typeName(type))")
        case let .dataCorrupted(context):
            self.init(location: Self.locate(context.codingPath, in: root),
                      message: "at \(Self.path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            self.init(location: root.location, message: "\(error)")
        }
    }

    /// The location of the value at `path`, or of the deepest value on the way that exists.
    static func locate(_ path: [any CodingKey], in root: LocatedJSON) -> LineColumn {
        var node = root
        for key in path {
            switch node.value {
            case let .object(members):
                guard let member = members.last(where: { $0.key == key.stringValue }) else { return node.location }
                node = member.value
            case let .array(elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return node.location }
                node = elements[index]
            default:
                return node.location
            }
        }
        return node.location
    }

    /// `offers[0].productIDs`, or `top level`.
    public static func path(_ path: [any CodingKey]) -> String {
        if path.isEmpty { return "top level" }
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text
    }

    /// The JSON kind a Swift type is written as ("a string", "a number", …).
    static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String", "Date", "URL", "Data": return "a string"
        case "Int", "Int64", "Int32", "UInt64", "UInt32", "UInt", "Double", "Float", "Decimal": return "a number"
        case "Bool": return "true or false"
        default:
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }
}
