import Foundation

/// A small JSON syntax checker that finds the byte offset of the first error, for `line:col` messages.
struct JSONSyntaxScanner {
    let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The offset of the first syntax error; `bytes.count` when the error is at the end (or there is none).
    func firstErrorOffset() -> Int {
        var scanner = self
        do {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            return scanner.index
        } catch {
            return min(scanner.index, bytes.count)
        }
    }

    private struct SyntaxError: Error {}

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard current == byte else { throw SyntaxError() }
        index += 1
    }

    private mutating func value(depth: Int) throws {
        guard depth < 512, let byte = current else { throw SyntaxError() }
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
            try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try value(depth: depth + 1)
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
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
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private mutating func string() throws {
        try expect(UInt8(ascii: "\""))
        while let byte = current {
            if byte == UInt8(ascii: "\"") { index += 1; return }
            if byte < 0x20 { throw SyntaxError() }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard let escaped = current else { throw SyntaxError() }
                if escaped == UInt8(ascii: "u") {
                    index += 1
                    for _ in 0..<4 {
                        guard let hex = current, (hex >= 0x30 && hex <= 0x39) || (hex | 0x20 >= 0x61 && hex | 0x20 <= 0x66)
                        else { throw SyntaxError() }
                        index += 1
                    }
                    continue
                }
                guard "\"\\/bfnrt".utf8.contains(escaped) else { throw SyntaxError() }
            }
            index += 1
        }
        throw SyntaxError()
    }

    private mutating func literal(_ word: String) throws {
        for byte in word.utf8 { try expect(byte) }
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
        guard let byte = current, byte >= 0x30, byte <= 0x39 else { throw SyntaxError() }
        while let byte = current, byte >= 0x30, byte <= 0x39 { index += 1 }
    }
}
