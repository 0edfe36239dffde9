import AppStoreServer
import Crypto
import Foundation
import StoreSim
import Testing
import TestSupport

/// `store api-key --out FILE.p8`: a key as App Store Connect gives one. Apple's "Creating API keys to
/// authorize API requests" (https://developer.apple.com/documentation/appstoreserverapi/creating-api-keys-to-authorize-api-requests):
/// "An API key has two parts: a public portion that Apple keeps, and a private key that you
/// download. Use the private key to sign tokens that authorize the API". The download is a `.p8`
/// (PKCS#8 PEM, `-----BEGIN PRIVATE KEY-----`, a P-256 key for ES256), and each token names the
/// key id (`kid`) and the issuer id (`iss`) App Store Connect shows beside it.
@Suite("store api-key: a .p8 for serve's --api-key")
struct StoreAPIKeyCommandTests {
    let folder = TestPaths.scratchDirectory("api-key")

    /// The value after `label` on the line that starts with it.
    static func value(_ label: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(label) }.map { String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) }
    }

    @Test func itWritesAPrivateP8AndTheIdsServeAcceptsATokenWith() async throws {
        let file = folder.appendingPathComponent("AuthKey.p8").path
        let made = await InProcessCommandLine.run(["store", "api-key", "--out", file])
        #expect(made.exitCode == 0 && made.stderr.isEmpty, "\(made.stderr)")
        let keyID = try #require(Self.value("Key ID:", in: made.stdout))
        let issuer = try #require(Self.value("Issuer ID:", in: made.stdout))
        #expect(keyID.count == 10 && keyID.allSatisfy { $0.isUppercase || $0.isNumber }, "\(keyID)")
        #expect(UUID(uuidString: issuer) != nil, "\(issuer)")
        #expect(made.stdout.contains("paywall-sim serve --api-key \(keyID):\(file)"), "\(made.stdout)")

        // PKCS#8 PEM, P-256, readable by its owner only.
        let pem = try String(contentsOfFile: file, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"), "\(pem.prefix(40))")
        #expect(throws: Never.self) { try P256.Signing.PrivateKey(pemRepresentation: pem) }
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let openssl = try CleanSpawn.shell("openssl pkey -in \(CleanSpawn.quote(file)) -noout -text")
        #expect(openssl.status == 0 && openssl.output.contains("prime256v1"), "\(openssl.output)")

        // serve reads `--api-key KEY_ID:FILE` this way and accepts a token the key signs.
        let key = try OfferSigningKey.team("\(keyID):\(file)")
        let authorizer = APIAuthorizer(keys: [key.keyID: key.publicKey])
        let now = Date()
        let claims = #"{"aud":"appstoreconnect-v1","bid":"com.paywallsim.app","exp":\#(Int(now.timeIntervalSince1970) + 600),"iss":"\#(issuer)"}"#
        let token = try CompactJWS.sign(payload: Data(claims.utf8), key: key.privateKey, kid: keyID)
        #expect(authorizer.refusal("Bearer \(token)", now: now, bundleID: "com.paywallsim.app") == nil)
    }

    @Test func anExistingFileIsKeptUnlessForced() async throws {
        let file = folder.appendingPathComponent("AuthKey.p8").path
        #expect(await InProcessCommandLine.run(["store", "api-key", "--out", file]).exitCode == 0)
        let first = try String(contentsOfFile: file, encoding: .utf8)
        let refused = await InProcessCommandLine.run(["store", "api-key", "--out", file])
        #expect(refused.exitCode == 1 && refused.stdout.isEmpty)
        #expect(refused.stderr == "paywall-sim store api-key: \(file) exists; add --force to replace it\n", "\(refused.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == first, "the refused file is untouched")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        let forced = await InProcessCommandLine.run(["store", "api-key", "--out", file, "--force", "--json"])
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(forced.stdout.utf8)) as? [String: Any])
        #expect(json["file"] as? String == file && (json["keyID"] as? String)?.count == 10 && json["issuerID"] != nil, "\(json)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) != first)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)

        let nowhere = await InProcessCommandLine.run(["store", "api-key", "--out", folder.appendingPathComponent("no/such/dir/k.p8").path])
        #expect(nowhere.exitCode == 1 && nowhere.stderr.hasPrefix("paywall-sim store api-key: ") && nowhere.stderr.filter { $0 == "\n" }.count == 1,
                "\(nowhere.stderr)")
        let missing = await InProcessCommandLine.run(["store", "api-key"])
        #expect(missing.exitCode == 64 && missing.stderr.contains("--out"), "\(missing.stderr)")
    }
}
