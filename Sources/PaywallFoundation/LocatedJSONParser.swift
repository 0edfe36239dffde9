import Foundation

/// A JSON syntax error with the line and column where the text stopped making sense.
public struct LocatedJSONSyntaxError: Error, Hashable, Sendable {
    public var location: LineColumn
    /// What was wrong and what was expected there.
    public var message: String
}

/// The one JSON reader of PaywallSim: a small strict parser (RFC 8259) that records a line and
/// column for every value (and every object key), for `file:line:col` messages.
///
/// Every format read from outside goes through it: `.storekit` catalogs, String Catalogs and
/// profiles read its tree; remote config, state files, ledgers and journals are decoded from it by
/// `LocatedJSONDecoder` (never by Foundation's `JSONDecoder`, which traps on some inputs, e.g. 513
/// `[`). Text must be UTF-8 (a UTF-8 byte order mark is skipped); nesting deeper than
/// `maximumDepth` is refused instead of overflowing the stack.
public struct LocatedJSONParser {
    /// The deepest nesting accepted (objects and arrays).
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// The last column computed and where: locations are asked for in order, so each one counts
    /// on from the last instead of from the line's start (a long one-line document stays linear).
    private var columnMark = (offset: 0, column: 1)

    /// Parses one JSON document; anything but whitespace after it is an error.
    public static func parse(_ data: Data) throws(LocatedJSONSyntaxError) -> LocatedJSON {
        var parser = LocatedJSONParser(bytes: Array(data))
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseDocument() throws(LocatedJSONSyntaxError) -> LocatedJSON {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw fail("the file is UTF-16, expected UTF-8 (as Xcode writes it)")
        }
        if let bad = Self.firstInvalidUTF8(bytes) {
            advance(to: bad)
            throw fail("invalid UTF-8: \(describeCurrent()) is not UTF-8, expected UTF-8 text")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3; lineStart = 3 }
        skipWhitespace()
        guard offset < bytes.count else {
            throw fail(bytes.isEmpty ? "the file is empty, expected a JSON object"
                                     : "the file is empty but for whitespace, expected a JSON object")
        }
        let node = try parseValue()
        skipWhitespace()
        guard offset >= bytes.count else {
            throw fail("unexpected \(describeCurrent()) after the end of the JSON document")
        }
        return node
    }

    // MARK: Values

