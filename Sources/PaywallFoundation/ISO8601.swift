import Foundation

/// ISO-8601 instants as the CLI, tapes and state files write them (`2026-01-30T09:00:00Z`, with
/// an offset or fractional seconds): the one parser and formatter of them.
public enum ISO8601 {
    /// Parses an instant with a zone designator; nil if it isn't one.
    public static func parse(_ text: String) -> Date? {
        guard text.count <= 40 else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// `date` in UTC to the second, e.g. `2026-01-30T09:00:00Z`.
    public static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
