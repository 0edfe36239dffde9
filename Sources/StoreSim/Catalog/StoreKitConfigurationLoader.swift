import PaywallFoundation
import Foundation

/// Loads Xcode StoreKit configuration files (`.storekit`, format versions 1.x–6.x) into a `StoreCatalog`.
///
/// Everything beyond the basic product fields is optional and unknown keys are ignored, but a
/// top-level key Xcode never writes adds a warning (its products are not loaded). A file
/// that is not JSON, or not shaped like a StoreKit configuration, is refused with a
/// `StoreKitConfigurationError` naming the path, the line and column, the JSON path and what
/// was expected. An unknown `_timeRate` code is not refused: it reads as real time and adds a
/// warning to `StoreCatalog.warnings`.
public enum StoreKitConfigurationLoader {
    /// Reads and decodes the file at `url`.
    public static func load(contentsOf url: URL) throws(StoreKitConfigurationError) -> StoreCatalog {
        let path = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else {
            throw StoreKitConfigurationError(reason: .unreadable, path: path,
                                             message: "is not a file URL, expected the path of a .storekit file")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StoreKitConfigurationError(reason: .unreadable, path: path,
                                             message: "is a directory, expected a .storekit file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw StoreKitConfigurationError(
                reason: .unreadable, path: path,
                message: exists ? "cannot be read (\(FileErrorText.reason(error))), expected a readable .storekit file"
                                : "no such file, expected a .storekit file exported by Xcode")
        }
        return try decode(data, origin: path)
    }

    /// Decodes `.storekit` JSON; `origin` (usually the path) names the file in errors and in the catalog.
    public static func decode(_ data: Data, origin: String) throws(StoreKitConfigurationError) -> StoreCatalog {
        let root: LocatedJSON
        do {
            root = try LocatedJSONParser.parse(data)
        } catch {
            throw StoreKitConfigurationError(reason: .syntax, path: origin, location: error.location,
                                             message: "invalid JSON: \(error.message)")
        }
        do {
            var reader = StoreKitDocumentReader(origin: origin)
            return try reader.read(LocatedJSONCursor(node: root))
        } catch {
            throw StoreKitConfigurationError(reason: .shape, path: origin, location: error.location,
                                             jsonPath: error.path, message: error.message)
        }
    }
}

/// Walks a parsed `.storekit` document and builds the catalog; collects warnings on the way.
struct StoreKitDocumentReader {
    let origin: String
    private(set) var warnings: [String] = []

    init(origin: String) {
        self.origin = origin
    }

    mutating func read(_ root: LocatedJSONCursor) throws(LocatedJSONShapeError) -> StoreCatalog {
        guard case .object = root.node.value else {
            throw root.fail("found \(root.node.value.typeDescription), expected a JSON object (an Xcode StoreKit configuration)")
        }
        let known = ["products", "subscriptionGroups", "nonRenewingSubscriptions"]
        var hasCatalogKey = false
        for key in known where try root.optional(key) != nil { hasCatalogKey = true }
        guard hasCatalogKey else {
            throw root.fail("none of the keys \"products\", \"subscriptionGroups\", \"nonRenewingSubscriptions\" found, "
                            + "expected an Xcode StoreKit configuration (.storekit) file")
        }
        let version = try readVersion(root)
        warnAboutUnknownKeys(root)
        var products: [StoreProduct] = []
        var seen: [String: LineColumn] = [:]
        let productReader = StoreKitProductReader()

        func add(_ product: StoreProduct, at cursor: LocatedJSONCursor) throws(LocatedJSONShapeError) {
            if let first = seen[product.id] {
                throw cursor.fail("duplicate productID \"\(product.id)\" (first at line \(first.line)), expected unique product ids")
            }
            seen[product.id] = cursor.location
            if product.isUnpriced {
                let at = (try? cursor.optional("displayPrice"))??.location ?? cursor.location
                warnings.append("\(origin):\(at): warning: product \(product.id) has an empty displayPrice; shown as unpriced (Xcode accepts it; set a price to sell it)")
            }
            // StoreKit shows an empty display name as it is: empty (never the reference name).
            if product.unnamed == true {
                let at = (try? cursor.optional("localizations"))??.location ?? cursor.location
                warnings.append("\(origin):\(at): warning: product \(product.id) has no localizations; StoreKit shows an empty name for it (write a displayName in the .storekit)")
            }
            for item in try cursor.optionalArray("localizations") {
                let nameCursor = try item.optionalNonNull("displayName")
                var text = ""
                if let nameCursor, case let .string(value) = nameCursor.node.value { text = value }
                guard text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                var locale = "?"
                if let localeCursor = try item.optionalNonNull("locale"), case let .string(value) = localeCursor.node.value { locale = value }
                warnings.append("\(origin):\((nameCursor ?? item).location): warning: product \(product.id) has an empty displayName for \(locale); StoreKit shows an empty name there (write one in the .storekit)")
            }
            products.append(product)
        }

        for cursor in try root.optionalArray("products") {
            try add(productReader.readProduct(cursor, allowed: [.consumable, .nonConsumable], defaultKind: nil), at: cursor)
        }
        for cursor in try root.optionalArray("nonRenewingSubscriptions") {
            try add(productReader.readProduct(cursor, allowed: [.nonRenewingSubscription],
                                              defaultKind: .nonRenewingSubscription), at: cursor)
        }
        var groups: [SubscriptionGroup] = []
        for groupCursor in try root.optionalArray("subscriptionGroups") {
            let (group, subscriptions) = try productReader.readGroup(groupCursor)
            for (cursor, product) in subscriptions { try add(product, at: cursor) }
            groups.append(group)
        }
        var settingsReader = StoreKitSettingsReader(origin: origin)
        let settings = try settingsReader.read(root.optionalNonNull("settings"))
        warnings += settingsReader.warnings
        return StoreCatalog(products: products, groups: groups, settings: settings, origin: origin,
                            formatVersion: version, warnings: warnings)
    }

