import Foundation

/// A shape error found while reading a parsed JSON document: where, and what was expected.
public struct LocatedJSONShapeError: Error, Hashable, Sendable {
    /// JSON path such as `subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod`.
    public var path: String
    public var location: LineColumn
    public var message: String
}

/// A position in a parsed JSON document (node plus its JSON path) with typed, path-aware accessors.
public struct LocatedJSONCursor {
    public let node: LocatedJSON
    public let path: String

    public init(node: LocatedJSON, path: String = "") {
        self.node = node
        self.path = path
    }

    public var location: LineColumn { node.location }
    public var isNull: Bool { node.value == .null }

    public func fail(_ message: String) -> LocatedJSONShapeError {
        LocatedJSONShapeError(path: path.isEmpty ? "(top level)" : path, location: node.location, message: message)
    }

    public func expected(_ what: String) -> LocatedJSONShapeError {
        fail("found \(node.value.typeDescription), expected \(what)")
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    // MARK: Objects

    /// The object's members; throws if this is not an object.
    public func members() throws(LocatedJSONShapeError) -> [(key: String, value: LocatedJSON)] {
        guard case let .object(members) = node.value else { throw expected("an object") }
        return members
    }

    /// The member `key`, or nil when missing (null counts as present).
    public func optional(_ key: String) throws(LocatedJSONShapeError) -> LocatedJSONCursor? {
        guard let member = try members().last(where: { $0.key == key }) else { return nil }
        return LocatedJSONCursor(node: member.value, path: childPath(key))
    }

    /// The member `key`, or nil when missing or null.
    public func optionalNonNull(_ key: String) throws(LocatedJSONShapeError) -> LocatedJSONCursor? {
        guard let child = try optional(key), !child.isNull else { return nil }
        return child
    }

    /// The member `key`; throws naming the key when it is missing.
    public func required(_ key: String, _ what: String) throws(LocatedJSONShapeError) -> LocatedJSONCursor {
        guard let child = try optional(key) else {
            throw fail("missing key \"\(key)\", expected \(what)")
        }
        return child
    }

    // MARK: Scalars

    public func string() throws(LocatedJSONShapeError) -> String {
        guard case let .string(text) = node.value else { throw expected("a string") }
        return text
    }

    public func bool() throws(LocatedJSONShapeError) -> Bool {
        guard case let .bool(flag) = node.value else { throw expected("true or false") }
        return flag
    }

    public func int() throws(LocatedJSONShapeError) -> Int {
        guard case let .number(text) = node.value else { throw expected("an integer") }
        guard let value = Int(text) else { throw fail("found the number \(text), expected an integer") }
        return value
    }

    /// A price: Xcode writes a decimal string (`"0.99"`, `"98.0"`, `"100"`); a bare JSON number is accepted too.
    public func price() throws(LocatedJSONShapeError) -> Decimal {
        let text: String
        switch node.value {
        case let .string(value): text = value.trimmingCharacters(in: .whitespaces)
        case let .number(value): text = value
        default: throw expected("a price as a decimal string such as \"9.99\"")
        }
        guard let value = Self.parseDecimal(text) else {
            throw fail("found \"\(text)\", expected a price as a decimal string such as \"9.99\"")
        }
        guard value >= 0 else { throw fail("found the negative price \(text), expected zero or more") }
        return value
    }

    /// Strict decimal text (`12`, `0.99`, `-1.5`), independent of the process locale.
    public static func parseDecimal(_ text: String) -> Decimal? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return nil }
        var index = 0
        if scalars[0] == "-" { index = 1 }
        var digits = 0, dots = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "." { dots += 1 } else if ("0"..."9").contains(scalar) { digits += 1 } else { return nil }
            index += 1
        }
        guard digits > 0, dots <= 1, text.last != ".", text.first != "." else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    // MARK: Arrays

    /// The elements with their paths; throws if this is not an array.
    public func elements() throws(LocatedJSONShapeError) -> [LocatedJSONCursor] {
        guard case let .array(items) = node.value else { throw expected("an array") }
        return items.enumerated().map { LocatedJSONCursor(node: $1, path: "\(path)[\($0)]") }
    }

    /// The elements of the optional array `key`; missing or null reads as empty.
    public func optionalArray(_ key: String) throws(LocatedJSONShapeError) -> [LocatedJSONCursor] {
        guard let child = try optionalNonNull(key) else { return [] }
        return try child.elements()
    }
}
