import Crypto
import Foundation
import SwiftASN1
import X509

/// Answers OCSP requests (RFC 6960) about a state's chain, as Apple's responders answer about
/// theirs: the leaf's status signed by the intermediate, the intermediate's by the root, `good`
/// unless `store revoke-certificate` revoked it. Apple's `SignedDataVerifier` with online checks
/// on asks for both before it trusts a signed object.
///
/// swift-certificates keeps its OCSP types internal, so the request and response are read and
/// written here with swift-asn1, field by field as RFC 6960 §4 defines them.
public struct OCSPResponder: @unchecked Sendable {
    let chain: StoreCertificateChain
    let authorities: CertificateAuthorityKeys?
    let revocations: [CertificateRole: Date]

    /// How long an answer may be cached (`nextUpdate` − `thisUpdate`).
    static let validity: TimeInterval = 12 * 3600

    public init(keys: StoreSigningKeys) {
        chain = keys.chain
        authorities = keys.authorities
        revocations = keys.revocations
    }

    /// The DER `OCSPResponse` for a DER `OCSPRequest` at `now` (wall time: a verifier compares
    /// `thisUpdate` and `nextUpdate` with its own clock). Never throws: a request it cannot read
    /// is answered `malformedRequest`, one about another chain `unauthorized`.
    public func respond(to request: [UInt8], now: Date) -> [UInt8] {
        guard let ids = try? Self.certIDs(in: request), !ids.isEmpty else { return Self.status(.malformedRequest) }
        guard let authorities else { return Self.status(.unauthorized) }
        var answers: [(CertID, CertStatus)] = []
        var signer: (key: P256.Signing.PrivateKey, certificate: Certificate)?
        for id in ids {
            guard let (role, issuer, issuerKey) = match(id, authorities: authorities) else { continue }
            if signer == nil { signer = (issuerKey, issuer) }
            guard signer?.certificate == issuer else { continue } // one responder per answer
            answers.append((id, revocations[role].map(CertStatus.revoked) ?? .good))
        }
        guard let signer, !answers.isEmpty else { return Self.status(.unauthorized) }
        do {
            return try Self.successful(answers, signer: signer.key, now: now)
        } catch {
            return Self.status(.internalError)
        }
    }

    /// Which certificate of the chain `id` names, and its issuer with the issuer's key.
    private func match(_ id: CertID, authorities: CertificateAuthorityKeys)
        -> (CertificateRole, Certificate, P256.Signing.PrivateKey)? {
        let candidates: [(CertificateRole, Certificate, Certificate, P256.Signing.PrivateKey)] = [
            (.leaf, chain.leaf, chain.intermediate, authorities.intermediate),
            (.intermediate, chain.intermediate, chain.root, authorities.root),
        ]
        for (role, certificate, issuer, key) in candidates {
            guard Self.magnitude(certificate.serialNumber.bytes) == Self.magnitude(id.serial) else { continue }
            guard let hashes = try? Self.issuerHashes(issuer, algorithm: id.hashAlgorithm),
                  hashes.name == Array(id.issuerNameHash), hashes.key == Array(id.issuerKeyHash) else { continue }
            return (role, issuer, key)
        }
        return nil
    }

