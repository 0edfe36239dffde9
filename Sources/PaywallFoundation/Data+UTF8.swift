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
}
