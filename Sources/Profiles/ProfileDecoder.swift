import PaywallFoundation
import Foundation
import StoreSim

/// Reads a profile file, checking every value and reporting the first problem with its line and column.
public enum ProfileDecoder {
    /// The top-level keys a profile file may hold.
    public static let keys = Profile.CodingKeys.allCases.map(\.rawValue)
    /// Built-in catalog ids a profile's `catalog` may name.
    public static let builtInCatalogs = ["embedded", "chat", "voip", "templates"]

    /// Decodes `data` read from `file`; relative paths in it are kept as written (see `Profile.absolute`).
    public static func decode(_ data: Data, file: String) throws(ProfileError) -> Profile {
        try decodeLocated(data, file: file).profile
    }

    /// Decodes `data` and also returns where each file reference (`storekit`, `copy`, `config`) sits.
    static func decodeLocated(_ data: Data, file: String) throws(ProfileError) -> (profile: Profile, places: [String: LineColumn]) {
        let root: LocatedJSON
        do { root = try LocatedJSONParser.parse(data) } catch {
            throw ProfileError(file: file, location: error.location, message: "invalid JSON: \(error.message)")
        }
        let reader = Reader(file: file)
        let top = try reader.object(root, path: "", allowed: keys)
        guard let nameValue = top["name"] else {
            throw reader.fail(root, "", "missing key \"name\", expected the profile's short name such as \"acme-notes\"")
        }
        let name = try reader.identifier(nameValue, path: "name")
        let appName = try optional(top["appName"]) { value throws(ProfileError) in try reader.nonEmptyString(value, path: "appName") } ?? name
        if let storekit = top["storekit"], top["catalog"] != nil {
            throw reader.fail(storekit, "storekit", "both \"storekit\" and \"catalog\" are given, expected one of them")
        }
        var source = CatalogSource.builtIn("embedded")
        if let storekit = top["storekit"] { source = .storekit(try reader.nonEmptyString(storekit, path: "storekit")) }
        if let catalog = top["catalog"] {
            let id = try reader.nonEmptyString(catalog, path: "catalog")
            guard builtInCatalogs.contains(id) else {
                throw reader.fail(catalog, "catalog", "unknown built-in catalog \"\(id)\", expected one of \(builtInCatalogs.joined(separator: ", ")) (or give \"storekit\": \"FILE.storekit\")")
            }
            source = .builtIn(id)
        }
        let copy = try optional(top["copy"]) { value throws(ProfileError) in try reader.nonEmptyString(value, path: "copy") }
        let config = try optional(top["config"]) { value throws(ProfileError) in try reader.nonEmptyString(value, path: "config") }
        let limits = try optional(top["limits"]) { value throws(ProfileError) in try reader.limits(value) } ?? ProfileLimits()
        let features = try optional(top["features"]) { value throws(ProfileError) in try reader.strings(value, path: "features") } ?? []
        let screens = try optional(top["screens"]) { value throws(ProfileError) in try reader.screens(value) } ?? ProfileScreen.coreFlow
        let applePay = try optional(top["applePay"]) { value throws(ProfileError) in try reader.applePay(value) }
        let premium = try optional(top["premiumProducts"]) { value throws(ProfileError) in try reader.strings(value, path: "premiumProducts") }
        let copyKeys = try optional(top["copyKeys"]) { value throws(ProfileError) in try reader.copyKeys(value) } ?? [:]
        var places: [String: LineColumn] = [:]
        for key in ["storekit", "copy", "config"] { places[key] = top[key]?.location }
        return (Profile(name: name, appName: appName, catalog: source, copy: copy, config: config, limits: limits,
                        features: features, screens: screens, applePay: applePay, premiumProducts: premium,
                        copyKeys: copyKeys), places)
    }
}

/// `transform(value)` when the key is present, nil when it is absent (typed-throws friendly `map`).
private func optional<T>(_ value: LocatedJSON?, _ transform: (LocatedJSON) throws(ProfileError) -> T) throws(ProfileError) -> T? {
    guard let value else { return nil }
    return try transform(value)
}