    private mutating func parseValue() throws(LocatedJSONSyntaxError) -> LocatedJSON {
        let location = nextLocation()
        guard offset < bytes.count else { throw fail("unexpected end of file, expected a value (the file looks truncated)") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return LocatedJSON(value: try parseObject(), location: location)
        case UInt8(ascii: "["): return LocatedJSON(value: try parseArray(), location: location)
        case UInt8(ascii: "\""): return LocatedJSON(value: .string(try parseString()), location: location)
        case UInt8(ascii: "t"): try expectWord("true"); return LocatedJSON(value: .bool(true), location: location)
        case UInt8(ascii: "f"): try expectWord("false"); return LocatedJSON(value: .bool(false), location: location)
        case UInt8(ascii: "n"): try expectWord("null"); return LocatedJSON(value: .null, location: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return LocatedJSON(value: .number(try parseNumber()), location: location)
        default:
            throw fail("unexpected \(describeCurrent()), expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func parseObject() throws(LocatedJSONSyntaxError) -> LocatedJSONValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var members: [(key: String, value: LocatedJSON)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { offset += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describeCurrent()), expected a key in double quotes" + truncated)
            }
            let keyLocation = nextLocation()
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw fail("unexpected \(describeCurrent()), expected ':' after the key \"\(key)\"" + truncated)
            }
            offset += 1
            skipWhitespace()
            var value = try parseValue()
            value.keyLocation = keyLocation
            members.append((key, value))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return .object(members)
            default: throw fail("unexpected \(describeCurrent()), expected ',' or '}' in an object" + truncated)
            }
        }
    }

    private mutating func parseArray() throws(LocatedJSONSyntaxError) -> LocatedJSONValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var elements: [LocatedJSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { offset += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return .array(elements)
            default: throw fail("unexpected \(describeCurrent()), expected ',' or ']' in an array" + truncated)
            }
        }
    }

    private mutating func parseString() throws(LocatedJSONSyntaxError) -> String {
        offset += 1
        // Most strings have no escape: they are their bytes, already checked as UTF-8 by
        // `parseDocument`, and are made in one go. Anything else goes the byte-by-byte way below.
        let start = offset
        var end = offset
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                offset = end + 1
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        var buffer: [UInt8] = Array(bytes[start..<end])
        offset = end
        while true {
            guard offset < bytes.count else { throw fail("unexpected end of file inside a string, expected a closing '\"' (the file looks truncated)") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw fail("the string before this point is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw fail("a control character (byte \(byte)) inside a string, expected it escaped (e.g. \\n)")
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(LocatedJSONSyntaxError) {
        guard let byte = peek() else { throw fail("the file ends inside a string escape") }
        offset += 1
        if let simple = Self.simpleEscape(byte) {
            buffer.append(simple)
            return
        }
        switch byte {
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw fail("a lone UTF-16 high surrogate, expected a \\u low surrogate after it")
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("invalid UTF-16 low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape (a lone surrogate)") }
            buffer.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            offset -= 1
            throw fail("unknown escape \\\(describeCurrent()), expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func parseHex4() throws(LocatedJSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else {
                throw fail("unexpected \(describeCurrent()), expected 4 hex digits after \\u")
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    /// The byte a one-letter JSON escape stands for (`n` → newline, `"` → quote); nil for `u` and
    /// anything that is no escape. The one table of them (`JSONByteReader` reads with it too).
    public static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The value of a hex digit, or nil.
    public static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(LocatedJSONSyntaxError) -> String {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek(), isDigit(first) else { throw fail("unexpected \(describeCurrent()), expected a digit") }
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = peek(), isDigit(next) { throw fail("a number with a leading zero, expected no leading zeros") }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard let next = peek(), isDigit(next) else { throw fail("unexpected \(describeCurrent()), expected a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard let next = peek(), isDigit(next) else { throw fail("unexpected \(describeCurrent()), expected an exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    // MARK: Helpers

    /// " (the file looks truncated)" when the error is at the end of the data.
    private var truncated: String { offset >= bytes.count ? " (the file looks truncated)" : "" }

    /// Moves to `target`, counting lines on the way (for errors found before parsing).
    private mutating func advance(to target: Int) {
        while offset < target {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1; lineStart = offset + 1 }
            offset += 1
        }
    }

    /// The offset of the first byte that breaks UTF-8, or nil when `bytes` is valid UTF-8.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length: Int
            switch lead {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return i
            }
            guard i + length <= bytes.count else { return i }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            // Overlong three- and four-byte forms, surrogates and values past U+10FFFF.
            let second = bytes[i + 1]
            if lead == 0xE0 && second < 0xA0 { return i }
            if lead == 0xED && second > 0x9F { return i }
            if lead == 0xF0 && second < 0x90 { return i }
            if lead == 0xF4 && second > 0x8F { return i }
            i += length
        }
        return nil
    }

    private mutating func enter() throws(LocatedJSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw fail("nesting deeper than \(Self.maximumDepth) levels, expected at most \(Self.maximumDepth)")
        }
    }

    private mutating func expectWord(_ word: String) throws(LocatedJSONSyntaxError) {
        for expected in word.utf8 {
            guard peek() == expected else {
                throw fail("unexpected \(describeCurrent()), expected '\(word)'")
            }
            offset += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { offset += 1 }
    }

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            default:
                return
            }
        }
    }

    /// Line and column of `offset`, counted on from the last location asked for on this line.
    private mutating func nextLocation() -> LineColumn {
        var index = columnMark.offset >= lineStart && columnMark.offset <= offset ? columnMark.offset : lineStart
        var column = index == lineStart ? 1 : columnMark.column
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnMark = (offset, column)
        return LineColumn(line: line, column: column)
    }

    /// Line and column of `offset`; the column counts UTF-8 lead bytes, i.e. Unicode scalars.
    private func currentLocation() -> LineColumn {
        let end = min(offset, bytes.count)
        var column = 1
        var index = lineStart
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return LineColumn(line: line, column: column)
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 {
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - offset < 4 { end += 1 }
            if let text = String(validating: bytes[offset..<end], as: UTF8.self) { return "'\(text)'" }
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func fail(_ message: String) -> LocatedJSONSyntaxError {
        LocatedJSONSyntaxError(location: currentLocation(), message: message)
    }
}
