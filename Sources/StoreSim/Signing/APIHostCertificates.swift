import Crypto
import Foundation
import PaywallFoundation
import SwiftASN1
import X509

/// The TLS certificates `serve` presents when a backend reaches Apple's App Store Server API hosts
/// through it (`HTTPS_PROXY`): a PaywallSim TLS authority made once per state directory (the CA
/// bundle a client trusts, `store certificate --tls`) and a server certificate it signed for
/// Apple's App Store Server API hosts (`hosts`).
///
/// Separate from the signing chain: trusting this authority lets a client talk TLS to `serve`; it
/// says nothing about what the App Store signs.
public struct APIHostCertificates: @unchecked Sendable {
    /// The hosts the server certificate names: Apple's App Store Server API, production and sandbox,
    /// as Apple's documentation names them and as Apple's App Store Server Library (3.x) calls them.
    public static let hosts = ["api.storekit.itunes.apple.com", "api.storekit-sandbox.itunes.apple.com",
                               "api.storekit.apple.com", "api.storekit-sandbox.apple.com"]
    /// When the certificates are valid: TLS clients check at their own (wall) time.
    static let validity = (from: ISO8601.parse("2020-01-01T00:00:00Z")!, until: ISO8601.parse("2049-12-31T23:59:59Z")!)

    public let authority: Certificate
    public let server: Certificate
    public let serverKey: P256.Signing.PrivateKey

    /// The server certificate's DER (what TLS presents).
    public func serverDER() throws -> [UInt8] { try StoreCertificateChain.der(server) }
    /// The server key as PKCS#8 PEM.
    public var serverKeyPEM: String { serverKey.pemRepresentation }
    /// The authority as PEM: the CA bundle a client trusts (`REQUESTS_CA_BUNDLE`, `SSL_CERT_FILE`, `NODE_EXTRA_CA_CERTS`).
    public func authorityPEM() throws -> String { try authority.serializeAsPEM().pemString }
    /// The authority's DER bytes.
    public func authorityDER() throws -> Data { Data(try StoreCertificateChain.der(authority)) }
    /// The authority's SHA-256 fingerprint, hex.
    public func authorityFingerprint() throws -> String {
        SHA256.hash(data: try authorityDER()).map { String(format: "%02X", $0) }.joined()
    }

    struct Stored: Codable {
        var authorityDER: String
        var serverDER: String
        var serverKeyRaw: String
    }

    /// The certificates of `directory` (a state's `store/` folder), made on first use. The caller
    /// holds the state directory's lock.
    public static func loadOrCreate(in directory: URL, durability: Durability) throws -> APIHostCertificates {
        let ledger = Ledger<Stored>(url: StateLayout.Store(folder: directory).apiHostCertificates, durability: durability)
        if let stored = try ledger.load() {
            guard let authorityDER = Data(base64Encoded: stored.authorityDER), let serverDER = Data(base64Encoded: stored.serverDER),
                  let keyRaw = Data(base64Encoded: stored.serverKeyRaw),
                  let authority = try? Certificate(derEncoded: Array(authorityDER)), let server = try? Certificate(derEncoded: Array(serverDER)),
                  let key = try? P256.Signing.PrivateKey(rawRepresentation: keyRaw),
                  P256.Signing.PublicKey(server.publicKey)?.rawRepresentation == key.publicKey.rawRepresentation else {
                throw Ledger<Stored>.Failure(file: ledger.url.path, line: 1, column: 1, "expected the TLS authority, the server certificate (base64 DER) and its key (base64 raw P-256) (delete the file to start over)")
            }
            return APIHostCertificates(authority: authority, server: server, serverKey: key)
        }
        let made = try make()
        try ledger.save(Stored(authorityDER: Data(try StoreCertificateChain.der(made.authority)).base64EncodedString(),
                               serverDER: Data(try StoreCertificateChain.der(made.server)).base64EncodedString(),
                               serverKeyRaw: made.serverKey.rawRepresentation.base64EncodedString()))
        return made
    }

    /// A new authority (its key is used once, then forgotten) and a server certificate it signs.
    static func make() throws -> APIHostCertificates {
        let authorityKey = P256.Signing.PrivateKey()
        let serverKey = P256.Signing.PrivateKey()
        var generator = SystemRandomNumberGenerator()
        func serial() -> Certificate.SerialNumber {
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[0] = (bytes[0] & 0x7F) | 0x10
            return Certificate.SerialNumber(bytes: bytes)
        }
        let authorityName = try DistinguishedName {
            CommonName("PaywallSim TLS Authority")
            OrganizationName("PaywallSim (simulated, not Apple)")
        }
        let serverName = try DistinguishedName {
            CommonName(hosts[0])
            OrganizationName("PaywallSim (simulated, not Apple)")
        }
        let authorityPublic = Certificate.PublicKey(authorityKey.publicKey)
        let serverPublic = Certificate.PublicKey(serverKey.publicKey)
        let authority = try Certificate(
            version: .v3, serialNumber: serial(), publicKey: authorityPublic,
            notValidBefore: validity.from, notValidAfter: validity.until, issuer: authorityName, subject: authorityName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: authorityPublic)
            },
            issuerPrivateKey: Certificate.PrivateKey(authorityKey))
        let server = try Certificate(
            version: .v3, serialNumber: serial(), publicKey: serverPublic,
            notValidBefore: validity.from, notValidAfter: validity.until, issuer: authorityName, subject: serverName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(hosts.map { .dnsName($0) })
                SubjectKeyIdentifier(hash: serverPublic)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: authorityPublic).keyIdentifier)
            },
            issuerPrivateKey: Certificate.PrivateKey(authorityKey))
        return APIHostCertificates(authority: authority, server: server, serverKey: serverKey)
    }
}
