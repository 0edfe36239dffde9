import Foundation
import CopyDeck
import PaywallCore
import StoreSim

/// Finds a profile by name (`chat`, `voip`, `templates`) or reads a profile file, with the file system injected.
public struct ProfileLoader: Sendable {
    /// Reads a whole file; nil when it does not exist or cannot be read.
    public var readFile: @Sendable (String) -> Data?
    /// Folder a relative profile path is resolved against (the working directory, or a tape's folder).
    public var baseDirectory: String

    public init(baseDirectory: String = FileManager.default.currentDirectoryPath,
                readFile: @escaping @Sendable (String) -> Data? = { FileManager.default.contents(atPath: $0) }) {
        self.baseDirectory = baseDirectory
        self.readFile = readFile
    }

    /// Whether `nameOrPath` names a profile file rather than a built-in profile: it has a `/` or
    /// ends in `.json` (the one rule `run`, `play`, `store` and the state's setup follow).
    public static func namesAFile(_ nameOrPath: String) -> Bool {
        nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
    }

    /// The built-in profile `nameOrPath`, else the profile file at that path (relative to `baseDirectory`).
    ///
    /// A file's `storekit`, `copy` and `config` must exist (relative to the profile file's folder);
    /// a missing one is reported with its line and column.
    public func load(nameOrPath: String) throws(ProfileError) -> Profile {
        if let builtIn = BuiltInProfiles.named(nameOrPath) { return builtIn }
        let path = absolute(nameOrPath, against: baseDirectory)
        guard let data = readFile(path) else {
            let looksLikeName = !Self.namesAFile(nameOrPath)
            throw ProfileError(file: nameOrPath, message: looksLikeName
                ? "no such profile, expected one of \(BuiltInProfiles.names.joined(separator: ", ")) or a path to a profile .json file"
                : "cannot read the profile file (looked at \(path)), expected a profile .json file")
        }
        var (profile, places) = try ProfileDecoder.decodeLocated(data, file: nameOrPath)
        profile.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        profile.sourceFile = nameOrPath
        var references: [(key: String, path: String)] = []
        if case .storekit(let storekit) = profile.catalog { references.append(("storekit", storekit)) }
        if let copy = profile.copy { references.append(("copy", copy)) }
        if let config = profile.config { references.append(("config", config)) }
        for reference in references where readFile(profile.absolute(reference.path)) == nil {
            throw ProfileError(file: nameOrPath, location: places[reference.key], jsonPath: reference.key,
                               message: "cannot read \"\(reference.path)\" (looked at \(profile.absolute(reference.path))), expected a path relative to the profile file")
        }
        return profile
    }

    /// Loads what a profile names: its catalog, remote config (with the profile's limits applied) and copy.
    public func setup(_ profile: Profile) throws(ProfileError) -> ProfileSetup {
        let file = profile.sourceFile ?? profile.name
        let catalog: StoreCatalog
        var builtInID: String?
        switch profile.catalog {
        case .builtIn(let id):
            guard let embedded = BuiltInProfiles.catalog(id) else {
                throw ProfileError(file: file, jsonPath: "catalog", message: "unknown built-in catalog \"\(id)\"")
            }
            catalog = embedded
            builtInID = id
        case .storekit(let path):
            let data = try contents(of: profile.absolute(path), key: "storekit", file: file)
            do { catalog = try StoreKitConfigurationLoader.decode(data, origin: path) } catch {
                throw ProfileError(file: file, jsonPath: "storekit", message: "\(error)")
            }
        }
        var config = BuiltInProfiles.config(forCatalog: builtInID ?? "embedded")
        if let path = profile.config {
            let full = profile.absolute(path)
            let data = try contents(of: full, key: "config", file: file)
            do { config = try RemoteConfig.decode(from: data, path: path) } catch {
                throw ProfileError(file: file, jsonPath: "config", message: "\(error)")
            }
        }
        if let limit = profile.limits.dailyMessageLimit { config.dailyMessageLimit = limit }
        var copyCatalog = builtInID.flatMap { ProfileDecks.catalog($0) }
        if let path = profile.copy {
            let data = try contents(of: profile.absolute(path), key: "copy", file: file)
            do { copyCatalog = try StringCatalog.decode(data, origin: path) } catch {
                throw ProfileError(file: file, jsonPath: "copy", message: "\(error)")
            }
        }
        return ProfileSetup(profile: profile, catalog: catalog, config: config, copyCatalog: copyCatalog,
                            findings: GuidelineCheck.findings(profile: profile, catalog: catalog))
    }

    /// `load(nameOrPath:)` then `setup(_:)`.
    public func setup(nameOrPath: String) throws(ProfileError) -> ProfileSetup {
        try setup(try load(nameOrPath: nameOrPath))
    }

    private func contents(of path: String, key: String, file: String) throws(ProfileError) -> Data {
        guard let data = readFile(path) else {
            throw ProfileError(file: file, jsonPath: key, message: "cannot read \(path)")
        }
        return data
    }

    private func absolute(_ path: String, against base: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: base).appendingPathComponent(path).standardized.path
    }
}
