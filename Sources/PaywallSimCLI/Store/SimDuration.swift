import Foundation

/// A duration on the command line: `500ms`, `2s`, `5m`, `1h`, `1d`, `1w`, or sums such as `1d12h`.
enum SimDuration {
    private static let units: [(suffix: String, seconds: Double)] = [
        ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400), ("w", 604_800),
    ]

    /// The longest duration one command may move the clock: 100 years.
    static let maximum: TimeInterval = 100 * 365 * 86_400

    /// Why `text` is not a duration the clock may move by, or nil when it is one.
    static func problem(_ text: String) -> String? {
        guard let seconds = parseUnbounded(text) else {
            return "expected a number and a unit such as 500ms, 2s, 5m, 1h, 1d or 1w"
        }
        guard seconds <= maximum else { return "longer than the maximum of 100 years (36500d); advance in several steps" }
        return nil
    }

    /// The seconds in `text`, or nil when it is not a duration or longer than the maximum.
    static func parse(_ text: String) -> TimeInterval? {
        guard let seconds = parseUnbounded(text), seconds <= maximum else { return nil }
        return seconds
    }

    private static func parseUnbounded(_ text: String) -> TimeInterval? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
        guard !rest.isEmpty else { return nil }
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number), value.isFinite else { return nil }
            rest = rest.dropFirst(number.count)
            let suffix = rest.prefix { $0.isLetter }
            guard let unit = units.first(where: { $0.suffix == suffix }) else { return nil }
            rest = rest.dropFirst(suffix.count)
            total += value * unit.seconds
        }
        guard total.isFinite else { return nil }
        return total
    }
}
