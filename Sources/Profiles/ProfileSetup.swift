import CopyDeck
import Foundation
import PaywallCore
import StoreSim

/// Everything a session needs from a profile, loaded: what `SessionInputs` otherwise reads from
/// `--storekit`, `--config` and `--copy`.
public struct ProfileSetup: Sendable {
    /// The profile itself (screens, features, limits, Apple Pay).
    public var profile: Profile
    /// The products: the profile's `.storekit` file or its built-in catalog.
    public var catalog: StoreCatalog
    /// The remote config, with the profile's `limits.dailyMessageLimit` applied.
    public var config: RemoteConfig
    /// The profile's copy deck, to layer over the default deck; nil when it has none.
    public var copyCatalog: StringCatalog?
    /// App Store Review Guideline findings for this profile (e.g. 3.1.1 for Apple Pay on subscriptions).
    public var findings: [GuidelineFinding]

    public init(profile: Profile, catalog: StoreCatalog, config: RemoteConfig, copyCatalog: StringCatalog?,
                findings: [GuidelineFinding]) {
        self.profile = profile
        self.catalog = catalog
        self.config = config
        self.copyCatalog = copyCatalog
        self.findings = findings
    }

    /// The storefront the catalog's settings name (`CHN` for `chat`, `USA` for `voip` and `templates`).
    public var storefront: String { catalog.settings.storefront }
}
