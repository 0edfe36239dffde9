import Foundation
import PaywallFoundation

/// Transaction payloads this process signed lately, by the JSON bytes that were signed.
///
/// When the app, its store and its backend run in one process (`run`, `play`, the soak), the
/// backend verifies every JWS the store has just signed and used to decode a second copy of its
/// payload: about 1.2 KB a transaction held twice. A backend that finds the verified bytes here
/// holds the store's own (immutable) payload instead. The bytes are the whole payload as signed,
/// and decoding them gives back that payload (tested), so what the backend holds is what it
/// would have decoded. A JWS from anywhere else, or from before this process, is decoded as before.
package enum SignedPayloads {
    /// The last payloads signed, at most 64 (a backend verifies a transaction right after it is signed).
    private static let recent = BoundedCache<SignedBytes, Boxed<TransactionPayload>>(limit: 64)

    /// Remembers that `bytes` are the signed JSON of `payload`.
    package static func remember(_ payload: Boxed<TransactionPayload>, signedAs bytes: Data) {
        recent.remember(payload, for: SignedBytes(bytes))
    }

    /// The payload signed as exactly `bytes`, if this process signed it lately.
    package static func payload(signedAs bytes: Data) -> Boxed<TransactionPayload>? {
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
