import Foundation

/// The fields of Apple's `AppTransaction` (`JWSAppTransactionDecodedPayload`): who bought the app,
/// which version first, and when; what a paid-to-freemium app reads to honour early buyers.
public struct AppTransactionPayload: Codable, Hashable, Sendable {
    /// `Xcode`, `Sandbox` or `Production`.
    public var receiptType: String
    /// The app's Apple ID in Production (`--app-apple-id`); 0 in the Xcode and sandbox environments.
    public var appAppleId: Int64
    public var bundleId: String
    /// The app version now running (`CFBundleVersion`).
    public var applicationVersion: String
    public var versionExternalIdentifier: Int64
    public var receiptCreationDate: Int64
    public var originalPurchaseDate: Int64
    /// The version the customer first got (`CFBundleVersion` at that time).
    public var originalApplicationVersion: String
    public var deviceVerification: String
    public var deviceVerificationNonce: String
    public var appTransactionId: String
    /// `iOS`, `macOS`, `tvOS` or `visionOS`.
    public var originalPlatform: String

    /// The payload's JSON, keys sorted so the bytes repeat.
    public func encoded() throws -> Data { try CompactJWS.encoder.encode(self) }
}

/// What the store remembers of the app's own purchase (settable for paid-to-freemium tests).
public struct AppPurchase: Codable, Hashable, Sendable {
    /// The version the customer first got, e.g. `1.0`.
    public var originalApplicationVersion: String
    public var originalPurchaseDate: Date
    /// The version running now.
    public var applicationVersion: String

    public init(originalApplicationVersion: String, originalPurchaseDate: Date, applicationVersion: String) {
        self.originalApplicationVersion = originalApplicationVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.applicationVersion = applicationVersion
    }
}
