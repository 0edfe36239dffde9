import Crypto
import Foundation
import PaywallFoundation
import X509

/// Checks App Store signed data as Apple's `SignedDataVerifier` does with online checks off: the
/// `x5c` chain up to the trusted root, valid at the payload's `signedDate` (or
/// `receiptCreationDate`), both marker extensions, then the ES256 signature with the leaf's key.
///
/// The bundle id and environment are the caller's to check (they differ by kind of object).
public struct SignedDataVerifier: @unchecked Sendable {
    /// The root a JWS's chain must end in (`paywall-sim store certificate`).
    public let trustedRoot: Certificate

    public init(trustedRoot: Certificate) {
        self.trustedRoot = trustedRoot
    }

    /// The payload bytes of `jws` once its chain and signature check out; `now` is the instant
    /// used when the payload carries no signing date.
    public func verify(_ jws: String, now: Date) throws(CompactJWS.Failure) -> Data {
        let (header, payload) = try CompactJWS.decodeUnverified(jws)
        guard header.alg == "ES256" else { throw .unsupportedAlgorithm(header.alg) }
        guard let x5c = header.x5c, !x5c.isEmpty else { throw .malformed("the header has no x5c certificate chain") }
        let chain: StoreCertificateChain
        do { chain = try StoreCertificateChain.decode(x5c: x5c) } catch { throw .badChain("\(error)") }
        let key: P256.Signing.PublicKey
        do { key = try chain.verify(trustedRoot: trustedRoot, at: Self.signingDate(payload) ?? now) } catch { throw .badChain(error.description) }
        try CompactJWS.checkSignature(jws, key: key)
        return payload
    }

    /// `signedDate` (or an AppTransaction's `receiptCreationDate`), in Apple's milliseconds.
    static func signingDate(_ payload: Data) -> Date? {
        struct Dates: Decodable {
            var signedDate: Int64?
            var receiptCreationDate: Int64?
        }
        guard let dates = try? LocatedJSONDecoder().decode(Dates.self, from: payload),
              let millis = dates.signedDate ?? dates.receiptCreationDate else { return nil }
        return TransactionPayload.date(millis)
    }
}