/// Walks a located JSON value, turning each type or value problem into a `ProfileError`.
private struct Reader {
    let file: String

    func fail(_ value: LocatedJSON, _ path: String, _ message: String) -> ProfileError {
        ProfileError(file: file, location: value.location, jsonPath: path, message: message)
    }

    func found(_ value: LocatedJSON) -> String {
        switch value.value {
        case .string(let text): return "found \"\(text)\""
        case .number(let text): return "found the number \(text)"
        case .bool(let flag): return "found \(flag)"
        default: return "found \(value.value.typeDescription)"
        }
    }

    func object(_ value: LocatedJSON, path: String, allowed: [String]) throws(ProfileError) -> [String: LocatedJSON] {
        guard case .object(let pairs) = value.value else {
            throw fail(value, path, "\(found(value)), expected an object")
        }
        var result: [String: LocatedJSON] = [:]
        for pair in pairs {
            let childPath = path.isEmpty ? pair.key : "\(path).\(pair.key)"
            if !allowed.isEmpty && !allowed.contains(pair.key) {
                throw fail(pair.value, childPath, "unknown key \"\(pair.key)\", expected one of \(allowed.joined(separator: ", "))")
            }
            if result[pair.key] != nil { throw fail(pair.value, childPath, "duplicate key \"\(pair.key)\"") }
            result[pair.key] = pair.value
        }
        return result
    }

    func nonEmptyString(_ value: LocatedJSON, path: String) throws(ProfileError) -> String {
        guard case .string(let text) = value.value, !text.isEmpty else {
            throw fail(value, path, "\(found(value)), expected a non-empty string")
        }
        return text
    }

    func identifier(_ value: LocatedJSON, path: String) throws(ProfileError) -> String {
        let text = try nonEmptyString(value, path: path)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard text.unicodeScalars.allSatisfy(allowed.contains), !text.contains("/") else {
            throw fail(value, path, "found \"\(text)\", expected letters, digits, '-', '_' or '.' such as \"acme-notes\"")
        }
        return text
    }

    /// `copyKeys`: screen keys (keys of the built-in copy or a built-in profile's deck) mapped to the team's keys.
    func copyKeys(_ value: LocatedJSON) throws(ProfileError) -> [String: String] {
        let members = try object(value, path: "copyKeys", allowed: [])
        let screenKeys = ProfileDecks.screenKeys
        var result: [String: String] = [:]
        for (screenKey, teamKey) in members.sorted(by: { $0.key < $1.key }) {
            guard screenKeys.contains(screenKey) else {
                let near = Spelling.suggestion(for: screenKey, in: screenKeys.sorted())
                throw fail(teamKey, "copyKeys.\(screenKey)", "no screen shows the key \"\(screenKey)\", expected a key of the built-in copy"
                           + (near.map { " (did you mean '\($0)'?)" } ?? " such as paywall.title (paywall-sim copy export lists the keys of every screen)"))
            }
            result[screenKey] = try nonEmptyString(teamKey, path: "copyKeys.\(screenKey)")
        }
        return result
    }

    func strings(_ value: LocatedJSON, path: String) throws(ProfileError) -> [String] {
        guard case .array(let items) = value.value else { throw fail(value, path, "\(found(value)), expected an array of strings") }
        var result: [String] = []
        for (index, item) in items.enumerated() { result.append(try nonEmptyString(item, path: "\(path)[\(index)]")) }
        return result
    }

    func wholeNumber(_ value: LocatedJSON, path: String, expected: String) throws(ProfileError) -> Int {
        guard case .number(let text) = value.value, let number = Int(text), number >= 0 else {
            throw fail(value, path, "\(found(value)), expected \(expected)")
        }
        return number
    }

