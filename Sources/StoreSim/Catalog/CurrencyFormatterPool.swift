import Foundation

/// ICU currency formatters kept by what they are configured with (locale, currency, symbol and
/// fraction digits), for any thread. Making a `NumberFormatter` opens an ICU formatter, which costs
/// far more than formatting with it; a 40-locale copy sweep formats a few prices per locale and
/// used to make a formatter for each. A formatter is used only under the pool's lock (Foundation's
/// are not safe to share), and the pool empties itself when it passes `limit` formatters.
final class CurrencyFormatterPool: @unchecked Sendable {
    /// Everything a currency formatter is configured with.
    struct Configuration: Hashable {
        var locale: String
        var currencyCode: String
        var currencySymbol: String?
        var fractionDigits: Int
    }

    private let lock = NSLock()
    private let limit: Int
    private var formatters: [Configuration: NumberFormatter] = [:]

    init(limit: Int) { self.limit = max(1, limit) }

    /// `amount` as the formatter for `configuration` writes it (nil when ICU cannot).
    func string(_ amount: Decimal, with configuration: Configuration) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let formatter: NumberFormatter
        if let known = formatters[configuration] {
            formatter = known
        } else {
            if formatters.count >= limit { formatters.removeAll(keepingCapacity: true) }
            formatter = Self.make(configuration)
            formatters[configuration] = formatter
        }
        return formatter.string(from: amount as NSDecimalNumber)
    }

    /// A new formatter configured for `configuration` (what the pool keeps, and what its tests compare with).
    static func make(_ configuration: Configuration) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: configuration.locale)
        formatter.numberStyle = .currency
        formatter.currencyCode = configuration.currencyCode
        if let symbol = configuration.currencySymbol { formatter.currencySymbol = symbol }
        formatter.minimumFractionDigits = configuration.fractionDigits
        formatter.maximumFractionDigits = configuration.fractionDigits
        return formatter
    }
}
