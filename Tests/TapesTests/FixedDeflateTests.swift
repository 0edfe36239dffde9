import CZlib
import Testing
@testable import Tapes

/// `FixedDeflate` against the system zlib's inflater: every stream it writes inflates to its input.
@Suite("FixedDeflate: a zlib stream any zlib reads, the same bytes everywhere")
struct FixedDeflateTests {
    /// The bytes zlib's `uncompress` makes of `stream`, or nil when it refuses it.
    static func inflated(_ stream: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { target in
            stream.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        return status == Z_OK ? Array(out.prefix(Int(length))) : nil
    }

    @Test("empty, tiny, runs, every byte, long-distance repeats and noise inflate back to themselves")
    func roundTrips() {
        var generator = SplitMix(seed: 7)
        let noise = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let block = Array(noise.prefix(300))
        let cases: [[UInt8]] = [
            [], [0], [1, 2], Array(repeating: 9, count: 1), Array(repeating: 9, count: 3), Array(repeating: 9, count: 259),
            Array(repeating: 0, count: 100_000), (0...255).map { UInt8($0) }, Array((0..<5).flatMap { _ in (0...255).map { UInt8($0) } }),
            noise, block + Array(repeating: 1, count: 32_760) + block + Array(repeating: 2, count: 40_000) + block,
            (0..<50_000).map { UInt8(($0 / 7) % 5) },
        ]
        for input in cases {
            let stream = FixedDeflate.zlibStream(input)
            #expect(Self.inflated(stream, size: input.count) == input, "\(input.count) bytes")
        }
    }

    @Test("a terminal-like image compresses, and the same input gives the same bytes")
    func compressesAndRepeats() {
        // Rows of a 640-pixel screen: mostly background with runs of glyph pixels.
        let image = (0..<(641 * 96)).map { i -> UInt8 in i % 641 == 0 ? 0 : (i / 641 % 16 < 12 && i % 13 < 3 ? 5 : 1) }
        let stream = FixedDeflate.zlibStream(image)
        #expect(stream.count * 20 < image.count, "\(stream.count) bytes for \(image.count)")
        #expect(FixedDeflate.zlibStream(image) == stream)
        #expect(Self.inflated(stream, size: image.count) == image)
    }
}

/// A small seeded generator for the tests' noise.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
