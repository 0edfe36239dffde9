import Foundation

/// What a control names by one word, resolved against the store when it is performed
/// (`StoreTargetResolver`); the targets of `StoreCommand`.
public enum StoreTarget {
    /// A product of the catalog by id (`Buy weekly_9_99`, `RemoveFromSale lifetime`).
    public struct Product: Hashable, Sendable, ExpressibleByStringLiteral {
        /// The product id as written.
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral name: String) { self.name = name }
    }

    /// A subscription group, or one of its products (`Expire premium`, `Expire yearly_59_99`).
    public struct Group: Hashable, Sendable, ExpressibleByStringLiteral {
        /// The group id or product id as written.
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral name: String) { self.name = name }
    }

    /// A transaction by id, or the latest one of a product (`Refund 2000000001`, `Refund weekly_9_99`).
    public struct Transaction: Hashable, Sendable, ExpressibleByStringLiteral {
        /// The transaction id or product id as written.
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral name: String) { self.name = name }
    }

    /// A request waiting outside the app (Ask to Buy, an interrupted purchase) by id, or the oldest
    /// one for a product; `Resolve` also takes a subscription group (its billing issue).
    public struct Request: Hashable, Sendable, ExpressibleByStringLiteral {
        /// The request id, product id or group id as written.
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral name: String) { self.name = name }
    }
}
