import Foundation

/// What the user may use, as the verification backend last confirmed it.
public struct Entitlement: Hashable, Codable, Sendable {
    /// Where an entitlement came from.
    public enum Source: String, Codable, Sendable {
        /// Nothing has been verified.
        case none
        /// The backend verified a purchase or renewal.
        case purchase
        /// The backend verified transactions re-delivered by a restore.
        case restore
        /// The backend was unreachable; this is the last verified answer, within its staleness limit.
        case cache
    }

    public var isPremium: Bool
    public var productID: String?
    public var expiresAt: Date?
    public var source: Source
    /// When the backend last confirmed this entitlement.
    public var verifiedAt: Date?

    public init(isPremium: Bool, productID: String? = nil, expiresAt: Date? = nil, source: Source = .none,
                verifiedAt: Date? = nil) {
        self.isPremium = isPremium
        self.productID = productID
        self.expiresAt = expiresAt
        self.source = source
        self.verifiedAt = verifiedAt
    }

    /// No entitlement: a free user.
    public static let free = Entitlement(isPremium: false)
}
