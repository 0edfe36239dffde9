/// GIF's variable-length LZW compression (GIF89a, appendix F): codes from `minimumCodeSize + 1` bits
/// up to 12, least significant bit first, a clear code when the table is full. Deterministic: the
/// same pixels give the same bytes, whatever was encoded before.
///
/// The code table is kept between calls (one encoder a GIF) and only the slots a run used are
/// cleared. Beside it, each code remembers the sixteen pixels last walked from it without a miss
/// and the code they lead to (`LZWCodeTable`): a walk through a long string, as a screen's blank
/// rows and repeated glyphs make, goes sixteen pixels a step instead of one. The codes written are
/// those of the plain one-pixel-a-step walk.
public struct LZWEncoder: Sendable {
    /// Bits per pixel value as the GIF stream declares it (2…8).
    public let minimumCodeSize: Int
    private var table: LZWCodeTable

    public init(minimumCodeSize: Int) {
        self.minimumCodeSize = min(8, max(2, minimumCodeSize))
        table = LZWCodeTable(alphabetBits: self.minimumCodeSize)
    }

    /// The compressed bytes of `pixels` (each below `1 << minimumCodeSize`; higher bits are
    /// ignored), clear code first, end code last.
    public mutating func encode(_ pixels: [UInt8]) -> [UInt8] {
        let alphabet = 1 << minimumCodeSize
        let clearCode = alphabet, endCode = alphabet + 1
        var writer = LSBFirstBitWriter()
        writer.bytes.reserveCapacity(pixels.count / 16 + 16)
        var codeSize = minimumCodeSize + 1
        writer.write(clearCode, bits: codeSize)
        guard var current = pixels.first.map({ Int($0) & (alphabet - 1) }) else {
            writer.write(endCode, bits: codeSize)
            return writer.finish()
        }
        var lastCode = endCode
        let shift = minimumCodeSize, mask = alphabet - 1
        let count = pixels.count
        table.withBuffers { children, slots, hopPixels, hopCodes in
            pixels.withUnsafeBytes { input in
                var position = 1
                while position < count {
                    // Sixteen pixels a step while a remembered walk from the current code matches.
                    while position &+ 16 <= count {
                        let target = hopCodes[current]
                        let low = input.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                        let high = input.loadUnaligned(fromByteOffset: position &+ 8, as: UInt64.self)
                        guard target != 0, (hopPixels[current &* 2] ^ low) | (hopPixels[current &* 2 &+ 1] ^ high) == 0 else { break }
                        current = Int(target)
                        position &+= 16
                    }
                    // One pixel a step: to the next miss, or sixteen pixels without one (then remembered).
                    let start = current, startPosition = position
                    let stop = min(count, position &+ 16)
                    while position < stop {
                        let child = Int(children[current << shift | Int(input[position]) & mask])
                        if child == 0 { break }
                        current = child
                        position &+= 1
                    }
                    if position == stop {
                        if position &- startPosition == 16 {
                            hopPixels[start &* 2] = input.loadUnaligned(fromByteOffset: startPosition, as: UInt64.self)
                            hopPixels[start &* 2 &+ 1] = input.loadUnaligned(fromByteOffset: startPosition &+ 8, as: UInt64.self)
                            hopCodes[start] = UInt16(current)
                        }
                        continue
                    }
                    // A miss: the current string's code is written and the string one pixel longer
                    // gets the next code.
                    let value = Int(input[position]) & mask
                    writer.write(current, bits: codeSize)
                    lastCode += 1
                    let slot = current << shift | value
                    children[slot] = UInt16(lastCode)
                    slots[lastCode] = UInt32(slot)
                    if lastCode >= 1 << codeSize { codeSize += 1 }
                    if lastCode == 4095 {
                        writer.write(clearCode, bits: codeSize)
                        LZWCodeTable.clear(children: children, slots: slots, hopCodes: hopCodes, through: lastCode, endCode: endCode)
                        codeSize = minimumCodeSize + 1
                        lastCode = endCode
                    }
                    current = value
                    position &+= 1
                }
            }
            LZWCodeTable.clear(children: children, slots: slots, hopCodes: hopCodes, through: lastCode, endCode: endCode)
        }
        writer.write(current, bits: codeSize)
        writer.write(clearCode, bits: codeSize)
        writer.write(endCode, bits: minimumCodeSize + 1)
        return writer.finish()
    }
}
