import Foundation

/// A small strict JSON parser over UTF-8 bytes that reports byte offsets of errors and values.
///
/// Foundation's `JSONSerialization` loses key order, merges booleans into numbers and reports
/// positions only in prose; String Catalog errors need exact places, so the catalog reads its own.
struct JSONScanner {
    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth = 256

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses one JSON document; only whitespace may follow it.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var scanner = JSONScanner(bytes)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw JSONSyntaxError(offset: 0, message: "the file is UTF-16; expected UTF-8, as Xcode writes String Catalogs")
        }
        if let bad = firstInvalidUTF8(bytes) {
            throw JSONSyntaxError(offset: bad, message: "invalid UTF-8 byte; expected UTF-8 text")
        }
        // A UTF-8 byte order mark is harmless.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
        scanner.skipWhitespace()
        if scanner.index >= bytes.count {
            throw JSONSyntaxError(offset: scanner.index, message: "the file is empty; expected a JSON object")
        }
        let node = try scanner.parseValue(depth: 0)
        scanner.skipWhitespace()
        if scanner.index < bytes.count {
            throw JSONSyntaxError(offset: scanner.index,
                                  message: "unexpected \(scanner.describeCurrent()) after the end of the JSON document; expected the end of the file")
        }
        return node
    }

    /// The offset of the first byte that breaks UTF-8, or `nil` when the data is valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
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

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        if byte == 0x20 { return "space" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < maxDepth else {
            throw JSONSyntaxError(offset: index, message: "nesting deeper than \(maxDepth) levels; expected a String Catalog")
        }
        guard index < bytes.count else {
            throw JSONSyntaxError(offset: index, message: "unexpected end of file; expected a value (the file looks truncated)")
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(depth: depth), offset: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(depth: depth), offset: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), offset: start)
        default:
            throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()); expected '\(word)'")
            }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        var seen = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw JSONSyntaxError(offset: index, message: "unexpected end of file inside an object; expected a key in double quotes or '}' (the file looks truncated)")
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyOffset = index
            let key = try parseString()
            if seen.contains(key) {
                throw JSONSyntaxError(offset: keyOffset, message: "duplicate key \"\(key)\"; expected each key once per object")
            }
            seen.insert(key)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) after key \"\(key)\"; expected ':'")
            }
            index += 1
            skipWhitespace()
            let node = try parseValue(depth: depth + 1)
            members.append((key, node))
            skipWhitespace()
            guard index < bytes.count else {
                throw JSONSyntaxError(offset: index, message: "unexpected end of file inside an object; expected ',' or '}' (the file looks truncated)")
            }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) after the value of \"\(key)\"; expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else {
                throw JSONSyntaxError(offset: index, message: "unexpected end of file inside an array; expected ',' or ']' (the file looks truncated)")
            }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) in an array; expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ s: inout JSONScanner) -> Int {
            let from = s.index
            while s.index < s.bytes.count, s.bytes[s.index] >= 0x30, s.bytes[s.index] <= 0x39 { s.index += 1 }
            return s.index - from
        }
        guard digits(&self) > 0 else {
            throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) in a number; expected a digit")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else {
                throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) after a decimal point; expected a digit")
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else {
                throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) in an exponent; expected a digit")
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ s: JSONScanner, upTo end: Int, into out: inout String.UnicodeScalarView) {
            if end > runStart { out.append(contentsOf: String(decoding: s.bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard index < bytes.count else {
                throw JSONSyntaxError(offset: open, message: "string never closed; expected a closing '\"' (the file looks truncated)")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushRun(self, upTo: index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw JSONSyntaxError(offset: index, message: "raw control character in a string; expected it escaped (e.g. \\n)")
            }
            if byte == UInt8(ascii: "\\") {
                flushRun(self, upTo: index, into: &scalars)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else {
            throw JSONSyntaxError(offset: index, message: "unexpected end of file in an escape; expected an escape character")
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800...0xDBFF).contains(high) {
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        return Unicode.Scalar(value) ?? "\u{FFFD}"
                    }
                }
                return "\u{FFFD}"
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default:
            throw JSONSyntaxError(offset: index - 1, message: "invalid escape '\\\(Character(UnicodeScalar(byte)))'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexValue(bytes[index]) else {
                throw JSONSyntaxError(offset: index, message: "unexpected \(describeCurrent()) in a \\u escape; expected four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }
}
