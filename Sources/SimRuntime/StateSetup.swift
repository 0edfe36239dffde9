import Foundation
import Profiles
import PaywallFoundation

/// The app a state directory was created with: its profile and `.storekit` catalog, kept in
/// the state's settings (`settings.json`), so a later command that names neither works on the same catalog, and one that
/// names another is refused instead of renewing and expiring against the wrong products.
public struct StateSetup: Codable, Hashable, Sendable {
    /// The profile's name (`voip`) or its file's absolute path; nil: the plain paywall app.
    public var profile: String?
    /// The `.storekit` file's absolute path; nil: the profile's catalog, else the embedded one.
    public var storekit: String?
    /// The `environment` every signed object carries (`Xcode`, `Sandbox`, `Production`, `LocalTesting`); nil: `Xcode`.
    public var environment: String?
    /// The app's bundle id in every signed object; nil: `com.paywallsim.app`.
    public var bundleID: String?
    /// The app's Apple ID (App Store Connect's), which Production's signed data carries; nil: none.
    public var appAppleID: Int64?

    /// The environments a state may sign for, as Apple names them.
    public static let environments = ["Xcode", "Sandbox", "Production", "LocalTesting"]
    /// StoreKit Testing's: what a state signs for when no command named another.
    public static let defaultEnvironment = "Xcode"
    public static let defaultBundleID = "com.paywallsim.app"

    public init(profile: String? = nil, storekit: String? = nil, environment: String? = nil, bundleID: String? = nil, appAppleID: Int64? = nil) {
        self.profile = profile
        self.storekit = storekit
        self.environment = environment
        self.bundleID = bundleID
        self.appAppleID = appAppleID
    }

    /// The environment signed objects carry.
    public var signingEnvironment: String { environment ?? Self.defaultEnvironment }
    /// The bundle id signed objects carry.
    public var signingBundleID: String { bundleID ?? Self.defaultBundleID }

    /// The setup a command names: a built-in profile by name, a profile file and a `.storekit` by
    /// absolute path (relative paths resolved against `baseDirectory`), so setups compare by file.
    public static func named(profile: String?, storekit: String?, baseDirectory: String,
                             environment: String? = nil, bundleID: String? = nil, appAppleID: Int64? = nil) -> StateSetup {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? URL(fileURLWithPath: path).standardized.path
                : URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).standardized.path
        }
        let profileName = profile.map { ProfileLoader.namesAFile($0) ? absolute($0) : $0 }
        return StateSetup(profile: profileName, storekit: storekit.map(absolute), environment: environment, bundleID: bundleID,
                          appAppleID: appAppleID)
    }

    /// The catalog in words, for messages: the file, the profile's, or the embedded one.
    public var catalogDescription: String {
        if let storekit { return storekit }
        if let profile { return "the \(profile) profile's catalog" }
        return "the embedded catalog"
    }

    /// The setup a command runs with. What it names must be what the state was created with (the
    /// parts it does not name come from the state); a state with no setup yet takes the command's.
    /// With `switching` (`--switch-catalog`), what the command names replaces the state's.
    /// An environment or bundle id the command names replaces the state's (and is remembered).
    /// `saved` is what the state directory at `directory` keeps (nil: a new state); errors name `directory`.
    public static func reconcile(_ requested: StateSetup, saved: StateSetup?, directory: URL, switching: Bool) throws -> StateSetup {
        guard let saved else { return requested }
        if switching {
            var result = requested
            result.environment = requested.environment ?? saved.environment
            result.bundleID = requested.bundleID ?? saved.bundleID
            result.appAppleID = requested.appAppleID ?? saved.appAppleID
            return result
        }
        var result = saved
        result.environment = requested.environment ?? saved.environment
        result.bundleID = requested.bundleID ?? saved.bundleID
        result.appAppleID = requested.appAppleID ?? saved.appAppleID
        if let profile = requested.profile {
            guard profile == saved.profile else { throw StateSetupError(directory: directory, saved: saved, requested: requested) }
            result.profile = profile
        }
        if let storekit = requested.storekit {
            guard storekit == saved.storekit else { throw StateSetupError(directory: directory, saved: saved, requested: requested) }
            result.storekit = storekit
        }
        return result
    }
}

/// A command named another catalog or profile than the state directory was created with.
public struct StateSetupError: Error, CustomStringConvertible, Sendable {
    public var directory: URL
    public var saved: StateSetup
    public var requested: StateSetup

    public var description: String {
        "\(directory.path): this state directory was made with \(Self.words(saved)); this command names \(Self.words(requested))."
            + " Name the same (or nothing, to use it), or add --switch-catalog to use the new one from now on"
    }

    /// `--profile voip --storekit FILE`, or `the embedded catalog` when neither is named.
    static func words(_ setup: StateSetup) -> String {
        let parts = [setup.profile.map { "--profile \($0)" }, setup.storekit.map { "--storekit \($0)" }].compactMap { $0 }
        return parts.isEmpty ? "the embedded catalog (no --profile or --storekit)" : parts.joined(separator: " ")
    }
}
