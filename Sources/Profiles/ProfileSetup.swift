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

extension ProfileSetup {
    /// The copy to layer over the default deck when a team also gives `--copy`: the team's entries
    /// over the profile's deck (team keys win; the team's source language). Nil when neither exists.
    /// The profile's `copyKeys` then give screen keys the team's entries.
    public func copy(overlaidWith team: StringCatalog?) -> StringCatalog? {
        guard let team else { return copyCatalog.map(mapped) }
        guard let base = copyCatalog else { return mapped(team) }
        let entries = base.entries.merging(team.entries) { _, teamEntry in teamEntry }
        let order = base.keys + team.keys.filter { base.entries[$0] == nil }
        return mapped(StringCatalog(sourceLanguage: team.sourceLanguage, version: team.version, entries: entries, keyOrder: order))
    }

    /// `catalog` with each `copyKeys` screen key given its team key's entry (a team key the catalog lacks maps nothing).
    func mapped(_ catalog: StringCatalog) -> StringCatalog {
        var out = catalog
        for (screenKey, teamKey) in profile.copyKeys.sorted(by: { $0.key < $1.key }) {
            if let entry = catalog.entries[teamKey] { out[screenKey] = entry }
        }
        return out
    }

    /// `copyKeys` team keys `catalog` does not have, sorted: mapped onto nothing.
    public func unmappedCopyKeys(in catalog: StringCatalog) -> [String] {
        profile.copyKeys.values.filter { catalog.entries[$0] == nil }.sorted()
    }
}
