import PaywallFoundation
import Foundation

/// Reads a `.storekit` `settings` block (every key optional, v1–v6 variants) into `StoreSettings`.
struct StoreKitSettingsReader {
    let origin: String
    private(set) var warnings: [String] = []

    init(origin: String) {
        self.origin = origin
    }

    mutating func read(_ cursor: LocatedJSONCursor?) throws(LocatedJSONShapeError) -> StoreSettings {
        var settings = StoreSettings()
        guard let cursor else { return settings }
        _ = try cursor.members()
        if let storefront = try cursor.optionalNonNull("_storefront") {
            let code = try storefront.string().uppercased()
            // Never shown in another storefront's currency: a code that is no App Store storefront is refused.
            guard Storefront.isKnown(code) else { throw storefront.fail(Storefront.unknownMessage(code)) }
            settings.storefront = code
        }
        if let locale = try cursor.optionalNonNull("_locale") { settings.locale = try locale.string() }
        if let rate = try cursor.optionalNonNull("_timeRate") {
            let code = try rate.int()
            if let timeRate = TimeRate(rawValue: code) {
                settings.timeRate = timeRate
            } else {
                warn(rate, "unknown _timeRate \(code); using real time (0). Known codes: "
                     + TimeRate.allCases.map { String($0.rawValue) }.joined(separator: ", "))
            }
        }
        settings.compatibilityTimeRate = try readCompatibilityRate(cursor.optionalNonNull("_compatibilityTimeRate"))
        settings.askToBuyEnabled = try flag(cursor, "_askToBuyEnabled")
        settings.failTransactionsEnabled = try flag(cursor, "_failTransactionsEnabled")
        settings.billingIssuesEnabled = try flag(cursor, "_billingIssuesEnabled")
        settings.renewalBillingIssuesEnabled = try flag(cursor, "_renewalBillingIssuesEnabled")
        settings.billingGracePeriodEnabled = try flag(cursor, "_billingGracePeriodEnabled")
        settings.disableDialogs = try flag(cursor, "_disableDialogs")
        settings.legacyStoreKitErrorCode = try cursor.optionalNonNull("_storeKitError")?.int()
        settings.storeKitErrors = try readErrors(cursor)
        for entry in settings.storeKitErrors where entry.enabled {
            settings.forcedErrors[entry.name] = entry.errorName ?? "unknown"
        }
        if settings.failTransactionsEnabled, settings.forcedErrors["Purchase"] == nil {
            settings.forcedErrors["Purchase"] = StoreKitErrorSetting.legacyErrorName(settings.legacyStoreKitErrorCode ?? 0)
        }
        return settings
    }

    private func flag(_ cursor: LocatedJSONCursor, _ key: String) throws(LocatedJSONShapeError) -> Bool {
        try cursor.optionalNonNull(key)?.bool() ?? false
    }

    /// An int (v2) or an object mapping a format major version to a legacy code (`{"3": 6}`).
    private func readCompatibilityRate(_ cursor: LocatedJSONCursor?) throws(LocatedJSONShapeError) -> Int? {
        guard let cursor else { return nil }
        switch cursor.node.value {
        case .number: return try cursor.int()
        case let .object(members):
            guard let first = members.first else { return nil }
            return try LocatedJSONCursor(node: first.value, path: "\(cursor.path).\(first.key)").int()
        default:
            throw cursor.expected("an integer or an object such as {\"3\" : 6}")
        }
    }

    private func readErrors(_ cursor: LocatedJSONCursor) throws(LocatedJSONShapeError) -> [StoreKitErrorSetting] {
        var result: [StoreKitErrorSetting] = []
        for item in try cursor.optionalArray("_storeKitErrors") {
            // Newer Xcode writes entries keyed by "setting" (e.g. "automatic-renewal-status") with no
            // "name": not a simulated error; skipped.
            if try item.optional("name") == nil, try item.optional("setting") != nil { continue }
            let name = try item.required("name", "the API name, e.g. \"Purchase\"").string()
            let enabled = try item.optionalNonNull("enabled")?.bool() ?? false
            var type: String?
            var index: Int?
            if let current = try item.optionalNonNull("current") {
                type = try current.optionalNonNull("type")?.string()
                index = try current.optionalNonNull("index")?.int()
            }
            result.append(StoreKitErrorSetting(name: name, enabled: enabled, errorType: type, errorIndex: index))
        }
        return result
    }

    private mutating func warn(_ cursor: LocatedJSONCursor, _ message: String) {
        warnings.append("\(origin):\(cursor.location): warning: at \(cursor.path): \(message)")
    }
}
