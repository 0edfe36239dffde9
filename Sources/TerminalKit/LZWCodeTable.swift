/// `LZWEncoder`'s code table, kept from one image to the next and all zero between them: the
/// strings as a tree (the code of string + pixel at `code << alphabetBits | pixel`, 0 for none), where
/// each code was put (so a clear zeroes only those slots), and per code the sixteen pixels last
/// walked from it without a miss (two words) with the code they lead to (0 for none).
struct LZWCodeTable: Sendable {
    /// GIF's largest code table: codes are at most 12 bits.
    static let codes = 4096

    private var children: [UInt16]
    private var slots: [UInt32]
    private var hopPixels: [UInt64]
    private var hopCodes: [UInt16]

    init(alphabetBits: Int) {
        children = [UInt16](repeating: 0, count: Self.codes << alphabetBits)
        slots = [UInt32](repeating: 0, count: Self.codes)
        hopPixels = [UInt64](repeating: 0, count: Self.codes * 2)
        hopCodes = [UInt16](repeating: 0, count: Self.codes)
    }

    /// Runs `body` with the four tables' storage (children, slots, hop pixels, hop codes).
    mutating func withBuffers<Result>(_ body: (UnsafeMutableBufferPointer<UInt16>, UnsafeMutableBufferPointer<UInt32>,
                                                UnsafeMutableBufferPointer<UInt64>, UnsafeMutableBufferPointer<UInt16>) -> Result) -> Result {
        children.withUnsafeMutableBufferPointer { children in
            slots.withUnsafeMutableBufferPointer { slots in
                hopPixels.withUnsafeMutableBufferPointer { hopPixels in
                    hopCodes.withUnsafeMutableBufferPointer { hopCodes in
                        body(children, slots, hopPixels, hopCodes)
                    }
                }
            }
        }
    }

    /// Forgets the codes after `endCode` through `lastCode` and every remembered walk: the table is
    /// as new.
    static func clear(children: UnsafeMutableBufferPointer<UInt16>, slots: UnsafeMutableBufferPointer<UInt32>,
                      hopCodes: UnsafeMutableBufferPointer<UInt16>, through lastCode: Int, endCode: Int) {
        if lastCode > endCode {
            for code in (endCode + 1)...lastCode { children[Int(slots[code])] = 0 }
        }
        hopCodes.update(repeating: 0)
    }
}
