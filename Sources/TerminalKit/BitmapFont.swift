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

    /// The glyphs of a Unifont `.hex` text (`CODEPOINT:HEX` lines); a bad line is skipped.
    public init(hex: String) {
        var glyphs: [UInt32: Glyph] = [:]
        for line in hex.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2, let scalar = UInt32(parts[0], radix: 16), let glyph = Self.glyph(parts[1]) else { continue }
            glyphs[scalar] = glyph
        }
        self.glyphs = glyphs
        replacement = glyphs[0xFFFD] ?? Glyph(width: 8, rows: [0] + Array(repeating: 0x42, count: 14) + [0])
    }

    /// A glyph from its hexadecimal bitmap: 32 digits for 8×16, 64 for 16×16.
    static func glyph(_ digits: Substring) -> Glyph? {
        let width: Int
        switch digits.count {
        case 32: width = 8
        case 64: width = 16
        default: return nil
        }
        let perRow = width / 4
        var rows: [UInt16] = []
        rows.reserveCapacity(16)
        var index = digits.startIndex
        for _ in 0..<16 {
            let end = digits.index(index, offsetBy: perRow)
            guard let row = UInt16(digits[index..<end], radix: 16) else { return nil }
            rows.append(row)
            index = end
        }
        return Glyph(width: width, rows: rows)
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
