import Foundation

extension Data {
    /// The UTF-8 bytes of `text`. `Data(text.utf8)` asks the runtime whether `String.UTF8View` is
    /// `ContiguousBytes` (a scan of every conformance record, a tenth of a millisecond, the first
    /// time for each view type); copying from the string's own buffer asks nothing.
    public init(utf8 text: String) {
        var text = text
        self = text.withUTF8 { Data(buffer: $0) }
    }

    /// The UTF-8 bytes of `text`, as `init(utf8:)` copies a string's.
    public init(utf8 text: Substring) {
        var text = text
        self = text.withUTF8 { Data(buffer: $0) }
    }

    /// A copy with the bytes at `offsets` (counted from the first byte) replaced by `text`'s UTF-8:
    /// a state's JSON with its bulk cut out, for the decoder to read the rest.
    public func replacingBytes(in offsets: Range<Int>, with text: String) -> Data {
        let lower = index(startIndex, offsetBy: offsets.lowerBound), upper = index(startIndex, offsetBy: offsets.upperBound)
        var out = Data(capacity: count - offsets.count + text.utf8.count)
        out.append(self[startIndex..<lower])
        out.append(Data(utf8: text))
        out.append(self[upper..<endIndex])
        return out
    }
}
