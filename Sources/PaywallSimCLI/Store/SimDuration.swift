import Foundation

/// A duration on the command line: `500ms`, `2s`, `5m`, `1h`, `1d`, `1w`, or sums such as `1d12h`.
enum SimDuration {
    private static let units: [(suffix: String, seconds: Double)] = [
        ("ms", 0.001), ("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400), ("w", 604_800),
    ]

    /// The seconds in `text`, or nil when it is not a duration.
    static func parse(_ text: String) -> TimeInterval? {
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
        guard total.isFinite, total <= 100 * 365 * 86_400 else { return nil }
        return total
    }
}
