import Foundation

/// `Decoder` over one `LocatedJSON` value (see `LocatedJSONDecoder`); throws `DecodingError`s
/// with coding paths, which the top level turns into located errors.
struct NodeDecoder: Decoder {
    let node: LocatedJSON
    let codingPath: [any CodingKey]
    let options: LocatedJSONDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = node.value else { throw mismatch([String: Any].self) }
        var byKey: [String: LocatedJSON] = [:]
        for member in members { byKey[member.key] = member.value }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, members: byKey, order: members.map(\.key)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = node.value else { throw mismatch([Any].self) }
        return UnkeyedNodeContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleNodeContainer(decoder: self) }

    /// A decoder for a child value.
    func child(_ node: LocatedJSON, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, codingPath: codingPath + [key], options: options)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "found \(node.value.typeDescription)"))
    }

    /// Decodes `type`, with Foundation's special types written the way JSON writes them.
    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self, let date = try decodeDate() as? T { return date }
        if type == Decimal.self, let decimal = try decodeDecimal() as? T { return decimal }
        if type == URL.self {
            guard case let .string(text) = node.value, let url = URL(string: text) as? T else { throw mismatch(URL.self) }
            return url
        }
        if type == Data.self {
            guard case let .string(text) = node.value, let data = Data(base64Encoded: text) as? T else { throw mismatch(Data.self) }
            return data
        }
        return try T(from: self)
    }

    private func decodeDate() throws -> Date {
        switch options.dateDecoding {
        case .iso8601:
            guard case let .string(text) = node.value else { throw mismatch(Date.self) }
            if let date = ISO8601.parse(text) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                    debugDescription: "\"\(text)\" is not an ISO-8601 date, expected e.g. 2026-01-30T09:00:00Z"))
        case .secondsSinceReferenceDate:
            return Date(timeIntervalSinceReferenceDate: try number(Double.self))
        }
    }

    private func decodeDecimal() throws -> Decimal {
        guard case let .number(text) = node.value, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw mismatch(Decimal.self)
        }
        return value
    }

    /// A number of type `T` from the number's text (an integer type takes an integral value only).
    func number<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        if case .null = node.value { throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "null")) }
        guard case let .number(text) = node.value else { throw mismatch(type) }
        if let value = T(text) { return value }
        if let double = Double(text), double.rounded() == double, abs(double) < 9.0e15, let value = T(String(Int64(double))) {
            return value
        }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the number \(text) does not fit \(type)"))
    }

    func string() throws -> String {
        if case .null = node.value { throw DecodingError.valueNotFound(String.self, .init(codingPath: codingPath, debugDescription: "null")) }
        guard case let .string(text) = node.value else { throw mismatch(String.self) }
        return text
    }

    func bool() throws -> Bool {
        if case .null = node.value { throw DecodingError.valueNotFound(Bool.self, .init(codingPath: codingPath, debugDescription: "null")) }
        guard case let .bool(flag) = node.value else { throw mismatch(Bool.self) }
        return flag
    }
}

/// The members of a JSON object as a keyed container.
struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let members: [String: LocatedJSON]
    let order: [String]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func child(_ key: Key) throws -> NodeDecoder {
        guard let node = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return decoder.child(node, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let node = members[key.stringValue] else { return true }
        if case .null = node.value { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).number(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).number(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).number(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).number(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).number(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).number(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).number(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).number(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).number(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).number(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).number(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).number(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = try child(key)
        if case .null = child.node.value, !(T.self is any ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(type, .init(codingPath: child.codingPath, debugDescription: "null"))
        }
        return try child.unbox(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

/// The elements of a JSON array as an unkeyed container.
struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let elements: [LocatedJSON]
    private(set) var currentIndex = 0

    init(decoder: NodeDecoder, elements: [LocatedJSON]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the array ends at \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: IndexKey(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).number(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).number(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).number(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).number(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).number(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).unbox(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next([Any].self).unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}

/// One JSON value as a single-value container.
struct SingleNodeContainer: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.node.value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.number(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.number(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.number(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
}

/// An array index as a coding key.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}
