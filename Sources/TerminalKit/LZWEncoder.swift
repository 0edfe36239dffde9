/// GIF's variable-length LZW compression (GIF89a, appendix F): codes from `minimumCodeSize + 1` bits
/// up to 12, least significant bit first, a clear code when the table is full. Pure and deterministic.
public struct LZWEncoder: Sendable {
    /// Bits per pixel value as the GIF stream declares it (2…8).
    public let minimumCodeSize: Int

    public init(minimumCodeSize: Int) {
        self.minimumCodeSize = min(8, max(2, minimumCodeSize))
    }

    /// The compressed bytes of `pixels` (each below `1 << minimumCodeSize`), clear code first, end code last.
    public func encode(_ pixels: [UInt8]) -> [UInt8] {
        let alphabet = 1 << minimumCodeSize
        let clearCode = alphabet, endCode = alphabet + 1
        var writer = LSBFirstBitWriter()
        writer.bytes.reserveCapacity(pixels.count / 4 + 16)
        var codeSize = minimumCodeSize + 1
        writer.write(clearCode, bits: codeSize)
        guard var current = pixels.first.map({ Int($0) & (alphabet - 1) }) else {
            writer.write(endCode, bits: codeSize)
            return writer.finish()
        }
        // The code table as a tree: child of (code, pixel) at code << minimumCodeSize | pixel, 0 for none.
        var children = [UInt16](repeating: 0, count: 4096 << minimumCodeSize)
        var lastCode = endCode
        let shift = minimumCodeSize, mask = alphabet - 1
        children.withUnsafeMutableBufferPointer { table in
            pixels.withUnsafeBufferPointer { input in
                for position in 1..<input.count {
                    let value = Int(input[position]) & mask
                    let slot = current << shift | value
                    let child = Int(table[slot])
                    if child != 0 {
                        current = child
                        continue
                    }
                    writer.write(current, bits: codeSize)
                    lastCode += 1
                    table[slot] = UInt16(lastCode)
                    if lastCode >= 1 << codeSize { codeSize += 1 }
                    if lastCode == 4095 {
                        writer.write(clearCode, bits: codeSize)
                        table.update(repeating: 0)
                        codeSize = minimumCodeSize + 1
                        lastCode = endCode
                    }
                    current = value
                }
            }
        }
        writer.write(current, bits: codeSize)
        writer.write(clearCode, bits: codeSize)
        writer.write(endCode, bits: minimumCodeSize + 1)
        return writer.finish()
    }

}
