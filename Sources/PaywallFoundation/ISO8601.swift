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

    /// The instants the simulator accepts for its clock: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z
    /// (a clock outside would print other years and overflow transaction dates).
    public static let supportedRange = Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799)

    /// The range in words, for messages.
    public static let supportedRangeText = "1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z"

    /// Why `text` is not an instant the clock may be set to, or nil when it is one.
    public static func clockProblem(_ text: String) -> String? {
        guard let date = parse(text) else { return "expected an ISO-8601 instant such as 2026-01-30T09:00:00Z" }
        guard supportedRange.contains(date) else { return "outside the supported range, \(supportedRangeText)" }
        return nil
    }

    /// `date` in UTC to the second, e.g. `2026-01-30T09:00:00Z`.
    public static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
