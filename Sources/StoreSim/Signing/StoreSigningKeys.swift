import Crypto
import Foundation
import PaywallFoundation
import StoreKitVocabulary

/// The chain's certificates whose status OCSP answers.
public enum CertificateRole: String, CaseIterable, Sendable, Hashable {
    case leaf, intermediate
}

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
    /// The keys of the chain's authorities, which sign OCSP answers; nil for a chain made before
    /// the simulator kept them (its certificates carry no OCSP address either).
    public let authorities: CertificateAuthorityKeys?
    /// Certificates of the chain revoked (`store revoke-certificate`), with when: OCSP answers `revoked`.
    public let revocations: [CertificateRole: Date]

    /// The public keys a verifier should trust, by key id.
    public var trustedPublicKeys: [String: P256.Signing.PublicKey] { [Self.trustedKeyID: trusted.publicKey] }

    struct Stored: Codable {
        var kid: String
        var trustedRaw: String
        var untrustedRaw: String
        /// Leaf, intermediate, root as base64 DER (absent in state directories made before chains).
        var chain: [String]?
        /// The root's and intermediate's raw private keys (absent before OCSP).
        var rootKeyRaw: String?
        var intermediateKeyRaw: String?
        /// Revoked certificates of the chain: `leaf` or `intermediate` → ISO-8601 instant.
        var revoked: [String: String]?
    }

    public init(trusted: P256.Signing.PrivateKey, untrusted: P256.Signing.PrivateKey, chain: StoreCertificateChain,
                authorities: CertificateAuthorityKeys? = nil, revocations: [CertificateRole: Date] = [:]) {
        self.trusted = trusted
        self.untrusted = untrusted
        self.chain = chain
        self.authorities = authorities
        self.revocations = revocations
    }

    /// Loads the keys from `store-keys.json` in `directory`, or makes them from `generator` and saves them.
    public static func loadOrCreate(in directory: URL, generator: inout SeededGenerator, durability: Durability) throws -> StoreSigningKeys {
        let ledger = Ledger<Stored>(url: StateLayout.Store(folder: directory).signingKeys, durability: durability)
        // The chain's serials come from a generator of their own, so making a chain draws nothing
        // from `generator` (whose later draws are the store's ids); its CA keys are random.
        var fork = generator
        var chainGenerator = SeededGenerator(seed: fork.next() ^ 0x5EED_CE27_C4A1_0001)
        if var stored = try ledger.load() {
            let (trusted, untrusted) = try keys(of: stored, file: ledger.url)
            if stored.chain != nil { return try decoded(stored, file: ledger.url) }
            // A state directory from before certificate chains: make its chain once, and keep it.
            let authorities = CertificateAuthorityKeys.random()
            let chain = try StoreCertificateChain.make(leafKey: trusted, authorities: authorities, generator: &chainGenerator)
            stored.chain = chain.x5c
            stored.rootKeyRaw = authorities.root.rawRepresentation.base64EncodedString()
            stored.intermediateKeyRaw = authorities.intermediate.rawRepresentation.base64EncodedString()
            try ledger.save(stored)
            return StoreSigningKeys(trusted: trusted, untrusted: untrusted, chain: chain, authorities: authorities)
        }
        let (keys, authorities) = try make(generator: &generator, chainGenerator: &chainGenerator)
        try ledger.save(Stored(kid: trustedKeyID, trustedRaw: keys.trusted.rawRepresentation.base64EncodedString(),
                               untrustedRaw: keys.untrusted.rawRepresentation.base64EncodedString(), chain: keys.chain.x5c,
                               rootKeyRaw: authorities.root.rawRepresentation.base64EncodedString(),
                               intermediateKeyRaw: authorities.intermediate.rawRepresentation.base64EncodedString()))
        return keys
    }

    /// New keys from `generator`, held in memory only (`loadOrCreate` makes and saves the same).
    public static func make(generator: inout SeededGenerator) throws -> StoreSigningKeys {
        var fork = generator
        var chainGenerator = SeededGenerator(seed: fork.next() ^ 0x5EED_CE27_C4A1_0001)
        return try make(generator: &generator, chainGenerator: &chainGenerator).keys
    }

    private static func make(generator: inout SeededGenerator, chainGenerator: inout SeededGenerator) throws
        -> (keys: StoreSigningKeys, authorities: CertificateAuthorityKeys) {
        let trusted = makeKey(&generator)
        let authorities = CertificateAuthorityKeys.random()
        let keys = StoreSigningKeys(trusted: trusted, untrusted: makeKey(&generator),
                                    chain: try StoreCertificateChain.make(leafKey: trusted, authorities: authorities, generator: &chainGenerator),
                                    authorities: authorities)
        return (keys, authorities)
    }

    /// The keys as `directory` holds them now (another process may have revoked a certificate), or
    /// nil before any were made; never makes or writes anything.
    public static func load(in directory: URL) throws -> StoreSigningKeys? {
        let ledger = Ledger<Stored>(url: StateLayout.Store(folder: directory).signingKeys, durability: .durable) // read only
        guard let stored = try ledger.load(), stored.chain != nil else { return nil }
        return try decoded(stored, file: ledger.url)
    }

    private static func keys(of stored: Stored, file: URL) throws -> (trusted: P256.Signing.PrivateKey, untrusted: P256.Signing.PrivateKey) {
        guard let t = Data(base64Encoded: stored.trustedRaw), let u = Data(base64Encoded: stored.untrustedRaw),
              let trusted = try? P256.Signing.PrivateKey(rawRepresentation: t),
              let untrusted = try? P256.Signing.PrivateKey(rawRepresentation: u) else {
            throw Ledger<Stored>.Failure(file: file.path, line: 1, column: 1, "the key file holds no valid P-256 keys; expected base64 raw keys (delete it to start over)")
        }
        return (trusted, untrusted)
    }

    /// A stored file with a chain, checked: the leaf holds the store key, the authority keys signed the chain.
    private static func decoded(_ stored: Stored, file: URL) throws -> StoreSigningKeys {
        let (trusted, untrusted) = try keys(of: stored, file: file)
        guard let x5c = stored.chain, let chain = try? StoreCertificateChain.decode(x5c: x5c),
              P256.Signing.PublicKey(chain.leaf.publicKey)?.rawRepresentation == trusted.publicKey.rawRepresentation else {
            throw Ledger<Stored>.Failure(file: file.path, line: 1, column: 1, "the certificate chain is not three DER certificates whose leaf holds the store key (delete the file to start over)")
        }
        return StoreSigningKeys(trusted: trusted, untrusted: untrusted, chain: chain,
                                authorities: try authorities(of: stored, chain: chain, file: file),
                                revocations: revocations(of: stored))
    }

    /// The stored authority keys, checked against the chain they signed; nil when none are stored.
    private static func authorities(of stored: Stored, chain: StoreCertificateChain, file: URL) throws -> CertificateAuthorityKeys? {
        guard let rootText = stored.rootKeyRaw, let intermediateText = stored.intermediateKeyRaw else { return nil }
        guard let rootRaw = Data(base64Encoded: rootText), let intermediateRaw = Data(base64Encoded: intermediateText),
              let root = try? P256.Signing.PrivateKey(rawRepresentation: rootRaw),
              let intermediate = try? P256.Signing.PrivateKey(rawRepresentation: intermediateRaw),
              P256.Signing.PublicKey(chain.root.publicKey)?.rawRepresentation == root.publicKey.rawRepresentation,
              P256.Signing.PublicKey(chain.intermediate.publicKey)?.rawRepresentation == intermediate.publicKey.rawRepresentation else {
            throw Ledger<Stored>.Failure(file: file.path, line: 1, column: 1, "rootKeyRaw and intermediateKeyRaw are not the keys of the chain's root and intermediate; expected base64 raw P-256 keys (delete the file to start over)")
        }
        return CertificateAuthorityKeys(root: root, intermediate: intermediate)
    }

    private static func revocations(of stored: Stored) -> [CertificateRole: Date] {
        var result: [CertificateRole: Date] = [:]
        for (name, instant) in stored.revoked ?? [:] {
            if let role = CertificateRole(rawValue: name), let date = ISO8601.parse(instant) { result[role] = date }
        }
        return result
    }

    /// Marks the chain's `role` certificate revoked at `date` (nil: good again) in `directory`'s key
    /// file, which only this type writes; the caller holds the state directory's lock.
    public static func setRevoked(_ role: CertificateRole, at date: Date?, in directory: URL, durability: Durability) throws {
        let ledger = Ledger<Stored>(url: StateLayout.Store(folder: directory).signingKeys, durability: durability)
        guard var stored = try ledger.load() else { throw Ledger<Stored>.Failure(file: ledger.url.path, "no signing keys yet (any store command makes them)") }
        var revoked = stored.revoked ?? [:]
        revoked[role.rawValue] = date.map(ISO8601.string)
        stored.revoked = revoked.isEmpty ? nil : revoked
        try ledger.save(stored)
    }

    /// A key made from seeded bytes, so a seeded run has the same key every time.
    public static func makeKey(_ generator: inout SeededGenerator) -> P256.Signing.PrivateKey {
        while true {
            if let key = try? P256.Signing.PrivateKey(rawRepresentation: Data(generator.bytes(32))) { return key }
        }
    }
}
