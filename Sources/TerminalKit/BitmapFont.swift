/// The bitmap font the GIF and PNG writers draw cells with: GNU Unifont's glyphs (8×16 pixels, 16×16
/// for a wide character), embedded for the scalars the screens use (`embed-resources`).
public struct BitmapFont: Sendable {
    /// One column's size in pixels.
    public static let cellWidth = 8
    public static let cellHeight = 16

    /// One glyph: its width in pixels (8 or 16) and its 16 rows, the leftmost pixel the highest bit.
    public struct Glyph: Hashable, Sendable {
        public var width: Int
        public var rows: [UInt16]

        /// Whether pixel (x, y) of the glyph is drawn.
        public func isSet(x: Int, y: Int) -> Bool {
            guard x >= 0, x < width, y >= 0, y < rows.count else { return false }
            return rows[y] & (1 << UInt16(width - 1 - x)) != 0
        }
    }

    /// The embedded font.
    public static let unifont = BitmapFont(hex: EmbeddedUnifont.hex)

    private let glyphs: [UInt32: Glyph]
    /// Drawn for a scalar the font lacks: U+FFFD, or a box.
    public let replacement: Glyph

    /// The glyphs of a Unifont `.hex` text (`CODEPOINT:HEX` lines); a bad line is skipped. Read
    /// by bytes: split by characters, the embedded font's 1,307 lines cost about 80 M instructions,
    /// once in every process that draws a GIF or PNG.
    public init(hex: String) {
        var glyphs: [UInt32: Glyph] = [:]
        var text = hex
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if let (scalar, glyph) = Self.line(UnsafeBufferPointer(rebasing: bytes[start..<end])) { glyphs[scalar] = glyph }
                start = end + 1
            }
        }
        self.glyphs = glyphs
        replacement = glyphs[0xFFFD] ?? Glyph(width: 8, rows: [0] + Array(repeating: 0x42, count: 14) + [0])
    }

    /// One `CODEPOINT:HEX` line's scalar and glyph; nil for any other line.
    static func line(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt32, Glyph)? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon <= 8 else { return nil }
        var scalar: UInt32 = 0
        for byte in bytes[..<colon] {
            guard let digit = hexDigit(byte) else { return nil }
            scalar = scalar << 4 | UInt32(digit)
        }
        guard let glyph = glyph(UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])) else { return nil }
        return (scalar, glyph)
    }

    /// A glyph from its hexadecimal bitmap: 32 digits for 8×16, 64 for 16×16.
    static func glyph(_ digits: UnsafeBufferPointer<UInt8>) -> Glyph? {
        let width: Int
        switch digits.count {
        case 32: width = 8
        case 64: width = 16
        default: return nil
        }
        let perRow = width / 4
        var rows: [UInt16] = []
        rows.reserveCapacity(16)
        for row in 0..<16 {
            var value: UInt16 = 0
            for at in (row * perRow)..<((row + 1) * perRow) {
                guard let digit = hexDigit(digits[at]) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            rows.append(value)
        }
        return Glyph(width: width, rows: rows)
    }

    /// The value of a hexadecimal digit (either case).
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The glyph of a scalar, nil when the font has none.
    public func glyph(for scalar: Unicode.Scalar) -> Glyph? { glyphs[scalar.value] }

    /// The glyph of a scalar value, or the replacement.
    func glyph(value: UInt32) -> Glyph { glyphs[value] ?? replacement }

    /// The glyph a cell's text is drawn with: its first scalar's, or the replacement.
    public func glyph(forCell text: String) -> Glyph {
        guard let first = text.unicodeScalars.first else { return replacement }
        return glyphs[first.value] ?? replacement
    }
}
