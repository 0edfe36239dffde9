import Foundation
import PaywallFoundation

/// Transaction payloads one store signed lately, by the JSON bytes that were signed.
///
/// When the app, its store and its backend run in one process (`run`, `play`, the soak), the
/// backend verifies every JWS the store has just signed and used to decode a second copy of its
/// payload: about 1.2 KB a transaction held twice. A backend whose verifier carries its store's
/// cache (`SimulatedStore.signedDataVerifier`) holds the store's own (immutable) payload
/// instead. The bytes are the whole payload as signed, and decoding them gives back that payload
/// (tested), so what the backend holds is what it would have decoded. A JWS from anywhere else,
/// or from another store, is decoded as before. Each store owns one (injected), none is process-wide.
package final class SignedPayloadCache: @unchecked Sendable {
    /// The last payloads signed, at most 64 (a backend verifies a transaction right after it is signed).
    private let recent = BoundedCache<SignedBytes, Boxed<TransactionPayload>>(limit: 64)

    package init() {}

    /// Remembers that `bytes` are the signed JSON of `payload`.
    package func remember(_ payload: Boxed<TransactionPayload>, signedAs bytes: Data) {
        recent.remember(payload, for: SignedBytes(bytes))
    }

    /// The payload signed as exactly `bytes`, if this store signed it lately.
    package func payload(signedAs bytes: Data) -> Boxed<TransactionPayload>? {
        recent.value(for: SignedBytes(bytes))
    }

    /// JSON bytes, compared and hashed whole.
    private struct SignedBytes: Hashable, Sendable {
        let bytes: Data

        init(_ bytes: Data) { self.bytes = bytes }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
