import Crypto
import Foundation
import PaywallFoundation
import StoreSim

/// Authorises App Store Server API requests as Apple does: a bearer JWT signed ES256 by an In-App
/// Purchase key the server was given (`kid`), `aud` `appstoreconnect-v1`, an `iss`, `bid` the
/// bundle id the state signs for when the request comes (another process may switch it), `exp` in
/// the future and at most an hour after `iat` (when `iat` is sent; Apple's Python client sends none).
///
/// `@unchecked`: swift-crypto's public keys are immutable values not marked `Sendable`.
public struct APIAuthorizer: @unchecked Sendable {
    /// The keys requests may be signed with, by key id.
    public let keys: [String: P256.Signing.PublicKey]

    public init(keys: [String: P256.Signing.PublicKey]) {
        self.keys = keys
    }

    struct Claims: Decodable {
        var iss: String?
        var iat: Double?
        var exp: Double?
        var aud: String?
        var bid: String?
    }

    /// nil when `authorization` (the header's value) is a valid bearer token for the app
    /// `bundleID` at `now` (wall time); else why not, in one line.
    public func refusal(_ authorization: String?, now: Date, bundleID: String) -> String? {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return "no bearer token (Authorization: Bearer JWT)" }
        let token = String(authorization.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
        let header: CompactJWS.Header
        let payload: Data
        do { (header, payload) = try CompactJWS.decodeUnverified(token) } catch { return "the token is not a JWT: \(error)" }
        guard header.alg == "ES256" else { return "the token's alg is \(header.alg); expected ES256" }
        guard let kid = header.kid, let key = keys[kid] else {
            return "the token's kid \(header.kid ?? "(none)") is not a key this server was given (--api-key KEY_ID:FILE.p8)"
        }
        do { _ = try CompactJWS.verify(token, trustedKeys: [kid: key]) } catch { return "the token's signature does not verify with key \(kid)" }
        guard let claims = try? LocatedJSONDecoder().decode(Claims.self, from: payload) else { return "the token's claims are not JSON" }
        guard claims.aud == "appstoreconnect-v1" else { return "the token's aud is \(claims.aud ?? "(none)"); expected appstoreconnect-v1" }
        guard let iss = claims.iss, !iss.isEmpty else { return "the token has no iss (the issuer id)" }
        guard claims.bid == bundleID else { return "the token's bid is \(claims.bid ?? "(none)"); expected \(bundleID)" }
        guard let exp = claims.exp else { return "the token has no exp" }
        let seconds = now.timeIntervalSince1970
        guard exp > seconds else { return "the token expired at \(ISO8601.string(Date(timeIntervalSince1970: exp)))" }
        if let iat = claims.iat {
            guard iat <= seconds + 60 else { return "the token's iat is in the future" }
            guard exp - iat <= 3600 else { return "the token lives longer than 60 minutes (exp − iat)" }
        }
        return nil
    }
}
