import Testing
@testable import TerminalKit

/// GIF's LZW as `LZWEncoder` writes it: what a plain decoder (GIF89a appendix F, written here)
/// reads back is the pixels, and the bytes are those of the plain one-pixel-a-step encoder (a
/// dictionary of strings, below), whatever the encoder encoded before: its eight-pixel steps and
/// the table it keeps between images change no byte.
@Suite struct LZWEncoderTests {
    /// Pixels from a seeded generator: `alphabet` values, in runs of up to `run`.
    static func pixels(count: Int, alphabet: Int, run: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let value = UInt8(next() % alphabet), length = 1 + next() % run
            out += repeatElement(value, count: min(length, count - out.count))
        }
        return out
    }

    /// A screen-like image: rows of eight-pixel glyph blocks on a background, mostly blank, with
    /// the same few glyphs again and again.
    static func screen(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        let glyphs = (0..<6).map { pixels(count: 8 * 16, alphabet: 3, run: 3, seed: seed &+ UInt64($0)) }
        var image = [UInt8](repeating: 0, count: width * height * 16 * 8)
        var state = seed
        for row in 0..<height {
            for column in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pick = Int(state >> 33) % 10
                guard pick < glyphs.count else { continue }
                for y in 0..<16 {
                    for x in 0..<8 { image[(row * 16 + y) * width * 8 + column * 8 + x] = glyphs[pick][y * 8 + x] + 1 }
                }
            }
        }
        return image
    }

    static let cases: [(name: String, bits: Int, pixels: [UInt8])] = [
        ("empty", 2, []),
        ("one pixel", 2, [3]),
        ("seven pixels", 4, [1, 1, 1, 1, 1, 1, 1]),
        ("one long run", 8, [UInt8](repeating: 200, count: 100_000)),
        ("noise, 4 values", 2, pixels(count: 50_000, alphabet: 4, run: 1, seed: 1)),
        ("runs, 16 values", 4, pixels(count: 120_000, alphabet: 16, run: 40, seed: 2)),
        ("runs, 256 values", 8, pixels(count: 120_000, alphabet: 256, run: 12, seed: 3)),
        ("a screen", 3, screen(width: 40, height: 12, seed: 4)),
        ("a screen, 8-bit codes", 8, screen(width: 80, height: 24, seed: 5)),
        ("values above the alphabet", 2, pixels(count: 20_000, alphabet: 256, run: 30, seed: 6)),
    ]

    @Test func theBytesDecodeToThePixelsAndAreThePlainEncodersBytes() throws {
        var clears: [String: Int] = [:]
        for (name, bits, pixels) in Self.cases {
            var encoder = LZWEncoder(minimumCodeSize: bits)
            let bytes = encoder.encode(pixels)
            let masked = pixels.map { $0 & UInt8((1 << bits) - 1) }
            let decoded = try Self.decode(bytes, minimumCodeSize: bits)
            #expect(decoded.pixels == masked, "\(name): decodes to its pixels")
            #expect(bytes == Self.plainEncode(pixels, minimumCodeSize: bits), "\(name): the plain encoder's bytes")
            clears[name] = decoded.clears
        }
        // The first clear code and the one before the end code, and between them the table filled
        // and cleared again.
        #expect(clears["one pixel"] == 2)
        #expect((clears["noise, 4 values"] ?? 0) > 2 && (clears["a screen, 8-bit codes"] ?? 0) > 2, "\(clears)")
    }

    /// One encoder for a GIF's images: each image's bytes are those a new encoder writes.
    @Test func anEncoderKeptBetweenImagesWritesTheSameBytesAsANewOne() {
        var kept = LZWEncoder(minimumCodeSize: 8)
        for (name, _, pixels) in Self.cases + Self.cases.reversed() {
            var new = LZWEncoder(minimumCodeSize: 8)
            #expect(kept.encode(pixels) == new.encode(pixels), "\(name)")
        }
    }

    @Test func theCodeSizeIsTwoToEightBits() {
        #expect(LZWEncoder(minimumCodeSize: 1).minimumCodeSize == 2)
        #expect(LZWEncoder(minimumCodeSize: 9).minimumCodeSize == 8)
        // Clear (4) in 3 bits, then 1 in 3 bits, clear again and end (5): 100 001 100 101.
        var encoder = LZWEncoder(minimumCodeSize: 2)
        #expect(encoder.encode([1]) == [0b0000_1100, 0b0000_1011])
    }

    /// The encoder as first written: a walk of one pixel a step through a dictionary of strings,
    /// a code written at each miss, the table cleared when code 4095 is given; the image ends with
    /// the last string's code, a clear code and the end code.
    static func plainEncode(_ pixels: [UInt8], minimumCodeSize bits: Int) -> [UInt8] {
        let clearCode = 1 << bits, endCode = clearCode + 1, mask = clearCode - 1
        var writer = LSBFirstBitWriter()
        var codeSize = bits + 1
        writer.write(clearCode, bits: codeSize)
        guard var current = pixels.first.map({ Int($0) & mask }) else {
            writer.write(endCode, bits: codeSize)
            return writer.finish()
        }
        var strings: [Int: Int] = [:]
        var lastCode = endCode
        for pixel in pixels.dropFirst() {
            let value = Int(pixel) & mask
            if let code = strings[current << 8 | value] {
                current = code
                continue
            }
            writer.write(current, bits: codeSize)
            lastCode += 1
            strings[current << 8 | value] = lastCode
            if lastCode >= 1 << codeSize { codeSize += 1 }
            if lastCode == 4095 {
                writer.write(clearCode, bits: codeSize)
                strings = [:]
                codeSize = bits + 1
                lastCode = endCode
            }
            current = value
        }
        writer.write(current, bits: codeSize)
        writer.write(clearCode, bits: codeSize)
        writer.write(endCode, bits: bits + 1)
        return writer.finish()
    }

    struct Undecodable: Error { var reason: String }

    /// A GIF LZW decoder as a viewer has one: codes least significant bit first, a new string
    /// for each code after the first, the code size growing when the next code needs a bit more.
    /// The pixels, and how many clear codes the stream has.
    static func decode(_ bytes: [UInt8], minimumCodeSize bits: Int) throws -> (pixels: [UInt8], clears: Int) {
        let clearCode = 1 << bits, endCode = clearCode + 1
        var position = 0
        func read(_ size: Int) throws -> Int {
            var value = 0
            for bit in 0..<size {
                guard position / 8 < bytes.count else { throw Undecodable(reason: "no end code") }
                value |= Int(bytes[position / 8] >> UInt8(position % 8) & 1) << bit
                position += 1
            }
            return value
        }
        let roots = (0..<(clearCode + 2)).map { [UInt8(truncatingIfNeeded: $0)] }
        var strings = roots
        var codeSize = bits + 1
        var previous: [UInt8]?
        var out: [UInt8] = []
        var clears = 0
        while true {
            let code = try read(codeSize)
            if code == clearCode {
                clears += 1
                strings = roots
                codeSize = bits + 1
                previous = nil
                continue
            }
            if code == endCode { return (out, clears) }
            let string: [UInt8]
            if code < strings.count, code != clearCode {
                string = strings[code]
            } else if code == strings.count, let previous {
                string = previous + [previous[0]]
            } else {
                throw Undecodable(reason: "code \(code) with \(strings.count) strings")
            }
            out += string
            if let previous, strings.count < 4096 { strings.append(previous + [string[0]]) }
            previous = string
            if strings.count == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        }
    }
}
