import Crypto
import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// Compact JWS (RFC 7515) with ES256, as App Store signed transactions use: `header.payload.signature`.
public enum CompactJWS {
    /// The protected header of a signed transaction.
    public struct Header: Codable, Hashable, Sendable {
        public var alg: String
        public var kid: String?
        public var typ: String?
        /// The signing certificate chain (leaf first, base64 DER), as Apple's signed data carries.
        public var x5c: [String]?
    }

    /// Why a JWS was refused, in words a log line can show.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case malformed(String)
        case unsupportedAlgorithm(String)
        case unknownKey(String)
        case badSignature
        case badChain(String)

        public var description: String {
            switch self {
            case let .malformed(why): return "malformed JWS: \(why)"
            case let .unsupportedAlgorithm(alg): return "JWS alg \(alg) refused; expected ES256"
            case let .unknownKey(kid): return "JWS signed with unknown key id \(kid)"
            case .badSignature: return "JWS signature does not verify with the trusted store key"
            case let .badChain(why): return "JWS certificate chain refused: \(why)"
            }
        }
    }

    /// Signs `payload` (JSON bytes) with `key`, naming the key `kid` in the header, and the
    /// certificate chain `x5c` when given (Apple's signed data carries one; offer signatures do not).
    public static func sign(payload: Data, key: P256.Signing.PrivateKey, kid: String?, x5c: [String]? = nil) throws -> String {
        try sign(payload: payload, key: key, encodedHeader: encodedHeader(kid: kid, x5c: x5c))
    }

    /// The first part of a JWS with this header (base64url JSON), to sign many payloads with.
    public static func encodedHeader(kid: String?, x5c: [String]?) throws -> String {
        base64url(try encoder.encode(Header(alg: "ES256", kid: kid, typ: nil, x5c: x5c)))
    }

    /// Signs `payload` under a header already encoded by `encodedHeader(kid:x5c:)`.
    public static func sign(payload: Data, key: P256.Signing.PrivateKey, encodedHeader: String) throws -> String {
        let signingInput = encodedHeader + "." + base64url(payload)
        let signature = try key.signature(for: Data(utf8: signingInput))
        return signingInput + "." + base64url(signature.rawRepresentation)
    }

    /// The header and payload of `jws`, without checking the signature.
    public static func decodeUnverified(_ jws: String) throws(Failure) -> (header: Header, payload: Data) {
        let parts = segments(jws)
        guard parts.count == 3 else { throw .malformed("expected 3 dot-separated parts, found \(parts.count)") }
        guard let header = header(String(parts[0])) else { throw .malformed("the header is not base64url JSON with an alg") }
        guard let payload = data(base64url: String(parts[1])) else { throw .malformed("the payload is not base64url") }
        return (header, payload)
    }

    /// The dot-separated parts of `jws`, found by bytes (a JWS with a certificate chain is kilobytes long).
    static func segments(_ jws: String) -> [Substring] {
        // A native string's bytes are contiguous: find the dots with memchr.
        if let found = jws.utf8.withContiguousStorageIfAvailable({ bytes -> [Substring] in
            guard let base = bytes.baseAddress else { return [jws[...]] }
            var parts: [Substring] = []
            var start = 0
            while start <= bytes.count, let dot = memchr(base + start, Int32(UInt8(ascii: ".")), bytes.count - start) {
                let offset = base.distance(to: dot.assumingMemoryBound(to: UInt8.self))
                parts.append(jws[jws.utf8.index(jws.utf8.startIndex, offsetBy: start)..<jws.utf8.index(jws.utf8.startIndex, offsetBy: offset)])
                start = offset + 1
            }
            parts.append(jws[jws.utf8.index(jws.utf8.startIndex, offsetBy: start)...])
            return parts
        }) { return found }
        var parts: [Substring] = []
        var start = jws.startIndex
        var at = jws.utf8.startIndex
        while at != jws.utf8.endIndex {
            if jws.utf8[at] == UInt8(ascii: ".") {
                parts.append(jws[start..<at])
                start = jws.utf8.index(after: at)
            }
            at = jws.utf8.index(after: at)
        }
        parts.append(jws[start...])
        return parts
    }

    /// Headers already decoded, by their encoded text: a store signs everything under one or two.
    static let headers = BoundedCache<String, Header>(limit: 64)

    /// The header encoded as `encoded` (base64url JSON), decoded once; nil when it is not one.
    static func header(_ encoded: String) -> Header? {
        if let known = headers.value(for: encoded) { return known }
        guard let data = data(base64url: encoded),
              let header = try? LocatedJSONDecoder().decode(Header.self, from: data) else { return nil }
        headers.remember(header, for: encoded)
        return header
    }

    /// Verifies `jws` against the trusted keys (by `kid`) and returns the payload bytes.
    public static func verify(_ jws: String, trustedKeys: [String: P256.Signing.PublicKey]) throws(Failure) -> Data {
        let (header, payload) = try decodeUnverified(jws)
        guard header.alg == "ES256" else { throw .unsupportedAlgorithm(header.alg) }
        let kid = header.kid ?? ""
        guard let key = trustedKeys[kid] else { throw .unknownKey(kid.isEmpty ? "(none)" : kid) }
        try checkSignature(jws, key: key)
        return payload
    }

    /// Verifies `jws` (ES256) with `key`, whatever its header names, and returns the payload bytes:
    /// the App Store's headers name no key (`alg` and `x5c` only).
    public static func verify(_ jws: String, key: P256.Signing.PublicKey) throws(Failure) -> Data {
        let (header, payload) = try decodeUnverified(jws)
        guard header.alg == "ES256" else { throw .unsupportedAlgorithm(header.alg) }
        try checkSignature(jws, key: key)
        return payload
    }

    /// Checks the ES256 signature of `jws` (already split-checked) against `key`.
    static func checkSignature(_ jws: String, key: P256.Signing.PublicKey) throws(Failure) {
        let parts = segments(jws)
        guard parts.count == 3, let sigData = data(base64url: String(parts[2])),
              let signature = try? P256.Signing.ECDSASignature(rawRepresentation: sigData) else {
            throw .malformed("the signature is not a 64-byte ES256 signature")
        }
        let signingInput = Data(utf8: jws[parts[0].startIndex..<parts[1].endIndex])
        guard key.isValidSignature(signature, for: signingInput) else { throw .badSignature }
    }

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return e
    }()

    /// Base64url without padding.
    public static func base64url(_ data: Data) -> String {
        // Written in one pass from a table, through buffer pointers: base64 then a pass replacing
        // `+`, `/` and `=` was a fifth of a renewal (a notification's payload is 10 KB).
        data.withUnsafeBytes { raw in
            let count = raw.count
            let length = count / 3 * 4 + (count % 3 == 0 ? 0 : count % 3 + 1)
            return String(unsafeUninitializedCapacity: length) { out in
                base64urlAlphabet.withUnsafeBufferPointer { table in
                    var i = 0, o = 0
                    while i + 3 <= count {
                        let b0 = Int(raw[i]), b1 = Int(raw[i + 1]), b2 = Int(raw[i + 2])
                        out[o] = table[b0 >> 2]
                        out[o + 1] = table[(b0 & 0x03) << 4 | b1 >> 4]
                        out[o + 2] = table[(b1 & 0x0F) << 2 | b2 >> 6]
                        out[o + 3] = table[b2 & 0x3F]
                        i += 3; o += 4
                    }
                    if i < count {
                        let b0 = Int(raw[i]), b1 = i + 1 < count ? Int(raw[i + 1]) : 0
                        out[o] = table[b0 >> 2]
                        out[o + 1] = table[(b0 & 0x03) << 4 | b1 >> 4]
                        if i + 1 < count { out[o + 2] = table[(b1 & 0x0F) << 2] }
                    }
                }
                return length
            }
        }
    }

    /// The base64url alphabet (RFC 4648 §5), by value.
    private static let base64urlAlphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Decodes base64url with or without padding (standard base64's `+` and `/` are read too).
    public static func data(base64url text: String) -> Data? {
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count + 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            default: bytes.append(byte)
            }
        }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(bytes))
    }
}
