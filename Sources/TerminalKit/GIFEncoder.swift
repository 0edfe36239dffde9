/// Writes an animated GIF89a: one global palette, frames that each paint a rectangle over the last
/// (disposal "do not dispose"), delays in GIF's hundredths of a second, looping forever
/// (the NETSCAPE2.0 extension). Pure: the same frames give the same bytes.
public struct GIFEncoder: Sendable {
    /// One frame: a rectangle of palette indices, where it goes, and how long it shows.
    public struct Frame: Sendable {
        public var left: Int
        public var top: Int
        public var width: Int
        public var height: Int
        public var pixels: [UInt8]
        /// Hundredths of a second (1…65535).
        public var delay: Int

        public init(left: Int, top: Int, width: Int, height: Int, pixels: [UInt8], delay: Int) {
            self.left = left
            self.top = top
            self.width = width
            self.height = height
            self.pixels = pixels
            self.delay = delay
        }
    }

    public let width: Int
    public let height: Int
    /// `0xRRGGBB` colours, at most 256.
    public let palette: [UInt32]

    public init(width: Int, height: Int, palette: [UInt32]) {
        self.width = width
        self.height = height
        self.palette = Array(palette.prefix(256))
    }

    /// The GIF file of `frames`.
    public func encode(_ frames: [Frame]) -> [UInt8] {
        var bits = 1
        while 1 << bits < max(2, palette.count) { bits += 1 }
        var out: [UInt8] = Array("GIF89a".utf8)
        append16(&out, width)
        append16(&out, height)
        out += [0x80 | UInt8((bits - 1) << 4) | UInt8(bits - 1), 0, 0]
        for index in 0..<(1 << bits) {
            let color = index < palette.count ? palette[index] : 0
            out += [UInt8((color >> 16) & 0xFF), UInt8((color >> 8) & 0xFF), UInt8(color & 0xFF)]
        }
        out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        var lzw = LZWEncoder(minimumCodeSize: max(2, bits))
        for frame in frames {
            out += [0x21, 0xF9, 0x04, 0x04]
            append16(&out, min(65535, max(1, frame.delay)))
            out += [0x00, 0x00, 0x2C]
            append16(&out, frame.left)
            append16(&out, frame.top)
            append16(&out, frame.width)
            append16(&out, frame.height)
            out += [0x00, UInt8(lzw.minimumCodeSize)]
            let data = lzw.encode(frame.pixels)
            var start = 0
            while start < data.count {
                let end = min(start + 255, data.count)
                out.append(UInt8(end - start))
                out += data[start..<end]
                start = end
            }
            out.append(0x00)
        }
        out.append(0x3B)
        return out
    }

    private func append16(_ out: inout [UInt8], _ value: Int) {
        out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
    }
}
