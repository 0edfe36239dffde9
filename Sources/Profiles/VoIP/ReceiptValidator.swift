import Foundation

/// A subscription state as the receipt server answers it (seed 003's `SubscriptionStatus`).
public struct SubscriptionStatus: Hashable, Codable, Sendable {
    public var tier: SubscriptionTier
    public var expiresAt: Date?
    public var validatedAt: Date

    public init(tier: SubscriptionTier, expiresAt: Date?, validatedAt: Date) {
        self.tier = tier
        self.expiresAt = expiresAt
        self.validatedAt = validatedAt
    }

    /// The tier that applies at `now`: the status's tier until it expires, then free.
    public func effectiveTier(at now: Date) -> SubscriptionTier {
        guard let expiresAt else { return tier }
        return expiresAt > now ? tier : .free
    }
}

/// Where the last validated status is kept (the seed's local cache); inject a file or memory store.
public protocol SubscriptionStatusStore {
    func load() -> SubscriptionStatus?
    mutating func save(_ status: SubscriptionStatus)
}

/// A status store in memory, for tests and headless runs.
public struct InMemoryStatusStore: SubscriptionStatusStore, Hashable, Sendable {
    public var status: SubscriptionStatus?
    public init(status: SubscriptionStatus? = nil) { self.status = status }
    public func load() -> SubscriptionStatus? { status }
    public mutating func save(_ status: SubscriptionStatus) { self.status = status }
}

/// Seed 003's `ReceiptValidator.validateReceipt`: ask the server, cache what it says, fall back to the cache.
public enum ReceiptValidator {
    /// Where the answer came from.
    public enum Source: Hashable, Sendable {
        case server
        /// The server failed (`reason`); this is the cached status.
        case cache(reason: String)
        /// No receipt, or the server failed and nothing was cached.
        case none
    }

    /// The status (nil: treat as free) and where it came from.
    public struct Result: Hashable, Sendable {
        public var status: SubscriptionStatus?
        public var source: Source
    }

    /// The server's answer to one receipt.
    public typealias ServerValidation = (_ receipt: String) -> Swift.Result<SubscriptionStatus, ValidationFailure>

    /// Why server validation failed.
    public struct ValidationFailure: Error, Hashable, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// No receipt → nil; the server's status → cached and returned; a server failure → the cached status.
    public static func validate<Store: SubscriptionStatusStore>(receipt: Data?, server: ServerValidation,
                                                                cache: inout Store) -> Result {
        guard let receipt, !receipt.isEmpty else { return Result(status: nil, source: .none) }
        switch server(receipt.base64EncodedString()) {
        case .success(let status):
            cache.save(status)
            return Result(status: status, source: .server)
        case .failure(let failure):
            guard let cached = cache.load() else { return Result(status: nil, source: .none) }
            return Result(status: cached, source: .cache(reason: failure.reason))
        }
    }
}
