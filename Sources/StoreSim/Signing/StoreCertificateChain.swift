import Crypto
import Foundation
import StoreKitVocabulary
import PaywallFoundation
import SwiftASN1
import X509

/// The chain the simulator signs with, shaped as Apple's: a root CA made once per state directory,
/// an intermediate carrying Apple's WWDR marker (1.2.840.113635.100.6.2.1) and a leaf carrying the
/// App Store receipt-signing marker (1.2.840.113635.100.6.11.1), whose key signs every JWS.
///
/// Every certificate is valid from 1970 to the end of 9999, so a JWS verifies at any instant the
/// simulated clock can reach. Apple's `SignedDataVerifier` accepts it with the root as its only
/// trusted certificate (`paywall-sim store certificate` exports it).
public struct StoreCertificateChain: @unchecked Sendable {
    /// Apple's marker on the intermediate (Apple Worldwide Developer Relations).
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 1]
    /// Apple's marker on the leaf (App Store receipt signing).
    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 11, 1]
    /// The first and last instants the certificates are valid at (the simulated clock's range).
    public static let validity = (
        from: Date(timeIntervalSince1970: 0),
        until: ISO8601.parse("9999-12-31T23:59:59Z") ?? Date.distantFuture
    )

    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate

    /// The JWS header's `x5c`: leaf, intermediate, root, each base64 DER (not base64url).
    public let x5c: [String]

    init(root: Certificate, intermediate: Certificate, leaf: Certificate) throws {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        x5c = try [leaf, intermediate, root].map { Data(try Self.der($0)).base64EncodedString() }
    }

    /// Where the intermediate and the leaf say their status is answered (their Authority
    /// Information Access extension): `serve` answers OCSP there, reached as an HTTP proxy
    /// (`HTTP_PROXY`), as Apple's are at `ocsp.apple.com`. The `.test` name never resolves elsewhere.
    public static let ocspURL = "http://ocsp.paywallsim.test/ocsp"
    /// The host of `ocspURL`.
    public static let ocspHost = "ocsp.paywallsim.test"

    /// Makes a chain whose leaf certifies `leafKey`, its intermediate and root signed with
    /// `authorities` (made from the system's randomness, never from a seed: each state directory's
    /// root is its own, so trusting one never trusts another's data). The serial numbers come from
    /// `generator`. The intermediate and the leaf carry `ocspURL`.
    public static func make(leafKey: P256.Signing.PrivateKey, authorities: CertificateAuthorityKeys,
                            generator: inout SeededGenerator) throws -> StoreCertificateChain {
        let rootKey = authorities.root
        let intermediateKey = authorities.intermediate
        let statusAccess = AuthorityInformationAccess([
            .init(method: .ocspServer, location: .uniformResourceIdentifier(ocspURL)),
        ])
        let rootName = try DistinguishedName {
            CommonName("PaywallSim Root CA")
            OrganizationalUnitName("PaywallSim Certification Authority")
            OrganizationName("PaywallSim (simulated, not Apple)")
            CountryName("US")
        }
        let intermediateName = try DistinguishedName {
            CommonName("PaywallSim Worldwide Developer Relations Certification Authority")
            OrganizationalUnitName("G6")
            OrganizationName("PaywallSim (simulated, not Apple)")
            CountryName("US")
        }
        let leafName = try DistinguishedName {
            CommonName("PaywallSim Prod ECC Mac App Store and iTunes Store Receipt Signing")
            OrganizationalUnitName("PaywallSim Worldwide Developer Relations")
            OrganizationName("PaywallSim (simulated, not Apple)")
            CountryName("US")
        }
        let rootPublic = Certificate.PublicKey(rootKey.publicKey)
        let intermediatePublic = Certificate.PublicKey(intermediateKey.publicKey)
        let leafPublic = Certificate.PublicKey(leafKey.publicKey)
        let root = try Certificate(
            version: .v3, serialNumber: serial(&generator), publicKey: rootPublic,
            notValidBefore: validity.from, notValidAfter: validity.until, issuer: rootName, subject: rootName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: rootPublic)
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
        let intermediate = try Certificate(
            version: .v3, serialNumber: serial(&generator), publicKey: intermediatePublic,
            notValidBefore: validity.from, notValidAfter: validity.until, issuer: rootName, subject: intermediateName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: intermediatePublic)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: rootPublic).keyIdentifier)
                statusAccess
                Certificate.Extension(oid: intermediateMarker, critical: false, value: [0x05, 0x00])
            },
            issuerPrivateKey: Certificate.PrivateKey(rootKey))
        let leaf = try Certificate(
            version: .v3, serialNumber: serial(&generator), publicKey: leafPublic,
            notValidBefore: validity.from, notValidAfter: validity.until, issuer: intermediateName, subject: leafName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                SubjectKeyIdentifier(hash: leafPublic)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: intermediatePublic).keyIdentifier)
                statusAccess
                Certificate.Extension(oid: leafMarker, critical: false, value: [0x05, 0x00])
            },
            issuerPrivateKey: Certificate.PrivateKey(intermediateKey))
        return try StoreCertificateChain(root: root, intermediate: intermediate, leaf: leaf)
    }

    /// A positive 16-byte serial number from the generator.
    static func serial(_ generator: inout SeededGenerator) -> Certificate.SerialNumber {
        var bytes = generator.bytes(16)
        bytes[0] = (bytes[0] & 0x7F) | 0x10
        return Certificate.SerialNumber(bytes: bytes)
    }

    /// A certificate's DER bytes.
    public static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// The root as PEM text (no newline after the END line).
    public func rootPEM() throws -> String { try root.serializeAsPEM().pemString }

    /// The root's SHA-256 fingerprint, hex, as `openssl x509 -fingerprint -sha256` shows it (without colons).
    public func rootFingerprint() throws -> String {
        SHA256.hash(data: try rootDER()).map { String(format: "%02X", $0) }.joined()
    }

    /// The root's DER bytes.
    public func rootDER() throws -> Data { Data(try Self.der(root)) }

    /// Reads a chain from its three base64 DER certificates (leaf first), as stored or in an `x5c`.
    public static func decode(x5c: [String]) throws -> StoreCertificateChain {
        guard x5c.count == 3 else { throw ChainFailure("x5c holds \(x5c.count) certificates; expected 3 (leaf, intermediate, root)") }
        let certificates = try x5c.enumerated().map { index, text -> Certificate in
            guard let der = Data(base64Encoded: text) else { throw ChainFailure("x5c[\(index)] is not base64") }
            do { return try Certificate(derEncoded: Array(der)) } catch { throw ChainFailure("x5c[\(index)] is not a DER certificate: \(error)") }
        }
        return try StoreCertificateChain(root: certificates[2], intermediate: certificates[1], leaf: certificates[0])
    }

    /// Checks this chain as Apple's verifier does: the root is `trustedRoot`, each certificate is
    /// signed by the next and valid at `date`, the intermediate is a CA, and both markers are there.
    /// Returns the leaf's key, which must verify the JWS.
    public func verify(trustedRoot: Certificate, at date: Date) throws(ChainFailure) -> P256.Signing.PublicKey {
        guard root == trustedRoot else { throw ChainFailure("the x5c root is not the trusted root (paywall-sim store certificate)") }
        for (certificate, issuer, name) in [(leaf, intermediate, "leaf"), (intermediate, root, "intermediate"), (root, root, "root")] {
            guard certificate.issuer == issuer.subject,
                  issuer.publicKey.isValidSignature(certificate.signature, for: certificate) else {
                throw ChainFailure("the \(name) certificate is not signed by its issuer")
            }
            guard certificate.notValidBefore <= date, date <= certificate.notValidAfter else {
                throw ChainFailure("the \(name) certificate is not valid at \(ISO8601.string(date))")
            }
        }
        guard case .isCertificateAuthority? = try? intermediate.extensions.basicConstraints else {
            throw ChainFailure("the intermediate certificate is not a certificate authority")
        }
        guard intermediate.extensions[oid: Self.intermediateMarker] != nil else { throw ChainFailure("the intermediate lacks the marker 1.2.840.113635.100.6.2.1") }
        guard leaf.extensions[oid: Self.leafMarker] != nil else { throw ChainFailure("the leaf lacks the marker 1.2.840.113635.100.6.11.1") }
        guard let key = P256.Signing.PublicKey(leaf.publicKey) else { throw ChainFailure("the leaf's key is not P-256") }
        return key
    }

    /// Why a chain was refused.
    public struct ChainFailure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }
}
