import Foundation

/// Durations as tapes write them (`500ms`, `2s`, `1.5s`, `5m`, `2h`, `1d`), in milliseconds.
public enum TapeDuration {
    /// The longest duration a tape may ask for: 10 years, far beyond any subscription test.
    public static let maximumMilliseconds: Int64 = 10 * 366 * 86_400_000

    /// The units, longest suffix first so `ms` wins over `m`.
    static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// Milliseconds for `text`, or nil when it is not a number followed by ms, s, m, h or d
    /// (fractions are rounded to the nearest millisecond; at most `maximumMilliseconds`).
    public static func parse(_ text: String) -> Int64? {
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let number = String(text.dropLast(unit.suffix.count))
        guard isDecimal(number) else { return nil }
        let digits = number.split(separator: ".", omittingEmptySubsequences: false)
        let whole = digits[0].drop(while: { $0 == "0" })
        guard whole.count <= 15 else { return nil }
        guard let integer = Int64(whole.isEmpty ? "0" : String(whole)) else { return nil }
        var total = integer.multipliedReportingOverflow(by: unit.milliseconds)
        guard !total.overflow else { return nil }
        if digits.count == 2 {
            // Fraction: scale the first 9 digits to milliseconds with integer arithmetic.
            let fraction = String(digits[1].prefix(9)).padding(toLength: 9, withPad: "0", startingAt: 0)
            guard let nanoUnits = Int64(fraction) else { return nil }
            let scaled = (nanoUnits * unit.milliseconds + 500_000_000) / 1_000_000_000
            total = total.partialValue.addingReportingOverflow(scaled)
            guard !total.overflow else { return nil }
        }
        return total.partialValue <= maximumMilliseconds ? total.partialValue : nil
    }

    /// The shortest exact tape spelling of a duration (`1500` → `1500ms`, `120000` → `2m`).
    public static func format(milliseconds: Int64) -> String {
        let ms = max(0, milliseconds)
        if ms == 0 { return "0ms" }
        for unit in units.reversed() where unit.milliseconds > 1 && ms % unit.milliseconds == 0 {
            return "\(ms / unit.milliseconds)\(unit.suffix)"
        }
        return "\(ms)ms"
    }

    /// Digits with at most one dot that has digits on its left (`2`, `1.5`, `0.25`).
    private static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, !parts[0].isEmpty else { return false }
        if parts.count == 2, parts[1].isEmpty { return false }
        return parts.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value >= 48 && $0.value <= 57 } }
    }
}
