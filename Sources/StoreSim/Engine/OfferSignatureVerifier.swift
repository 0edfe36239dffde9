import Crypto
import Foundation
import PaywallFoundation

/// Checks a promotional offer's compact JWS as the App Store does for
/// `Product.PurchaseOption.promotionalOffer(_:compactJWS:)`: ES256 by the team's In-App Purchase key
/// (header `kid`), claims `aud` "promotional-offer", `bid`, `iss`, `productId`, `offerIdentifier`,
/// optional `transactionId`, a `nonce`, and an `iat` no older than a day on the store's clock.
public struct OfferSignatureVerifier: @unchecked Sendable {
    /// The claims of a promotional offer signature (the same names Apple's libraries write).
    public struct Claims: Decodable, Sendable, Equatable {
        public var aud: String?
        public var bid: String?
        public var iss: String?
        public var iat: Double?
        public var nonce: String?
        public var productId: String?
        public var offerIdentifier: String?
        public var transactionId: String?
        /// Introductory offer eligibility only: the team server's answer.
        public var allowIntroductoryOffer: Bool?
    }

    public var key: OfferSigningKey
    public var bundleID: String
    /// How old a signature may be (Apple: a day).
    public var maximumAge: TimeInterval = 86_400

    public init(key: OfferSigningKey, bundleID: String) {
        self.key = key
        self.bundleID = bundleID
    }

    /// The claims when `jws` is a valid signature of `offerID` for `productID` at `now`; else why not.
    public func verify(_ jws: String, productID: String, offerID: String, now: Date) -> Result<Claims, StoreControlError> {
        verifyClaims(jws, audience: "promotional-offer", productID: productID, now: now).flatMap { claims in
            claims.offerIdentifier == offerID ? .success(claims)
                : .failure(StoreControlError("offerIdentifier is \(claims.offerIdentifier ?? "missing"); expected \(offerID)"))
        }
    }

    /// The claims when `jws` is a valid introductory-offer eligibility answer for `productID`
    /// (`introductoryOfferEligibility(compactJWS:)`: aud "introductory-offer-eligibility",
    /// `allowIntroductoryOffer`, `transactionId`); else why not.
    public func verifyIntroEligibility(_ jws: String, productID: String, now: Date) -> Result<Claims, StoreControlError> {
        verifyClaims(jws, audience: "introductory-offer-eligibility", productID: productID, now: now).flatMap { claims in
            claims.allowIntroductoryOffer == nil ? .failure(StoreControlError("allowIntroductoryOffer is missing")) : .success(claims)
        }
    }

    /// The checks both signatures share: ES256 by the team's key, aud, bid, iss, productId, nonce, iat within a day.
    private func verifyClaims(_ jws: String, audience: String, productID: String, now: Date) -> Result<Claims, StoreControlError> {
        func refuse(_ why: String) -> Result<Claims, StoreControlError> { .failure(StoreControlError(why)) }
        let payload: Data
        do { payload = try CompactJWS.verify(jws, trustedKeys: [key.keyID: key.publicKey]) } catch {
            return refuse("\(error)".replacingOccurrences(of: "the trusted store key", with: "the team's In-App Purchase key \(key.keyID)"))
        }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: payload) else { return refuse("the payload is not JSON claims") }
        guard claims.aud == audience else { return refuse("aud is \(claims.aud ?? "missing"); expected \(audience)") }
        guard claims.bid == bundleID else { return refuse("bid is \(claims.bid ?? "missing"); expected \(bundleID)") }
        guard claims.iss == key.issuerID else { return refuse("iss is \(claims.iss ?? "missing"); expected the issuer id \(key.issuerID)") }
        guard claims.productId == productID else { return refuse("productId is \(claims.productId ?? "missing"); the purchase is of \(productID)") }
        guard let nonce = claims.nonce, UUID(uuidString: nonce) != nil else { return refuse("nonce is missing or not a UUID") }
        guard let iat = claims.iat else { return refuse("iat is missing") }
        let issued = Date(timeIntervalSince1970: iat)
        if issued.timeIntervalSince(now) > 300 { return refuse("iat \(ISO8601.string(issued)) is in the future of the store's clock \(ISO8601.string(now))") }
        if now.timeIntervalSince(issued) > maximumAge { return refuse("iat \(ISO8601.string(issued)) is more than a day before the store's clock \(ISO8601.string(now))") }
        return .success(claims)
    }

    /// Signs a promotional offer as a team's server would (the same claims as Apple's
    /// `PromotionalOfferV2SignatureCreator`), for the simulated server and tapes.
    public func sign(productID: String, offerID: String, transactionID: String? = nil, nonce: UUID, at date: Date) throws -> String {
        var claims: [String: Any] = ["aud": "promotional-offer", "bid": bundleID, "iss": key.issuerID,
                                     "iat": Int(date.timeIntervalSince1970), "nonce": nonce.uuidString.lowercased(),
                                     "productId": productID, "offerIdentifier": offerID]
        if let transactionID { claims["transactionId"] = transactionID }
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        return try CompactJWS.sign(payload: payload, key: key.privateKey, kid: key.keyID)
    }

    /// Signs an introductory-offer eligibility answer as a team's server would (the claims of Apple's
    /// `IntroductoryOfferEligibilitySignatureCreator`).
    public func signIntroEligibility(productID: String, allow: Bool, transactionID: String, nonce: UUID, at date: Date) throws -> String {
        let claims: [String: Any] = ["aud": "introductory-offer-eligibility", "bid": bundleID, "iss": key.issuerID,
                                     "iat": Int(date.timeIntervalSince1970), "nonce": nonce.uuidString.lowercased(),
                                     "productId": productID, "allowIntroductoryOffer": allow, "transactionId": transactionID]
        let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
        return try CompactJWS.sign(payload: payload, key: key.privateKey, kid: key.keyID)
    }
}
