import Crypto
import Foundation
import StoreKitVocabulary
import PaywallFoundation

/// The team's In-App Purchase key (App Store Connect → Users and Access → Integrations): what its
/// server signs promotional offers and intro-eligibility JWS with, and what the store checks them against.
///
/// Either the team's own (`--offer-key KEY_ID:FILE.p8`, its private key in PKCS#8 PEM as App Store
/// Connect hands it out) or one the simulator makes on first use and keeps in `offer-key.json`, so
/// a team's server, Apple's App Store Server Library or a tape can sign with it.
public struct OfferSigningKey: @unchecked Sendable {
    /// App Store Connect's key id (the JWS header's `kid`).
    public var keyID: String
    /// The issuer id of the team's keys (the JWS's `iss`).
    public var issuerID: String
    /// The private key: the simulator's own, or the team's `.p8`.
    public var privateKey: P256.Signing.PrivateKey

    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }
    /// The key as App Store Connect's `.p8` file holds it (PKCS#8 PEM).
    public var pem: String { privateKey.pemRepresentation }

    struct Stored: Codable {
        var keyID: String
        var issuerID: String
        var pem: String
    }

    public init(keyID: String, issuerID: String, privateKey: P256.Signing.PrivateKey) {
        self.keyID = keyID
        self.issuerID = issuerID
        self.privateKey = privateKey
    }

    /// The simulator's key id and issuer id when it makes the key itself.
    public static let simulatorKeyID = "SIMOFFER01"
    public static let simulatorIssuerID = "57246542-96fe-1a63-e053-0824d011072a"

    /// The key kept in `offer-key.json` in `directory`, made from `generator` (and saved) on first use.
    public static func loadOrCreate(in directory: URL, generator: inout SeededGenerator, durability: Durability) throws -> OfferSigningKey {
        let ledger = Ledger<Stored>(url: StateLayout.Store(folder: directory).offerKey, durability: durability)
        if let stored = try ledger.load() {
            guard let key = try? P256.Signing.PrivateKey(pemRepresentation: stored.pem) else {
                throw Ledger<Stored>.Failure(file: ledger.url.path, line: 1, column: 1, "\"pem\" holds no P-256 private key; expected the PEM of a .p8 key (delete the file to start over)")
            }
            return OfferSigningKey(keyID: stored.keyID, issuerID: stored.issuerID, privateKey: key)
        }
        let key = OfferSigningKey(keyID: simulatorKeyID, issuerID: simulatorIssuerID, privateKey: StoreSigningKeys.makeKey(&generator))
        try key.save(in: directory, durability: durability)
        return key
    }

    /// Keeps this key as the directory's offer key (a team's `--offer-key` replaces the simulator's).
    public func save(in directory: URL, durability: Durability) throws {
        try Ledger<Stored>(url: StateLayout.Store(folder: directory).offerKey, durability: durability).save(Stored(keyID: keyID, issuerID: issuerID, pem: pem))
    }

    /// A team's key from `KEY_ID:FILE.p8` (App Store Connect's file); errors name the file and what was expected.
    public static func team(_ argument: String, issuerID: String = simulatorIssuerID) throws -> OfferSigningKey {
        guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else {
            throw StoreControlError("--offer-key \(argument): expected KEY_ID:FILE.p8, the key id App Store Connect shows and its downloaded .p8 file")
        }
        let keyID = String(argument[..<colon]), path = String(argument[argument.index(after: colon)...])
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw StoreControlError("\(path): cannot read the key (\(FileErrorText.reason(error))); expected App Store Connect's .p8 file")
        }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: text) else {
            throw StoreControlError("\(path):1:1: no P-256 private key; expected App Store Connect's .p8 file (-----BEGIN PRIVATE KEY-----)")
        }
        return OfferSigningKey(keyID: keyID, issuerID: issuerID, privateKey: key)
    }
}
