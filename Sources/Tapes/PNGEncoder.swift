import CZlib
import Foundation

/// Writes a PNG of palette indices (colour type 3, 8 bits a pixel, no interlace, filter 0 on every
/// row), the image data compressed by `FixedDeflate`: the same pixels give the same bytes on every
/// machine, whatever its zlib (which computes the chunks' CRC-32).
public struct PNGEncoder: Sendable {
    public let width: Int
    public let height: Int
    /// `0xRRGGBB` colours, at most 256.
    public let palette: [UInt32]

    public init(width: Int, height: Int, palette: [UInt32]) {
        self.width = width
        self.height = height
        self.palette = Array(palette.prefix(256))
    }

    /// The PNG file of `pixels` (`width` × `height` palette indices, row by row).
    public func encode(_ pixels: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        Self.append32(&header, width)
        Self.append32(&header, height)
        header += [8, 3, 0, 0, 0]
        chunk(&out, "IHDR", header)
        chunk(&out, "PLTE", palette.flatMap { [UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF)] })
        var raw: [UInt8] = []
        raw.reserveCapacity((width + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw += pixels[(row * width)..<((row + 1) * width)]
        }
        chunk(&out, "IDAT", FixedDeflate.zlibStream(raw))
        chunk(&out, "IEND", [])
        return out
    }

    private func chunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        Self.append32(&out, data.count)
        let body = Array(type.utf8) + data
        out += body
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        Self.append32(&out, Int(crc))
    }

    private static func append32(_ out: inout [UInt8], _ value: Int) {
        out += [UInt8((value >> 24) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
