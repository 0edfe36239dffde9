import Foundation

/// A forward reader of JSON this simulator wrote itself (a ledger's records), byte by byte, with
/// no tree: the fast way to open a state with many transactions.
///
/// Every read returns nil, rather than throwing, at anything it does not expect; a caller then
/// reads the same bytes with `LocatedJSONDecoder`, which either decodes them or names the line and
/// column of the fault. So this reader may be narrower than JSON but never more lenient: what it
/// reads, it reads exactly as the decoder would.
public struct JSONByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The position of the next byte to read.
    public private(set) var offset: Int
    /// The last text read for each slot (`string(slot:)`): a repeated value (a bundle id, a currency)
    /// shares the first one's storage instead of allocating again.
    private var recent: [String?] = Array(repeating: nil, count: 64)

    public init(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Whether every byte was read (whitespace aside).
    public mutating func atEnd() -> Bool {
        skipWhitespace()
        return offset == bytes.count
    }

    /// Reads `byte` (after any whitespace); false, reading nothing, when the next byte is another.
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// The next byte, after any whitespace, without reading it.
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// An object's key and its colon, as raw bytes (a key with an escape: nil).
    public mutating func key() -> UnsafeBufferPointer<UInt8>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\"") {
                let key = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                return consume(UInt8(ascii: ":")) ? key : nil
            }
            offset += 1
        }
        return nil
    }

    /// Whether `key` (from `key()`) is `name`.
    public static func key(_ key: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        name.withUTF8Buffer { $0.count == key.count && memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
    }

    /// A string value; `slot` (below 64) names the field, so a value equal to that field's last one
    /// is shared rather than made again.
    public mutating func string(slot: Int? = nil) -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                if let slot, var last = recent[slot],
                   last.withUTF8({ $0.count == raw.count && (raw.isEmpty || memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0) }) { return last }
                guard let text = String(validating: raw, as: UTF8.self) else { return nil }
                if let slot { recent[slot] = text }
                return text
            }
            if byte == UInt8(ascii: "\\") {
                offset = start
                return escapedString()
            }
            if byte < 0x20 { return nil }
            offset += 1
        }
        return nil
    }

    /// The rest of a string holding escapes, from just after its opening quote.
    private mutating func escapedString() -> String? {
        var out: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { return nil }
                let escape = bytes[offset]
                offset += 1
                if let simple = LocatedJSONParser.simpleEscape(escape) {
                    out.append(simple)
                } else if escape == UInt8(ascii: "u"), let scalar = unicodeEscape() {
                    out.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    return nil
                }
            case 0..<0x20:
                return nil
            default:
                out.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` after `\u` (a surrogate pair as one); nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        offset += 2
        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hex4() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = LocatedJSONParser.hexDigit(bytes[offset]) else { return nil }
            offset += 1
            value = value << 4 | digit
        }
        return value
    }

    /// An integer written as digits (an optional minus); nil for a fraction, an exponent or overflow.
    public mutating func integer() -> Int64? {
        skipWhitespace()
        var negative = false
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") {
            negative = true
            offset += 1
        }
        let start = offset
        var value: Int64 = 0
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int64(bytes[offset] - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
            offset += 1
        }
        guard offset > start else { return nil }
        if offset < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[offset]) { return nil }
        return negative ? -value : value
    }

    /// `true` or `false`.
    public mutating func bool() -> Bool? {
        if word("true") { return true }
        if word("false") { return false }
        return nil
    }

    private mutating func word(_ text: StaticString) -> Bool {
        skipWhitespace()
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let matches = text.withUTF8Buffer { UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]).elementsEqual($0) }
        if matches { offset += count }
        return matches
    }

    /// Skips one whole value of any kind (strings with their escapes, nested objects and arrays);
    /// false when the bytes end first.
    public mutating func skipValue() -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { return false }
        var depth = 0
        repeat {
            guard offset < bytes.count else { return false }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                    offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard offset < bytes.count else { return false }
                offset += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                offset += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                offset += 1
            default:
                // A scalar (number, true, false, null), or separators inside a nested value.
                offset += 1
                if depth == 0 {
                    while offset < bytes.count, !Self.endsScalar(bytes[offset]) { offset += 1 }
                }
            }
        } while depth > 0
        return depth == 0
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 { offset += 1 }
    }

    /// The byte range of the value at `path` (keys of nested objects, from the top-level object),
    /// found by skipping the values around it; nil when the path is not there exactly once.
    public static func valueRange(at path: [StaticString], in data: Data) -> Range<Int>? {
        value(at: path, in: data) { $0.skipValue() ? () : nil }?.range
    }

    /// The value at `path` as `read` reads it (from its first byte; it must consume exactly the
    /// value), and its byte range: one pass over the document, the value read where it is found
    /// instead of skipped and read again. Nil when the path is not there exactly once or `read` fails.
    public static func value<T>(at path: [StaticString], in data: Data, read: (inout JSONByteReader) -> T?) -> (range: Range<Int>, value: T)? {
        data.withUnsafeBytes { raw -> (range: Range<Int>, value: T)? in
            var reader = JSONByteReader(raw.bindMemory(to: UInt8.self))
            return reader.value(at: path[...], read: read)
        }
    }

    private mutating func value<T>(at path: ArraySlice<StaticString>, read: (inout JSONByteReader) -> T?) -> (range: Range<Int>, value: T)? {
        guard let name = path.first, consume(UInt8(ascii: "{")) else { return nil }
        var found: (range: Range<Int>, value: T)?
        if consume(UInt8(ascii: "}")) { return nil }
        repeat {
            guard let key = key() else { return nil }
            if Self.key(key, is: name) {
                guard found == nil else { return nil }
                if path.count == 1 {
                    skipWhitespace()
                    let start = offset
                    guard let value = read(&self) else { return nil }
                    found = (start..<offset, value)
                } else {
                    // The inner object is read to its closing brace: go on from there, not over it again.
                    var inner = self
                    guard let value = inner.value(at: path.dropFirst(), read: read) else { return nil }
                    found = value
                    offset = inner.offset
                }
            } else {
                guard skipValue() else { return nil }
            }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}")) ? found : nil
    }
}
