import Crypto
import Foundation
import PaywallCore

/// The simulator's signing keys: the trusted store key and an untrusted one for "unverified" transactions.
public struct StoreSigningKeys {
    /// The key id of the trusted key, in each JWS header.
    public static let trustedKeyID = "paywallsim-store-1"
    /// The key id of the key the backend does not trust.
    public static let untrustedKeyID = "paywallsim-untrusted-1"

    public let trusted: P256.Signing.PrivateKey
    public let untrusted: P256.Signing.PrivateKey

    /// The public keys a verifier should trust, by key id.
    public var trustedPublicKeys: [String: P256.Signing.PublicKey] { [Self.trustedKeyID: trusted.publicKey] }

    struct Stored: Codable {
        var kid: String
        var trustedRaw: String
        var untrustedRaw: String
    }

    public init(trusted: P256.Signing.PrivateKey, untrusted: P256.Signing.PrivateKey) {
        self.trusted = trusted
        self.untrusted = untrusted
    }

    /// Loads the keys from `store-keys.json` in `directory`, or makes them from `generator` and saves them.
    public static func loadOrCreate(in directory: URL, generator: inout SeededGenerator) throws -> StoreSigningKeys {
        let ledger = Ledger<Stored>(url: directory.appendingPathComponent("store-keys.json"))
        if let stored = try ledger.load() {
            guard let t = Data(base64Encoded: stored.trustedRaw), let u = Data(base64Encoded: stored.untrustedRaw),
                  let trusted = try? P256.Signing.PrivateKey(rawRepresentation: t),
                  let untrusted = try? P256.Signing.PrivateKey(rawRepresentation: u) else {
                throw Ledger<Stored>.Failure(description: "\(ledger.url.path):1:1: the key file holds no valid P-256 keys; expected base64 raw keys (delete it to start over)")
            }
            return StoreSigningKeys(trusted: trusted, untrusted: untrusted)
        }
        let keys = StoreSigningKeys(trusted: makeKey(&generator), untrusted: makeKey(&generator))
        try ledger.save(Stored(kid: trustedKeyID, trustedRaw: keys.trusted.rawRepresentation.base64EncodedString(),
                               untrustedRaw: keys.untrusted.rawRepresentation.base64EncodedString()))
        return keys
    }

    /// A key made from seeded bytes, so a seeded run has the same key every time.
    public static func makeKey(_ generator: inout SeededGenerator) -> P256.Signing.PrivateKey {
        while true {
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: Data(generator.bytes(32))) { return key }
        }
    }
}
