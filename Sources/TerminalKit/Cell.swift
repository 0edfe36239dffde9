/// One terminal column: a grapheme (1 or 2 columns wide), the right half of a wide one, or blank.
///
/// A cell is plain data (no references): its grapheme's UTF-8 bytes are held inline, so a grid of
/// cells is copied, compared and diffed as memory, without reference counting.
public struct Cell: Hashable, Sendable {
    private var glyph: InlineGlyph
    private var columns: UInt8
    public var style: TextStyle
    /// Fills the cell to its stride, so two cells with equal fields have equal bytes (see `bytesCompare`).
    private var padding: UInt16 = 0

    public init(text: String, width: Int, style: TextStyle) {
        glyph = InlineGlyph(text)
        columns = UInt8(clamping: width)
        self.style = style
    }

    /// A one-column printable ASCII character, without going through `String`.
    @inline(__always)
    init(asciiByte: UInt8, style: TextStyle) {
        glyph = InlineGlyph(asciiByte: asciiByte)
        columns = 1
        self.style = style
    }

    /// A one-scalar grapheme's cell, without going through `String`.
    @inline(__always)
    init(scalar: Unicode.Scalar, width: Int, style: TextStyle) {
        glyph = InlineGlyph(scalar: scalar)
        columns = UInt8(clamping: width)
        self.style = style
    }

    /// The cell `grapheme` is drawn as (`DisplayWidth.terminalForm`); nil when nothing is drawn.
    static func terminalCell(_ grapheme: Character, style: TextStyle) -> Cell? {
        var scalars = grapheme.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil { return terminalCell(first, style: style) }
        guard let (form, w) = DisplayWidth.terminalForm(grapheme) else { return nil }
        return Cell(text: form, width: w, style: style)
    }

    /// `terminalCell` of a grapheme of one scalar, the common case: the same answer as
    /// `terminalForm`, without building a String.
    @inline(__always)
    static func terminalCell(_ scalar: Unicode.Scalar, style: TextStyle) -> Cell? {
        if scalar.value == 0xA0 { return Cell(asciiByte: 0x20, style: style) }
        if DisplayWidth.isControl(scalar) || scalar.value == 0x200D { return nil }
        let w = DisplayWidth.of(scalar)
        return w == 0 ? nil : Cell(scalar: scalar, width: w, style: style)
    }

    /// The grapheme drawn here, already in terminal-safe form; empty for a continuation cell.
    public var text: String {
        get { glyph.string }
        set { glyph = InlineGlyph(newValue) }
    }

    /// Columns the grapheme takes: 1 or 2, and 0 for the continuation cell right of a wide one.
    public var width: Int {
        get { Int(columns) }
        set { columns = UInt8(clamping: newValue) }
    }

    /// The right half of a wide character; drivers skip it.
    public var isContinuation: Bool { columns == 0 }

    /// Whether cells can be compared as memory: no padding bytes whose content is undefined
    /// (every stored field is plain data with one representation per value).
    static let bytesCompare = MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride

    /// Appends the grapheme's UTF-8 bytes to `bytes` (no `String` made).
    @inline(__always)
    func appendText(to bytes: inout [UInt8]) { glyph.appendBytes(to: &bytes) }

    /// The value of the grapheme's first scalar (0 for a continuation cell), without making a `String`.
    var firstScalarValue: UInt32 { glyph.firstScalarValue }

    /// True when the cell shows a plain space (blank, in whatever style).
    public var isSpace: Bool { glyph == InlineGlyph(asciiByte: 0x20) }

    /// A space in the given style.
    public static func blank(_ style: TextStyle = .plain) -> Cell { Cell(asciiByte: 0x20, style: style) }

    /// The right half of a wide character in the given style.
    public static func continuation(_ style: TextStyle) -> Cell { Cell(text: "", width: 0, style: style) }
}

/// Up to 23 bytes of UTF-8 held in three words, the last byte being the length.
///
/// A cell's terminal form is at most five scalars (a base and four zero-width marks), at most
/// 20 bytes; longer text is cut at a scalar boundary (it cannot occur in a cell).
struct InlineGlyph: Hashable, Sendable {
    private var low: UInt64 = 0
    private var middle: UInt64 = 0
    private var high: UInt64 = 0

    private static let capacity = 23

    init(asciiByte: UInt8) {
        low = UInt64(asciiByte)
        high = UInt64(1) << 56
    }

    init(scalar: Unicode.Scalar) {
        var count = 0
        for byte in UTF8.encode(scalar)! { set(byte, at: count); count += 1 }
        high |= UInt64(count) << 56
    }

    init(_ text: String) {
        var count = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            guard count + size <= Self.capacity else { break }
            for byte in UTF8.encode(scalar)! { set(byte, at: count); count += 1 }
        }
        high |= UInt64(count) << 56
    }

    private var count: Int { Int(high >> 56) }

    private mutating func set(_ byte: UInt8, at index: Int) {
        let shift = UInt64((index % 8) * 8)
        switch index / 8 {
        case 0: low |= UInt64(byte) << shift
        case 1: middle |= UInt64(byte) << shift
        default: high |= UInt64(byte) << shift
        }
    }

    private func byte(at index: Int) -> UInt8 {
        let shift = UInt64((index % 8) * 8)
        switch index / 8 {
        case 0: return UInt8(truncatingIfNeeded: low >> shift)
        case 1: return UInt8(truncatingIfNeeded: middle >> shift)
        default: return UInt8(truncatingIfNeeded: high >> shift)
        }
    }

    /// The first scalar's value, decoded from its UTF-8 bytes; 0 when there are none.
    var firstScalarValue: UInt32 {
        guard count > 0 else { return 0 }
        let lead = UInt32(byte(at: 0))
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard length <= count else { return 0xFFFD }
        var value = length == 1 ? lead : lead & (0xFF >> UInt32(length + 1))
        for index in 1..<length { value = value << 6 | (UInt32(byte(at: index)) & 0x3F) }
        return value
    }

    func appendBytes(to bytes: inout [UInt8]) {
        for index in 0..<count { bytes.append(byte(at: index)) }
    }

    var string: String {
        let n = count
        if n == 1 { return String(UnicodeScalar(UInt8(truncatingIfNeeded: low))) }
        return String(unsafeUninitializedCapacity: n) { buffer in
            for index in 0..<n { buffer[index] = byte(at: index) }
            return n
        }
    }
}
