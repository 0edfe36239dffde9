import PaywallFoundation
import TerminalKit
import Foundation

/// Date and number formatters by locale and time zone, made once (they are slow to create).
///
/// Each use holds the lock, so one formatter is never used by two threads at once.
final class FormatterCache: @unchecked Sendable {
    static let shared = FormatterCache()
    private let lock = NSLock()
    private var dates: [String: DateFormatter] = [:]
    private var numbers: [String: NumberFormatter] = [:]

    /// `date` in the locale's long date style ("June 4, 2026", "2026年6月4日") in `timeZone`.
    func longDate(_ date: Date, locale: String, timeZone: TimeZone) -> String {
        if let text = Self.englishLongDate(date, locale: locale, timeZone: timeZone) { return text }
        lock.lock()
        defer { lock.unlock() }
        let key = "\(locale)|\(timeZone.identifier)"
        let formatter = dates[key] ?? {
            let made = DateFormatter()
            made.locale = Locale(identifier: locale)
            made.timeZone = timeZone
            made.dateStyle = .long
            made.timeStyle = .none
            dates[key] = made
            return made
        }()
        return formatter.string(from: date)
    }

    /// A number as the locale writes it: grouped whole numbers, or with `fractionDigits` decimals.
    func number(_ value: Double, locale: String, fractionDigits: Int) -> String {
        if let text = Self.englishNumber(value, locale: locale, fractionDigits: fractionDigits) { return text }
        lock.lock()
        defer { lock.unlock() }
        let key = "\(locale)|\(fractionDigits)"
        let formatter = numbers[key] ?? {
            let made = NumberFormatter()
            made.locale = Locale(identifier: locale)
            made.numberStyle = .decimal
            made.minimumFractionDigits = fractionDigits
            made.maximumFractionDigits = fractionDigits
            numbers[key] = made
            return made
        }()
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }

    // English (the default locale) is written without ICU: making the first ICU formatter is a
    // tenth of a tape's start-up. Each gives exactly what the formatter gives; tests compare them
    // on thousands of values. Nil for any other locale or value.

    /// Locales whose long dates and numbers are US English.
    static let usEnglish: Set<String> = ["en", "en-US", "en_US"]

    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                "September", "October", "November", "December"]

    /// "June 4, 2026": the long date of `date` in `timeZone`, for years 1583–9999.
    static func englishLongDate(_ date: Date, locale: String, timeZone: TimeZone) -> String? {
        guard usEnglish.contains(locale) else { return nil }
        // Counted from 1970, as ICU's formatter (which this replaces) counts: unlike `Calendar` and
        // `.iso8601` (`ISO8601.wholeSeconds`), it takes a fraction a rounding step short of the
        // next second as that second.
        let local = date.timeIntervalSince1970.rounded(.down) + Double(timeZone.secondsFromGMT(for: date))
        guard local.magnitude < 1e15, let day = ISO8601.civilDay(ofSeconds: Int64(local)) else { return nil }
        return "\(englishMonths[day.month - 1]) \(day.day), \(day.year)"
    }

    /// "250,000" or "4.8": `value` with `fractionDigits` decimals when that needs no rounding.
    static func englishNumber(_ value: Double, locale: String, fractionDigits: Int) -> String? {
        guard usEnglish.contains(locale), (0...3).contains(fractionDigits), value.sign == .plus, !value.isNaN else { return nil }
        var power = 1.0
        for _ in 0..<fractionDigits { power *= 10 }
        let scaled = value * power
        guard scaled < 1e15, scaled == scaled.rounded() else { return nil }   // ICU would round: leave it to ICU
        return EnglishDigits.text(units: Int64(scaled), fractionDigits: fractionDigits)
    }
}
