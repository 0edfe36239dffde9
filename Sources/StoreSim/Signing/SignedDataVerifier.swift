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
    /// Chains already checked, by their `x5c` text: the leaf's key and the instants all three are
    /// valid between (Apple's verifier keeps such a cache too). Every JWS the store signs carries
    /// the same chain, so a server checks it once, not three certificates per request.
    private let verifiedChains = VerifiedChains()

    /// The payloads the store that made this verifier signed lately (`SignedPayloadCache`): a
    /// backend in the same process holds the store's payload instead of decoding a second copy.
    package let recentlySigned: SignedPayloadCache?

    public init(trustedRoot: Certificate) {
        self.trustedRoot = trustedRoot
        recentlySigned = nil
    }

    /// A verifier that also finds the payloads `recentlySigned` holds (the store's own).
    package init(trustedRoot: Certificate, recentlySigned: SignedPayloadCache) {
        self.trustedRoot = trustedRoot
        self.recentlySigned = recentlySigned
    }

    /// The cache of checked chains; shared by copies of one verifier.
    final class VerifiedChains: @unchecked Sendable {
        struct Entry {
            var key: P256.Signing.PublicKey
            var from: Date
            var until: Date
        }
        private let lock = NSLock()
        private var entries: [[String]: Entry] = [:]

        func key(for x5c: [String], at date: Date) -> P256.Signing.PublicKey? {
            lock.lock()
            defer { lock.unlock() }
            guard let entry = entries[x5c], entry.from <= date, date <= entry.until else { return nil }
            return entry.key
        }

        func remember(_ x5c: [String], _ entry: Entry) {
            lock.lock()
            defer { lock.unlock() }
            if entries.count >= 32 { entries.removeAll() } // a few chains at most; never unbounded
            entries[x5c] = entry
        }
    }

    /// The payload bytes of `jws` once its chain and signature check out; `now` is the instant
    /// used when the payload carries no signing date.
    public func verify(_ jws: String, now: Date) throws(CompactJWS.Failure) -> Data {
        let (header, payload) = try CompactJWS.decodeUnverified(jws)
        guard header.alg == "ES256" else { throw .unsupportedAlgorithm(header.alg) }
        guard let x5c = header.x5c, !x5c.isEmpty else { throw .malformed("the header has no x5c certificate chain") }
        let date = Self.signingDate(payload) ?? now
        if let key = verifiedChains.key(for: x5c, at: date) {
            try CompactJWS.checkSignature(jws, key: key)
            return payload
        }
        let chain: StoreCertificateChain
        do { chain = try StoreCertificateChain.decode(x5c: x5c) } catch { throw .badChain("\(error)") }
        let key: P256.Signing.PublicKey
        do { key = try chain.verify(trustedRoot: trustedRoot, at: date) } catch { throw .badChain(error.description) }
        let certificates = [chain.leaf, chain.intermediate, chain.root]
        verifiedChains.remember(x5c, .init(key: key, from: certificates.map(\.notValidBefore).max() ?? date,
                                           until: certificates.map(\.notValidAfter).min() ?? date))
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