    func limits(_ value: LocatedJSON) throws(ProfileError) -> ProfileLimits {
        let fields = try object(value, path: "limits", allowed: ["dailyMessageLimit", "minuteAllowances"])
        var limits = ProfileLimits()
        if let daily = fields["dailyMessageLimit"] {
            limits.dailyMessageLimit = try wholeNumber(daily, path: "limits.dailyMessageLimit",
                                                       expected: "a whole number of messages ≥ 0 such as 10")
        }
        if let allowances = fields["minuteAllowances"] {
            for (key, entry) in try object(allowances, path: "limits.minuteAllowances", allowed: []) {
                let path = "limits.minuteAllowances.\(key)"
                if case .string("unlimited") = entry.value {
                    limits.minuteAllowances[key] = .unlimited
                } else {
                    limits.minuteAllowances[key] = .minutes(try wholeNumber(entry, path: path,
                        expected: "a whole number of minutes ≥ 0 or \"unlimited\""))
                }
            }
        }
        return limits
    }

    func screens(_ value: LocatedJSON) throws(ProfileError) -> [ProfileScreen] {
        guard case .array(let items) = value.value else { throw fail(value, "screens", "\(found(value)), expected an array of screen names") }
        var result: [ProfileScreen] = []
        for (index, item) in items.enumerated() {
            let path = "screens[\(index)]"
            guard case .string(let text) = item.value, let screen = ProfileScreen(rawValue: text) else {
                throw fail(item, path, "\(found(item)), expected one of \(ProfileScreen.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            result.append(screen)
        }
        return result
    }

    func applePay(_ value: LocatedJSON) throws(ProfileError) -> ApplePayConfig {
        let fields = try object(value, path: "applePay", allowed: ApplePayConfig.fileKeys)
        func required(_ key: String, _ example: String) throws(ProfileError) -> LocatedJSON {
            guard let field = fields[key] else { throw fail(value, "applePay", "missing key \"\(key)\", expected \(example)") }
            return field
        }
        let merchant = try nonEmptyString(try required("merchantIdentifier", "a merchant id such as \"merchant.com.acme\""),
                                          path: "applePay.merchantIdentifier")
        let networksValue = try required("supportedNetworks", "an array such as [\"visa\", \"masterCard\"]")
        guard case .array(let items) = networksValue.value, !items.isEmpty else {
            throw fail(networksValue, "applePay.supportedNetworks", "\(found(networksValue)), expected a non-empty array of networks")
        }
        var networks: [PaymentNetwork] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item.value, let network = PaymentNetwork(rawValue: text) else {
                throw fail(item, "applePay.supportedNetworks[\(index)]",
                           "\(found(item)), expected one of \(PaymentNetwork.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            networks.append(network)
        }
        let countryValue = try required("countryCode", "an ISO country code such as \"US\"")
        let country = try nonEmptyString(countryValue, path: "applePay.countryCode")
        guard country.count == 2, country == country.uppercased() else {
            throw fail(countryValue, "applePay.countryCode", "found \"\(country)\", expected a two-letter ISO-3166 code such as \"US\" or \"CN\"")
        }
        let currencyValue = try required("currencyCode", "an ISO currency code such as \"USD\"")
        let currency = try nonEmptyString(currencyValue, path: "applePay.currencyCode")
        guard currency.count == 3, currency == currency.uppercased() else {
            throw fail(currencyValue, "applePay.currencyCode", "found \"\(currency)\", expected a three-letter ISO-4217 code such as \"USD\" or \"CNY\"")
        }
        var forSubscriptions = true
        if let flag = fields["forSubscriptions"] {
            guard case .bool(let value) = flag.value else {
                throw fail(flag, "applePay.forSubscriptions", "\(found(flag)), expected true or false")
            }
            forSubscriptions = value
        }
        return ApplePayConfig(merchantIdentifier: merchant, supportedNetworks: networks, countryCode: country,
                              currencyCode: currency, forSubscriptions: forSubscriptions)
    }
}
