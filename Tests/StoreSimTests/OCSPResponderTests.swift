import Crypto
import Foundation
import SwiftASN1
import StoreKitVocabulary
import Testing
import X509
@testable import StoreSim

/// The OCSP responder read as RFC 6960 defines it (Apple's verifier, the judge, is run against
/// `serve` in OnlineChecksTests): SHA-1 CertIDs as well as SHA-256 ones, signed by the issuer,
/// revoked after `store revoke-certificate`, and one-status answers for what it cannot answer.
@Suite struct OCSPResponderTests {
    let keys: StoreSigningKeys = {
        var generator = SeededGenerator(seed: 3)
        let authorities = CertificateAuthorityKeys.random()
        let leafKey = StoreSigningKeys.makeKey(&generator)
        let chain = try! StoreCertificateChain.make(leafKey: leafKey, authorities: authorities, generator: &generator)
        return StoreSigningKeys(trusted: leafKey, untrusted: leafKey, chain: chain, authorities: authorities)
    }()

    /// A one-certificate request for the leaf, its CertID hashed with SHA-1.
    func request(serial: [UInt8]? = nil) throws -> [UInt8] {
        let hashes = try #require(try OCSPResponder.issuerHashes(keys.chain.intermediate, algorithm: OCSPResponder.sha1))
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { coder in          // OCSPRequest
            try coder.appendConstructedNode(identifier: .sequence) { coder in          // TBSRequest
                try coder.appendConstructedNode(identifier: .sequence) { coder in      // requestList
                    try coder.appendConstructedNode(identifier: .sequence) { coder in  // Request
                        try coder.appendConstructedNode(identifier: .sequence) { coder in  // CertID
                            try coder.appendConstructedNode(identifier: .sequence) { coder in
                                try coder.serialize(OCSPResponder.sha1)
                                try coder.serialize(ASN1Null())
                            }
                            try coder.serialize(ASN1OctetString(contentBytes: hashes.name[...]))
                            try coder.serialize(ASN1OctetString(contentBytes: hashes.key[...]))
                            try coder.serialize(ArraySlice(serial ?? Array(keys.chain.leaf.serialNumber.bytes)))
                        }
                    }
                }
            }
        }
        return serializer.serializedBytes
    }

    /// The response's status, and for a successful one its signed data, signature and cert status tag.
    func read(_ response: [UInt8]) throws -> (status: UInt8, tbs: [UInt8]?, signature: [UInt8]?, certStatusTag: UInt?) {
        let root = try DER.parse(response)
        return try DER.sequence(root, identifier: .sequence) { nodes in
            guard let statusNode = nodes.next(), case let .primitive(bytes) = statusNode.content else { throw ASN1Error.invalidASN1Object(reason: "status") }
            guard let tagged = nodes.next() else { return (bytes.first ?? 99, nil, nil, nil) }
            guard case let .constructed(inner) = tagged.content, let responseBytes = Array(inner).first else { throw ASN1Error.invalidASN1Object(reason: "bytes") }
            let octets = try DER.sequence(responseBytes, identifier: .sequence) { parts -> ASN1OctetString in
                _ = parts.next()
                return try ASN1OctetString(derEncoded: parts.next()!)
            }
            let basic = try DER.parse(octets.bytes)
            return try DER.sequence(basic, identifier: .sequence) { parts in
                let tbsNode = parts.next()!
                _ = parts.next()
                let signature = try ASN1BitString(derEncoded: parts.next()!)
                var tbs = DER.Serializer()
                tbs.serialize(tbsNode)
                let tag = try DER.sequence(tbsNode, identifier: .sequence) { fields -> UInt? in
                    _ = fields.next(); _ = fields.next()
                    let single = Array(try DER.sequence(fields.next()!, identifier: .sequence) { list -> [ASN1Node] in
                        var all: [ASN1Node] = []; while let n = list.next() { all.append(n) }; return all
                    }).first!
                    return try DER.sequence(single, identifier: .sequence) { items -> UInt? in
                        _ = items.next()
                        let status = items.next()?.identifier.tagNumber
                        while items.next() != nil {}
                        return status
                    }
                }
                return (bytes.first ?? 99, tbs.serializedBytes, Array(signature.bytes), tag)
            }
        }
    }

    @Test func aSHA1RequestForTheLeafIsAnsweredGoodAndSignedByTheIntermediate() throws {
        let answer = try read(OCSPResponder(keys: keys).respond(to: try request(), now: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(answer.status == 0 && answer.certStatusTag == 0, "successful, good")
        let signature = try P256.Signing.ECDSASignature(derRepresentation: try #require(answer.signature))
        #expect(keys.authorities!.intermediate.publicKey.isValidSignature(signature, for: try #require(answer.tbs)))
    }

    @Test func aRevokedLeafIsAnsweredRevoked() throws {
        let revoked = StoreSigningKeys(trusted: keys.trusted, untrusted: keys.untrusted, chain: keys.chain, authorities: keys.authorities,
                                       revocations: [.leaf: Date(timeIntervalSince1970: 1_700_000_000)])
        #expect(try read(OCSPResponder(keys: revoked).respond(to: try request(), now: Date())).certStatusTag == 1)
    }

    @Test func whatItCannotAnswerGetsAStatusOnly() throws {
        #expect(try read(OCSPResponder(keys: keys).respond(to: [0x30, 0x03, 0x01], now: Date())).status == 1, "malformedRequest")
        #expect(try read(OCSPResponder(keys: keys).respond(to: try request(serial: [0x42]), now: Date())).status == 6, "unauthorized: not our certificate")
        let legacy = StoreSigningKeys(trusted: keys.trusted, untrusted: keys.untrusted, chain: keys.chain)
        #expect(try read(OCSPResponder(keys: legacy).respond(to: try request(), now: Date())).status == 6, "a chain without authority keys")
    }
}
