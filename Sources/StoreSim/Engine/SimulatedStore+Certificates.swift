import Foundation

/// The certificates around the store's signing: OCSP answers about its chain, revocations, and the
/// TLS certificates `serve` presents as Apple's API hosts.
extension SimulatedStore {
    /// The OCSP responder for this state's chain, with the revocations the key file holds now.
    public func ocspResponder() throws -> OCSPResponder {
        OCSPResponder(keys: try StoreSigningKeys.load(in: stateDirectory) ?? keys)
    }

    /// The TLS certificates `serve` presents as Apple's API hosts, made on first use.
    public func apiHostCertificates() throws -> APIHostCertificates {
        try lock.withLock { try APIHostCertificates.loadOrCreate(in: stateDirectory, durability: durability) }
    }

    /// Revokes (or, with nil, reinstates) a certificate of this state's chain, as of `date`.
    public func setCertificateRevoked(_ role: CertificateRole, at date: Date?) throws {
        try exclusive { try StoreSigningKeys.setRevoked(role, at: date, in: stateDirectory, durability: durability) }
    }
}
