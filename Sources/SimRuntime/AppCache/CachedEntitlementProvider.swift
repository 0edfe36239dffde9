import Foundation
import StoreSim
import TeamServer
import PaywallFoundation
import PaywallCore

/// Seed 003's fallback: ask the backend; when it is down, the last verified entitlement within a staleness limit.
///
/// Nothing unlocks without a verification that succeeded at some point: with no cached answer,
/// or one older than `stalenessLimit`, the user is free.
public final class CachedEntitlementProvider {
    public let backend: VerificationBackend
    /// How old a cached entitlement may be and still be used, in seconds of the clock.
    public let stalenessLimit: TimeInterval
    /// Why the last answer came from where it did, for the debug view.
    public private(set) var log: [String] = []
    private let cache: Ledger<Entitlement>
    /// Set when the app's backend is another server (`--backend URL`): the app knows only what that
    /// server answered, so its entitlement is the last answer (within the staleness limit).
    public var remoteBackend: String?

    /// The cache lives in `entitlement-cache.json` in `stateDirectory`.
    public init(backend: VerificationBackend, stateDirectory: URL, stalenessLimit: TimeInterval, durability: Durability = .durable) {
        self.backend = backend
        self.stalenessLimit = stalenessLimit
        cache = Ledger(url: StateLayout.Backend(folder: stateDirectory).entitlementCache, durability: durability)
    }

    /// Remembers a verified entitlement (after a post that succeeded).
    public func remember(_ entitlement: Entitlement) throws {
        guard entitlement.source != .cache, entitlement.verifiedAt != nil else { return }
        try cache.save(entitlement)
    }

    /// The entitlement at `now`: the backend's if it is up, else the cache (source `.cache`) or free.
    public func entitlement(now: Date) -> Entitlement {
        let answer = remoteBackend.map { TransactionVerification.unavailable(reason: "the app's backend is \($0); its last answer") }
            ?? backend.refreshEntitlement(now: now)
        switch answer {
        case let .verified(entitlement):
            do { try remember(entitlement) } catch { log.append("cache not saved: \(error)") }
            log.append("backend verified: premium \(entitlement.isPremium)")
            return entitlement
        case let .rejected(reason), let .unavailable(reason):
            let cached: Entitlement?
            do { cached = try cache.load() } catch { log.append("cache unreadable: \(error)"); return .free }
            guard var cached, let verifiedAt = cached.verifiedAt else {
                log.append("backend unavailable (\(reason)); no verified entitlement cached: free")
                return .free
            }
            let age = now.timeIntervalSince(verifiedAt)
            guard age <= stalenessLimit else {
                log.append("backend unavailable (\(reason)); cache is \(Int(age)) s old, limit \(Int(stalenessLimit)) s: free")
                return .free
            }
            if let expires = cached.expiresAt, expires <= now { cached.isPremium = false }
            cached.source = .cache
            log.append("backend unavailable (\(reason)); using cached entitlement from \(Int(age)) s ago")
            return cached
        }
    }
}
