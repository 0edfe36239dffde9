import Foundation

/// Foundation's trimming of whitespace, skipped for the usual text whose first and last
/// characters are plain ASCII: such text has nothing to trim, and asking Foundation first bridged
/// it to `NSString` (a quarter of a millisecond the first time, in a tape's first chat message).
public enum TrimmedText {
    /// `text.trimmingCharacters(in: .whitespaces)`.
    public static func ofWhitespace(_ text: String) -> String {
        if endsArePlain(text, isWhitespace: { $0 == 0x20 || $0 == 0x09 }) { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// `text.trimmingCharacters(in: .whitespacesAndNewlines)`.
    public static func ofWhitespaceAndNewlines(_ text: String) -> String {
        if endsArePlain(text, isWhitespace: { $0 == 0x20 || (0x09...0x0D).contains($0) }) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when the first and last bytes are ASCII and not whitespace: the only ASCII members of
    /// Foundation's whitespace sets are the ones `isWhitespace` names (every other member is
    /// beyond ASCII), so nothing at either end would be trimmed.
    private static func endsArePlain(_ text: String, isWhitespace: (UInt8) -> Bool) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        return first < 0x80 && last < 0x80 && !isWhitespace(first) && !isWhitespace(last)
    }
}
