import CZlib
import TerminalKit

/// Deflate (RFC 1951) in one block of the fixed Huffman codes, with LZ77 matches found greedily
/// through a hash chain, wrapped as a zlib stream (RFC 1950): the same bytes for the same input on
/// every machine. zlib's own compressor does not promise that across its versions (its FAQ: the
/// compressed data may differ between releases), and a PNG must come out byte for byte the same
/// everywhere. zlib still computes the stream's Adler-32 (a checksum every version agrees on).
public enum FixedDeflate {
    /// `input` as a zlib stream.
    public static func zlibStream(_ input: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.bits.bytes = [0x78, 0x9C] // deflate, 32 KiB window; (0x789C % 31 == 0)
        bits.bits.bytes.reserveCapacity(input.count / 4 + 64)
        bits.write(1, count: 1) // the final block
        bits.write(1, count: 2) // of the fixed codes
        input.withUnsafeBufferPointer { bytes in compress(bytes, into: &bits) }
        bits.writeLiteralOrLength(256) // end of block
        var stream = bits.bits.finish()
        let adler = input.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, uInt($0.count))) }
        stream += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
        return stream
    }

    static let window = 32_768
    static let minimumMatch = 3
    static let maximumMatch = 258
    /// Links followed in the chain before the longest match so far is taken.
    static let chainLimit = 64
    static let hashBits = 15

    private static func compress(_ input: UnsafeBufferPointer<UInt8>, into bits: inout BitWriter) {
        let count = input.count
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: window)
        func hash(_ at: Int) -> Int {
            (Int(input[at]) << 10 ^ Int(input[at + 1]) << 5 ^ Int(input[at + 2])) & ((1 << hashBits) - 1)
        }
        func insert(_ at: Int) {
            guard at + minimumMatch <= count else { return }
            let h = hash(at)
            previous[at % window] = head[h]
            head[h] = Int32(at)
        }
        var at = 0
        while at < count {
            var bestLength = 0, bestDistance = 0
            if at + minimumMatch <= count {
                var candidate = Int(head[hash(at)])
                var links = chainLimit
                let longest = min(maximumMatch, count - at)
                while candidate >= 0, at - candidate <= window, links > 0 {
                    var length = 0
                    while length < longest, input[candidate + length] == input[at + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = at - candidate
                        if length == longest { break }
                    }
                    let next = Int(previous[candidate % window])
                    if next >= candidate { break } // a slot the window has reused
                    candidate = next
                    links -= 1
                }
            }
            if bestLength >= minimumMatch {
                bits.writeMatch(length: bestLength, distance: bestDistance)
                for position in at..<(at + bestLength) { insert(position) }
                at += bestLength
            } else {
                bits.writeLiteralOrLength(Int(input[at]))
                insert(at)
                at += 1
            }
        }
    }

    /// Deflate's symbols on the shared bit writer: Huffman codes go most significant bit first,
    /// everything else least significant first (RFC 1951 3.1.1).
    struct BitWriter {
        var bits = LSBFirstBitWriter()

        mutating func write(_ value: Int, count: Int) { bits.write(value, bits: count) }

        /// A Huffman code of `length` bits, its most significant bit first.
        mutating func writeCode(_ code: Int, length: Int) {
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            write(reversed, count: length)
        }

        /// The fixed code of a literal byte, the end of block (256) or a length code (257…285).
        mutating func writeLiteralOrLength(_ symbol: Int) {
            switch symbol {
            case 0...143: writeCode(0x30 + symbol, length: 8)
            case 144...255: writeCode(0x190 + symbol - 144, length: 9)
            case 256...279: writeCode(symbol - 256, length: 7)
            default: writeCode(0xC0 + symbol - 280, length: 8)
            }
        }

        mutating func writeMatch(length: Int, distance: Int) {
            let lengthIndex = (FixedDeflate.lengthBases.lastIndex { $0 <= length }) ?? 0
            writeLiteralOrLength(257 + lengthIndex)
            write(length - FixedDeflate.lengthBases[lengthIndex], count: FixedDeflate.lengthExtraBits[lengthIndex])
            let distanceIndex = (FixedDeflate.distanceBases.lastIndex { $0 <= distance }) ?? 0
            writeCode(distanceIndex, length: 5)
            write(distance - FixedDeflate.distanceBases[distanceIndex], count: FixedDeflate.distanceExtraBits[distanceIndex])
        }
    }

    // RFC 1951 3.2.5: the lengths and distances each code starts at, and its extra bits.
    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
}