    /// Every top-level key Xcode writes in a `.storekit` file (formats 1–6, as the fixtures hold them):
    /// the three product lists, `settings`, `version`, `identifier`, and the ones the simulator reads
    /// nothing from (`appPolicies`, `subscriptionOffersKeyPair`, and the bundle and suite groups of
    /// files synced from App Store Connect).
    static let knownTopLevelKeys: Set<String> = [
        "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups", "version",
        "appPolicies", "subscriptionOffersKeyPair", "subscriptionBundleGroups", "subscriptionSuiteGroups",
    ]

    /// One warning per top-level key Xcode never writes: nothing under it is read, so products a
    /// hand-written file puts under `nonConsumableProducts` would otherwise vanish without a word.
    private mutating func warnAboutUnknownKeys(_ root: LocatedJSONCursor) {
        guard case let .object(members) = root.node.value else { return }
        let expected = "expected products under \"products\" (consumables and non-consumables), "
            + "\"subscriptionGroups\" or \"nonRenewingSubscriptions\""
        for (key, value) in members where !Self.knownTopLevelKeys.contains(key) {
            let at = value.keyLocation ?? value.location
            var ids: [String] = []
            var productLike = 0
            if case let .array(items) = value.value {
                for item in items {
                    guard case let .object(fields) = item.value,
                          fields.contains(where: { ["productID", "displayPrice", "type", "referenceName"].contains($0.key) }) else { continue }
                    productLike += 1
                    if let id = fields.first(where: { $0.key == "productID" })?.value, case let .string(text) = id.value { ids.append(text) }
                }
            }
            if productLike > 0 {
                let list = ids.isEmpty ? "" : " (\(ids.joined(separator: ", ")))"
                let noun = productLike == 1 ? "product is" : "products are"
                warnings.append("\(origin):\(at): warning: top-level key \"\(key)\" is not one Xcode writes: its \(productLike) \(noun) not loaded\(list); \(expected)")
            } else {
                var what = value.value.typeDescription
                if case let .array(items) = value.value, items.isEmpty { what = "an empty array" }
                warnings.append("\(origin):\(at): warning: top-level key \"\(key)\" is not one Xcode writes and is ignored (\(what)); \(expected)")
            }
        }
    }

    /// The newest format major version the reader was checked against (a real file of 6.3 is in Tests/Fixtures).
    static let newestKnownMajor = 6

    private mutating func readVersion(_ root: LocatedJSONCursor) throws(LocatedJSONShapeError) -> StoreKitFormatVersion? {
        guard let cursor = try root.optionalNonNull("version") else { return nil }
        let major = try cursor.required("major", "an integer such as 4").int()
        let minor = try cursor.optionalNonNull("minor")?.int() ?? 0
        if major > Self.newestKnownMajor {
            warnings.append("\(origin):\(cursor.location): warning: format version \(major).\(minor) is newer than the formats this simulator knows (1.0–\(Self.newestKnownMajor).x); read as the newest it knows, so fields added since may be ignored")
        }
        return StoreKitFormatVersion(major: major, minor: minor)
    }
}
