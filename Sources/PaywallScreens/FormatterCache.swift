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
}