    /// An integer's bytes without leading zeros.
    static func magnitude<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        Array(bytes.drop { $0 == 0 })
    }

    // MARK: - RFC 6960 structures

    /// `OCSPResponseStatus`.
    public enum ResponseStatus: UInt8, Sendable {
        case successful = 0, malformedRequest = 1, internalError = 2, tryLater = 3, unauthorized = 6
    }

    /// A `CertID` as the request sent it (echoed back byte for byte) and its fields.
    struct CertID {
        var node: ASN1Node
        var hashAlgorithm: ASN1ObjectIdentifier
        var issuerNameHash: ArraySlice<UInt8>
        var issuerKeyHash: ArraySlice<UInt8>
        var serial: ArraySlice<UInt8>
    }

    enum CertStatus {
        case good
        case revoked(Date)
    }

    static let sha1: ASN1ObjectIdentifier = [1, 3, 14, 3, 2, 26]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
    static let basicResponse: ASN1ObjectIdentifier = [1, 3, 6, 1, 5, 5, 7, 48, 1, 1]

    /// The `CertID`s of an `OCSPRequest`'s request list.
    static func certIDs(in request: [UInt8]) throws -> [CertID] {
        let root = try DER.parse(request)
        return try DER.sequence(root, identifier: .sequence) { nodes -> [CertID] in
            guard let tbs = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "no tbsRequest") }
            _ = nodes.next() // optionalSignature
            return try DER.sequence(tbs, identifier: .sequence) { fields -> [CertID] in
                _ = try DER.optionalExplicitlyTagged(&fields, tagNumber: 0, tagClass: .contextSpecific) { $0 }
                _ = try DER.optionalExplicitlyTagged(&fields, tagNumber: 1, tagClass: .contextSpecific) { $0 }
                guard let list = fields.next() else { throw ASN1Error.invalidASN1Object(reason: "no requestList") }
                while fields.next() != nil {} // requestExtensions
                return try DER.sequence(list, identifier: .sequence) { requests -> [CertID] in
                    var ids: [CertID] = []
                    while let request = requests.next() {
                        ids.append(try DER.sequence(request, identifier: .sequence) { parts -> CertID in
                            guard let node = parts.next() else { throw ASN1Error.invalidASN1Object(reason: "no reqCert") }
                            while parts.next() != nil {}
                            return try certID(node)
                        })
                    }
                    return ids
                }
            }
        }
    }

    static func certID(_ node: ASN1Node) throws -> CertID {
        try DER.sequence(node, identifier: .sequence) { fields -> CertID in
            guard let algorithm = fields.next() else { throw ASN1Error.invalidASN1Object(reason: "no hashAlgorithm") }
            let oid = try DER.sequence(algorithm, identifier: .sequence) { parts -> ASN1ObjectIdentifier in
                guard let first = parts.next() else { throw ASN1Error.invalidASN1Object(reason: "empty AlgorithmIdentifier") }
                while parts.next() != nil {}
                return try ASN1ObjectIdentifier(derEncoded: first)
            }
            guard let nameNode = fields.next(), let keyNode = fields.next(), let serialNode = fields.next() else {
                throw ASN1Error.invalidASN1Object(reason: "a CertID has four fields")
            }
            return CertID(node: node, hashAlgorithm: oid,
                          issuerNameHash: try ASN1OctetString(derEncoded: nameNode).bytes,
                          issuerKeyHash: try ASN1OctetString(derEncoded: keyNode).bytes,
                          serial: try ArraySlice<UInt8>(derEncoded: serialNode))
        }
    }

    /// The issuer's name hash (of its subject's DER) and key hash (of its public key's bits).
    static func issuerHashes(_ issuer: Certificate, algorithm: ASN1ObjectIdentifier) throws -> (name: [UInt8], key: [UInt8])? {
        var serializer = DER.Serializer()
        try serializer.serialize(issuer.subject)
        let name = serializer.serializedBytes
        guard let key = P256.Signing.PublicKey(issuer.publicKey)?.x963Representation else { return nil }
        switch algorithm {
        case sha1: return (Array(Insecure.SHA1.hash(data: name)), Array(Insecure.SHA1.hash(data: key)))
        case sha256: return (Array(SHA256.hash(data: name)), Array(SHA256.hash(data: key)))
        default: return nil
        }
    }

    /// An `OCSPResponse` with only a status (no response bytes).
    public static func status(_ status: ResponseStatus) -> [UInt8] {
        var serializer = DER.Serializer()
        serializer.appendConstructedNode(identifier: .sequence) { coder in
            coder.appendPrimitiveNode(identifier: .enumerated) { $0.append(status.rawValue) }
        }
        return serializer.serializedBytes
    }

    /// A `successful` response: a `BasicOCSPResponse` signed by `signer`, identified by its key hash.
    static func successful(_ answers: [(CertID, CertStatus)], signer: P256.Signing.PrivateKey, now: Date) throws -> [UInt8] {
        let keyHash = Array(Insecure.SHA1.hash(data: signer.publicKey.x963Representation))
        var tbs = DER.Serializer()
        try tbs.appendConstructedNode(identifier: .sequence) { coder in
            // responderID byKey [2] EXPLICIT KeyHash
            try coder.serialize(explicitlyTaggedWithTagNumber: 2, tagClass: .contextSpecific) { coder in
                try coder.serialize(ASN1OctetString(contentBytes: keyHash[...]))
            }
            try coder.serialize(try time(now))
            try coder.appendConstructedNode(identifier: .sequence) { coder in
                for (id, status) in answers {
                    try coder.appendConstructedNode(identifier: .sequence) { coder in
                        coder.serialize(id.node)
                        switch status {
                        case .good:
                            coder.appendPrimitiveNode(identifier: ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)) { _ in }
                        case let .revoked(date):
                            try coder.appendConstructedNode(identifier: ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific)) { coder in
                                try coder.serialize(try time(date))
                            }
                        }
                        try coder.serialize(try time(now))
                        try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                            try coder.serialize(try time(now.addingTimeInterval(validity)))
                        }
                    }
                }
            }
        }
        let tbsBytes = tbs.serializedBytes
        let signature = try signer.signature(for: tbsBytes).derRepresentation
        var basic = DER.Serializer()
        try basic.appendConstructedNode(identifier: .sequence) { coder in
            coder.serializeRawBytes(tbsBytes)
            try coder.appendConstructedNode(identifier: .sequence) { coder in try coder.serialize(ecdsaWithSHA256) }
            try coder.serialize(ASN1BitString(bytes: Array(signature)[...]))
        }
        var response = DER.Serializer()
        try response.appendConstructedNode(identifier: .sequence) { coder in
            coder.appendPrimitiveNode(identifier: .enumerated) { $0.append(ResponseStatus.successful.rawValue) }
            try coder.serialize(explicitlyTaggedWithTagNumber: 0, tagClass: .contextSpecific) { coder in
                try coder.appendConstructedNode(identifier: .sequence) { coder in
                    try coder.serialize(basicResponse)
                    try coder.serialize(ASN1OctetString(contentBytes: basic.serializedBytes[...]))
                }
            }
        }
        return response.serializedBytes
    }

    /// A whole-second `GeneralizedTime` in UTC.
    static func time(_ date: Date) throws -> GeneralizedTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return try GeneralizedTime(year: c.year!, month: c.month!, day: c.day!, hours: c.hour!, minutes: c.minute!,
                                   seconds: c.second!, fractionalSeconds: 0)
    }
}
