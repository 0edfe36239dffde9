import Foundation

/// Each locale's digit-group separator, looked up once: making a `Locale` costs far more than a
/// screen's worth of formatting.
final class GroupingSeparators: @unchecked Sendable {
    static let shared = GroupingSeparators()
    private let lock = NSLock()
    private var separators: [String: String] = [:]

    /// "," for en, "." for de, a narrow no-break space for fr.
    func separator(for locale: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let known = separators[locale] { return known }
        let separator = Locale(identifier: locale).groupingSeparator ?? ","
        separators[locale] = separator
        return separator
    }
}
