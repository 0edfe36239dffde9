import Foundation
import PaywallFoundation

/// A subscription or offer period such as one week or one year (ISO-8601 `P1W`, `P1Y`).
public struct BillingPeriod: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The calendar unit of a period.
    public enum Unit: String, Codable, Sendable, CaseIterable {
        case day, week, month, year
    }

    public var value: Int
    public var unit: Unit

    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Parses `P3D`, `P1W`, `P2M`, `P1Y` (one component, as StoreKit writes them).
    public init?(iso8601 text: String) {
        let chars = Array(text.uppercased())
        guard chars.count >= 3, chars.first == "P", let last = chars.last,
              let number = Int(String(chars[1..<(chars.count - 1)])), number > 0 else { return nil }
        switch last {
        case "D": self.init(value: number, unit: .day)
        case "W": self.init(value: number, unit: .week)
        case "M": self.init(value: number, unit: .month)
        case "Y": self.init(value: number, unit: .year)
        default: return nil
        }
    }

    public var iso8601: String {
        let letter: String
        switch unit {
        case .day: letter = "D"
        case .week: letter = "W"
        case .month: letter = "M"
        case .year: letter = "Y"
        }
        return "P\(value)\(letter)"
    }

    public var description: String { iso8601 }

    /// The period's length in days, approximately (a month is 30.44 days), for comparisons.
    public var approximateDays: Double {
        switch unit {
        case .day: return Double(value)
        case .week: return Double(value) * 7
        case .month: return Double(value) * 30.436875
        case .year: return Double(value) * 365.2425
        }
    }

    /// `date` moved forward by this period on the wall clock of `timeZone`, as a Gregorian
    /// `Calendar` in that zone moves it; fixed-offset zones (UTC) without making one.
    public func advance(_ date: Date, in timeZone: TimeZone) -> Date {
        let moved: Date?
        switch unit {
        case .day: moved = FixedOffsetCalendar.adding(days: value, to: date, in: timeZone)
        case .week: moved = FixedOffsetCalendar.adding(days: value * 7, to: date, in: timeZone)
        case .month: moved = FixedOffsetCalendar.adding(months: value, to: date, in: timeZone)
        case .year: moved = FixedOffsetCalendar.adding(years: value, to: date, in: timeZone)
        }
        if let moved { return moved }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return advance(date, in: calendar)
    }

    /// `date` moved forward by this period in `calendar`.
    public func advance(_ date: Date, in calendar: Calendar) -> Date {
        var components = DateComponents()
        switch unit {
        case .day: components.day = value
        case .week: components.day = value * 7
        case .month: components.month = value
        case .year: components.year = value
        }
        return calendar.date(byAdding: components, to: date) ?? date.addingTimeInterval(approximateDays * 86_400)
    }
}
