/// The one duration grammar: a tape's `Sleep` and `Wait`, `store advance`, recorded tapes.
///
/// A duration is one or more terms, each a decimal number and a unit — `ms`, `s`, `m`, `h`, `d`,
/// `w` (7 days) or `y` (365 days) — added up: `500ms`, `1.5s`, `1w`, `1d12h`. Units are lower case
/// (`M` could be a month); fractions round to the nearest millisecond; at most `maximumMilliseconds`.
public enum SimDuration {
    /// The longest duration: 100 years of 365 days (`36500d`).
    public static let maximumMilliseconds: Int64 = 100 * 365 * 86_400_000

    /// What a duration looks like, for error messages.
    public static let expected = "a number and a unit such as 500ms, 2s, 5m, 1h, 1d, 1w or 1y, or a sum such as 1d12h"

    /// The units, longest suffix first so `ms` wins over `m`.
    static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000), ("w", 604_800_000), ("y", 31_536_000_000),
    ]

    /// Milliseconds for `text`, or nil when it is not a duration or longer than the maximum.
    public static func parse(_ text: String) -> Int64? {
        guard case let .success(milliseconds) = read(text) else { return nil }
        return milliseconds
    }

    /// Why `text` is not a duration, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        switch read(text) {
        case .success: return nil
        case .failure(.notADuration): return "expected \(expected)"
        case .failure(.tooLong): return "longer than the maximum of 100 years (36500d)"
        }
    }

    /// The shortest exact spelling of a duration in one unit (`1500` → `1500ms`, `120000` → `2m`).
    public static func format(milliseconds: Int64) -> String {
        let ms = max(0, milliseconds)
        if ms == 0 { return "0ms" }
        // Weeks and years are left to days, which every reader of a tape knows at a glance.
        for unit in units.reversed() where unit.milliseconds > 1 && unit.suffix != "w" && unit.suffix != "y" && ms % unit.milliseconds == 0 {
            return "\(ms / unit.milliseconds)\(unit.suffix)"
        }
        return "\(ms)ms"
    }

    /// A duration as a sum the grammar reads, to the second (`691200000` → `8d`, `93784000` →
    /// `1d2h3m4s`); below a second, in milliseconds.
    public static func sum(milliseconds: Int64) -> String {
        let ms = max(0, milliseconds)
        guard ms >= 1000 else { return "\(ms)ms" }
        var rest = ms / 1000
        var text = ""
        for (suffix, seconds) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= seconds {
            text += "\(rest / seconds)\(suffix)"
            rest %= seconds
        }
        return text
    }

    enum Problem: Error { case notADuration, tooLong }

    private static func read(_ text: String) -> Result<Int64, Problem> {
        var rest = Substring(text)
        guard !rest.isEmpty else { return .failure(.notADuration) }
        var total: Int64 = 0
        while !rest.isEmpty {
            let number = rest.prefix { isDigit($0) || $0 == "." }
            rest = rest.dropFirst(number.count)
            let suffix = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(suffix.count)
            guard let unit = units.first(where: { $0.suffix == suffix }) else { return .failure(.notADuration) }
            switch term(number, unit.milliseconds) {
            case let .failure(problem): return .failure(problem)
            case let .success(milliseconds):
                let sum = total.addingReportingOverflow(milliseconds)
                guard !sum.overflow, sum.partialValue <= maximumMilliseconds else { return .failure(.tooLong) }
                total = sum.partialValue
            }
        }
        return .success(total)
    }

    /// One term's milliseconds: digits with at most one dot that has digits on both sides.
    private static func term(_ number: Substring, _ unit: Int64) -> Result<Int64, Problem> {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty else {
            return .failure(.notADuration)
        }
        let whole = parts[0].drop(while: { $0 == "0" })
        guard whole.count <= 15, let integer = Int64(whole.isEmpty ? "0" : String(whole)) else { return .failure(.tooLong) }
        var total = integer.multipliedReportingOverflow(by: unit)
        guard !total.overflow else { return .failure(.tooLong) }
        if parts.count == 2 {
            // The fraction: its first 9 digits scaled to milliseconds with integer arithmetic.
            let fraction = String(parts[1].prefix(9)).padding(toLength: 9, withPad: "0", startingAt: 0)
            guard let nanoUnits = Int64(fraction) else { return .failure(.notADuration) }
            let (quotient, remainder) = Int64(1_000_000_000).dividingFullWidth(nanoUnits.multipliedFullWidth(by: unit))
            total = total.partialValue.addingReportingOverflow(quotient + (remainder >= 500_000_000 ? 1 : 0))
            guard !total.overflow else { return .failure(.tooLong) }
        }
        return .success(total.partialValue)
    }

    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
}
