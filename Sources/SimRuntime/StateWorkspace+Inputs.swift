import Foundation
import PaywallCore
import PaywallFoundation
import Profiles
import StoreSim

/// The input rules every command shares: which catalog and remote config a run's files name (a
/// `.storekit` file over a profile's catalog over the embedded one; a `--config` file over a
/// profile's config over the default).
extension StateWorkspace {
    /// The profile `nameOrPath` names (a built-in name, or a file relative to `baseDirectory`), or
    /// nil. Throws `Diagnostic` naming the file.
    public static func profile(_ nameOrPath: String?, baseDirectory: String) throws -> ProfileSetup? {
        do { return try nameOrPath.map { try ProfileLoader(baseDirectory: baseDirectory).setup(nameOrPath: $0) } }
        catch { throw Diagnostic(wrapping: error) }
    }

    /// The catalog a run uses: the `.storekit` file at `storekit` (an absolute path), else the
    /// profile's, else `embedded`. Errors name the file.
    public static func catalog(storekit: String?, profile: ProfileSetup?, embedded: @autoclosure () -> StoreCatalog = .embedded) throws -> StoreCatalog {
        if let storekit { return try StoreKitConfigurationLoader.load(contentsOf: URL(fileURLWithPath: storekit)) }
        return profile?.catalog ?? embedded()
    }

    /// The remote config a run uses: the file at `path` (an absolute path), else the profile's,
    /// else the default. Throws `Diagnostic` naming the file.
    public static func config(file path: String?, profile: ProfileSetup?) throws -> RemoteConfig {
        guard let path else { return profile?.config ?? .default }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic("\(path): cannot read the remote-config file")
        }
        do { return try RemoteConfig.decode(from: data, path: path) } catch { throw Diagnostic(wrapping: error) }
    }
}
