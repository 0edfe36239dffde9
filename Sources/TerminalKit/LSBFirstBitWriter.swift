/// Packs values into bytes least significant bit first, as GIF's LZW codes and deflate's
/// (RFC 1951 3.1.1) are: one writer for both image formats.
public struct LSBFirstBitWriter: Sendable {
    public var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    public init() {}

    /// Appends the low `bits` bits of `value` (at most 24).
    public mutating func write(_ value: Int, bits: Int) {
        buffer |= UInt32(value) << UInt32(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    /// The bytes, the last one padded with zero bits.
    public mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        count = 0
        return bytes
    }
}
