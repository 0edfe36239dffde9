import Foundation

/// An app the simulator plays: its catalog, copy, remote config, limits, features and screens.
///
/// Built-in profiles (`chat`, `voip`, `templates`) carry their catalog and config in code; a team's
/// profile file names its own `.storekit`, `.xcstrings` and config files (see README "Profiles").
public struct Profile: Hashable, Codable, Sendable {
    /// Short name used on the command line and in tapes (`chat`, `acme-notes`).
    public var name: String
    /// The app's display name (shown in titles and the Apple Pay sheet).
    public var appName: String
    /// Where the products come from: a `.storekit` file or a built-in catalog.
    public var catalog: CatalogSource
    /// A String Catalog copy deck, layered over the default deck; nil: the profile's built-in deck, if any.
    public var copy: String?
    /// A remote-config JSON file; nil: the profile's built-in config (the embedded default for files).
    public var config: String?
    /// Usage limits: daily free messages and monthly minute allowances.
    public var limits: ProfileLimits
    /// Feature identifiers the app gates (`unlimitedMessages`, `videoCall`, …).
    public var features: [String]
    /// The screens and flows that apply to this app.
    public var screens: [ProfileScreen]
    /// Apple Pay as the app offers it (seed 001); nil when the app has no Apple Pay button.
    public var applePay: ApplePayConfig?
    /// The products that make a user premium (the backend grants premium for these only); nil:
    /// every subscription and non-consumable. Seed 002: only Pro, not the single templates.
    public var premiumProducts: [String]?
    /// The team's own String Catalog keys for screen slots: screen key → team key
    /// (`"paywall.title": "subscription_title"`), so the team's real text is shown and swept.
    public var copyKeys: [String: String]
    /// Folder that relative paths in the profile are resolved against (the profile file's folder).
    public var baseDirectory: String?
    /// The profile file as it was named (for messages); nil for built-in profiles.
    public var sourceFile: String?

    public init(name: String, appName: String, catalog: CatalogSource, copy: String? = nil, config: String? = nil,
                limits: ProfileLimits = ProfileLimits(), features: [String] = [], screens: [ProfileScreen] = ProfileScreen.coreFlow,
                applePay: ApplePayConfig? = nil, premiumProducts: [String]? = nil, copyKeys: [String: String] = [:], baseDirectory: String? = nil, sourceFile: String? = nil) {
        self.name = name
        self.appName = appName
        self.catalog = catalog
        self.copy = copy
        self.config = config
        self.limits = limits
        self.features = features
        self.screens = screens
        self.applePay = applePay
        self.premiumProducts = premiumProducts
        self.copyKeys = copyKeys
        self.baseDirectory = baseDirectory
        self.sourceFile = sourceFile
    }

    /// `path` made absolute against `baseDirectory` (unchanged when already absolute or no base is set).
    public func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let baseDirectory else { return path }
        return URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).standardized.path
    }

    /// Whether the profile is one of the built-in ones (`chat`, `voip`, `templates`).
    public var isBuiltIn: Bool { BuiltInProfiles.names.contains(name) && baseDirectory == nil }
}

/// Where a profile's products come from.
public enum CatalogSource: Hashable, Codable, Sendable {
    /// An Xcode `.storekit` file (path relative to the profile file).
    case storekit(String)
    /// A catalog built into the simulator: `embedded`, `chat`, `voip` or `templates`.
    case builtIn(String)
}

/// A screen or flow a profile uses; the lead's runtime shows the ones listed.
public enum ProfileScreen: String, Hashable, Codable, Sendable, CaseIterable {
    case onboarding, valuePreview, proof, paywall, chat
    /// Seed 001: member status with plan and expiry.
    case memberStatus
    /// Seed 001: the simulated Apple Pay sheet.
    case applePay
    /// Seed 003: the upgrade prompt of a gated feature.
    case featureGate
    /// Seed 003: minutes and data used this month, with the overage bill.
    case usage
    /// Seed 003: rewarded and interstitial ads for free users.
    case ads
    /// Seed 002: the template store (per-template purchases and Pro).
    case templates

    /// The flow every app has: onboarding → value preview → proof → paywall → chat.
    public static let coreFlow: [ProfileScreen] = [.onboarding, .valuePreview, .proof, .paywall, .chat]
}

extension Profile {
    /// The files a profile names, made absolute: what `SessionInputs.storekit`, `.config` and `.copy`
    /// take for a team's profile file. Built-in catalogs have no file (use `ProfileLoader.setup`).
    public var filePaths: (storekit: String?, config: String?, copy: String?) {
        var storekit: String?
        if case .storekit(let path) = catalog { storekit = absolute(path) }
        return (storekit, config.map(absolute), copy.map(absolute))
    }
}
