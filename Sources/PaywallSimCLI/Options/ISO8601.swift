import Foundation

/// ISO-8601 instants as the CLI and tapes write them (`2026-01-30T09:00:00Z`, with or without fractions).
public enum ISO8601 {
    /// Parses an instant with a zone designator; nil if it isn't one.
    public static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
