import Foundation

/// A small JSON syntax checker that finds the byte offset of the first error, for `line:col` messages.
struct JSONSyntaxScanner {
    let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The offset of the first syntax error and what was expected there; nil when the text is valid JSON.
    func firstError() -> (offset: Int, expected: String)? {
        var scanner = self
        do {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.index < bytes.count { return (scanner.index, "expected the end of the file after the JSON value") }
            return nil
        } catch let error as SyntaxError {
            let offset = min(scanner.index, bytes.count)
            let suffix = offset >= bytes.count ? " (the file ends here)" : ""
            return (offset, error.expected + suffix)
        } catch {
            return (min(scanner.index, bytes.count), "expected valid JSON")
        }
    }

    private struct SyntaxError: Error {
        var expected: String
        init(_ expected: String = "expected a value (object, array, string, number, true, false or null)") {
            self.expected = expected
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard current == byte else { throw SyntaxError("expected '\(Character(UnicodeScalar(byte)))'") }
        index += 1
    }

    private mutating func value(depth: Int) throws {
        guard depth < 512 else { throw SyntaxError("expected at most 512 levels of nesting") }
        guard let byte = current else { throw SyntaxError() }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw SyntaxError()
        }
    }

    private mutating func object(depth: Int) throws {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw SyntaxError("expected a \"quoted\" key") }
            try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try value(depth: depth + 1)
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "}") else { throw SyntaxError("expected ',' or '}'") }
            index += 1
            return
        }
    }

    private mutating func array(depth: Int) throws {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return }
        while true {
            skipWhitespace()
            try value(depth: depth + 1)
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "]") else { throw SyntaxError("expected ',' or ']'") }
            index += 1
            return
        }
    }

    private mutating func string() throws {
        try expect(UInt8(ascii: "\""))
        while let byte = current {
            if byte == UInt8(ascii: "\"") { index += 1; return }
            if byte < 0x20 { throw SyntaxError("expected a closing '\"' (control characters must be escaped)") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard let escaped = current else { throw SyntaxError("expected an escape character") }
                if escaped == UInt8(ascii: "u") {
                    index += 1
                    for _ in 0..<4 {
                        guard let hex = current, (hex >= 0x30 && hex <= 0x39) || (hex | 0x20 >= 0x61 && hex | 0x20 <= 0x66)
                        else { throw SyntaxError("expected 4 hex digits after \\u") }
                        index += 1
                    }
                    continue
                }
                guard "\"\\/bfnrt".utf8.contains(escaped) else { throw SyntaxError("expected a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)") }
            }
            index += 1
        }
        throw SyntaxError("expected a closing '\"'")
    }

    private mutating func literal(_ word: String) throws {
        for byte in word.utf8 {
            guard current == byte else { throw SyntaxError("expected \(word)") }
            index += 1
        }
    }

    private mutating func number() throws {
        if current == UInt8(ascii: "-") { index += 1 }
        try digits()
        if current == UInt8(ascii: ".") { index += 1; try digits() }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
    }

    private mutating func digits() throws {
        guard let byte = current, byte >= 0x30, byte <= 0x39 else { throw SyntaxError("expected a digit") }
        while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
    }
}
