import Crypto
import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// The simulator's signing keys: the trusted store key (the leaf of `chain`) and an untrusted one
/// for "unverified" transactions.
public struct StoreSigningKeys {
    /// The key id of the trusted key, in each JWS header.
    public static let trustedKeyID = "paywallsim-store-1"
    /// The key id of the key the backend does not trust.
    public static let untrustedKeyID = "paywallsim-untrusted-1"

    public let trusted: P256.Signing.PrivateKey
    public let untrusted: P256.Signing.PrivateKey
    /// The certificate chain every JWS carries in its `x5c` header; its leaf certifies `trusted`.
    public let chain: StoreCertificateChain

    /// The public keys a verifier should trust, by key id.
    public var trustedPublicKeys: [String: P256.Signing.PublicKey] { [Self.trustedKeyID: trusted.publicKey] }

    struct Stored: Codable {
        var kid: String
        var trustedRaw: String
        var untrustedRaw: String
        /// Leaf, intermediate, root as base64 DER (absent in state directories made before chains).
        var chain: [String]?
    }

    public init(trusted: P256.Signing.PrivateKey, untrusted: P256.Signing.PrivateKey, chain: StoreCertificateChain) {
        self.trusted = trusted
        self.untrusted = untrusted
        self.chain = chain
    }

    /// Loads the keys from `store-keys.json` in `directory`, or makes them from `generator` and saves them.
    public static func loadOrCreate(in directory: URL, generator: inout SeededGenerator) throws -> StoreSigningKeys {
        let ledger = Ledger<Stored>(url: StateLayout.Store(folder: directory).signingKeys)
        // The chain's serials come from a generator of their own, so making a chain draws nothing
        // from `generator` (whose later draws are the store's ids); its CA keys are random.
        var fork = generator
        var chainGenerator = SeededGenerator(seed: fork.next() ^ 0x5EED_CE27_C4A1_0001)
        if var stored = try ledger.load() {
            guard let t = Data(base64Encoded: stored.trustedRaw), let u = Data(base64Encoded: stored.untrustedRaw),
                  let trusted = try? P256.Signing.PrivateKey(rawRepresentation: t),
                  let untrusted = try? P256.Signing.PrivateKey(rawRepresentation: u) else {
                throw Ledger<Stored>.Failure(description: "\(ledger.url.path):1:1: the key file holds no valid P-256 keys; expected base64 raw keys (delete it to start over)")
            }
            if let x5c = stored.chain {
                guard let chain = try? StoreCertificateChain.decode(x5c: x5c),
                      P256.Signing.PublicKey(chain.leaf.publicKey)?.rawRepresentation == trusted.publicKey.rawRepresentation else {
                    throw Ledger<Stored>.Failure(description: "\(ledger.url.path):1:1: the certificate chain is not three DER certificates whose leaf holds the store key (delete the file to start over)")
                }
                return StoreSigningKeys(trusted: trusted, untrusted: untrusted, chain: chain)
            }
            // A state directory from before certificate chains: make its chain once, and keep it.
            let chain = try StoreCertificateChain.make(leafKey: trusted, generator: &chainGenerator)
            stored.chain = chain.x5c
            try ledger.save(stored)
            return StoreSigningKeys(trusted: trusted, untrusted: untrusted, chain: chain)
        }
        let trusted = makeKey(&generator)
        let keys = StoreSigningKeys(trusted: trusted, untrusted: makeKey(&generator),
                                    chain: try StoreCertificateChain.make(leafKey: trusted, generator: &chainGenerator))
        try ledger.save(Stored(kid: trustedKeyID, trustedRaw: keys.trusted.rawRepresentation.base64EncodedString(),
                               untrustedRaw: keys.untrusted.rawRepresentation.base64EncodedString(), chain: keys.chain.x5c))
        return keys
    }

    /// A key made from seeded bytes, so a seeded run has the same key every time.
    public static func makeKey(_ generator: inout SeededGenerator) -> P256.Signing.PrivateKey {
        while true {
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: Data(generator.bytes(32))) { return key }
        }
    }
}
