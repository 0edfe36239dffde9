import Foundation
import Testing
import TestSupport

/// Apple's App Store Server Library (`app-store-server-library` from PyPI, in the virtual environment
/// `.ci/run` makes) is the judge: a promotional offer it signs with the simulator's offer key is
/// accepted by the store, and refused tampered, for another product, too old, or under another key.
@Suite("Apple's App Store Server Library signs what the store accepts", .serialized)
struct AppStoreServerLibraryTests {
    /// The venv's Python: `PAYWALLSIM_APPSTORE_PYTHON`, else `.venv-appstore/bin/python`.
    static var python: String {
        ProcessInfo.processInfo.environment["PAYWALLSIM_APPSTORE_PYTHON"]
            ?? TestPaths.packageRoot.appendingPathComponent(".venv-appstore/bin/python").path
    }
    /// Runs when the venv is there, and always in CI (where a missing venv must fail, not skip).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    let state = PaywallSimProcess.tempStateDirectory()

    /// `part` with its middle character changed. Not the last one: a base64url part's last
    /// character may carry padding bits that a decoder ignores, so changing it can change nothing.
    static func changingOneCharacter(_ part: String) -> String {
        var characters = Array(part)
        let middle = characters.count / 2
        characters[middle] = characters[middle] == "A" ? "B" : "A"
        return String(characters)
    }

    func store(_ arguments: [String]) throws -> ProcessResult {
        try PaywallSimProcess.run(["store"] + arguments + ["--state", state.path])
    }

    /// A signature made by `PromotionalOfferV2SignatureCreator` with the key of `stateDirectory`.
    func librarySignature(product: String, offer: String, keyOf directory: URL) throws -> String {
        let key = try PaywallSimProcess.run(["store", "offer-key", "--json", "--state", directory.path])
        #expect(key.exitCode == 0, "\(key.stderr)")
        let keyFile = directory.appendingPathComponent("key-for-library.json")
        try Data(key.stdout.utf8).write(to: keyFile)
        let script = TestPaths.scripts.appendingPathComponent("appstore/sign_promotional_offer.py").path
        let signed = try CleanSpawn.shell([Self.python, script, keyFile.path, product, offer].map(CleanSpawn.quote).joined(separator: " "))
        #expect(signed.status == 0, "the library did not sign: \(signed.output)")
        return signed.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(.enabled(if: available, "make .venv-appstore with .ci/run (python3 -m venv, pip install app-store-server-library)"))
    func promotionalOfferV2Signatures() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.python), "no \(Self.python): .ci/run makes it")
        // The library signs at the real time: the store's clock is set to it.
        let now = ISO8601DateFormatter().string(from: Date())
        #expect(try store(["offer-key", "--now", now]).exitCode == 0)
        let jws = try librarySignature(product: "yearly_59_99", offer: "yearly_comeback_50", keyOf: state)
        #expect(jws.split(separator: ".").count == 3)

        // Tampered: one byte of the claims changed.
        var parts = jws.split(separator: ".").map(String.init)
        parts[1] = Self.changingOneCharacter(parts[1])
        let tampered = try store(["buy", "yearly_59_99", "--offer", "yearly_comeback_50", "--offer-signature", parts.joined(separator: ".")])
        #expect(tampered.exitCode != 0)
        #expect(tampered.stderr.contains("invalidOfferSignature"), "\(tampered.stderr)")

        // Signed for another product.
        let other = try librarySignature(product: "monthly_14_99", offer: "yearly_comeback_50", keyOf: state)
        let wrongProduct = try store(["buy", "yearly_59_99", "--offer", "yearly_comeback_50", "--offer-signature", other])
        #expect(wrongProduct.stderr.contains("invalidOfferSignature") && wrongProduct.stderr.contains("productId is monthly_14_99"), "\(wrongProduct.stderr)")

        // Signed with another team's key: a second state directory given a freshly made .p8.
        let stranger = PaywallSimProcess.tempStateDirectory()
        try FileManager.default.createDirectory(at: stranger, withIntermediateDirectories: true)
        let p8 = stranger.appendingPathComponent("AuthKey_OTHER.p8").path
        let made = try CleanSpawn.shell("openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out \(CleanSpawn.quote(p8))")
        #expect(made.status == 0, "\(made.output)")
        #expect(try PaywallSimProcess.run(["store", "offer-key", "--use", "SIMOFFER01:\(p8)", "--state", stranger.path, "--now", now]).exitCode == 0)
        let foreign = try librarySignature(product: "yearly_59_99", offer: "yearly_comeback_50", keyOf: stranger)
        let wrongKey = try store(["buy", "yearly_59_99", "--offer", "yearly_comeback_50", "--offer-signature", foreign])
        #expect(wrongKey.stderr.contains("invalidOfferSignature"), "\(wrongKey.stderr)")

        // The genuine one is accepted: a transaction with offer type 2 at the offer's price.
        let bought = try store(["buy", "yearly_59_99", "--offer", "yearly_comeback_50", "--offer-signature", jws])
        #expect(bought.exitCode == 0, "\(bought.stderr)")
        #expect(bought.stdout.contains("with promotional offer yearly_comeback_50 (signature verified)"))
        // Like every buy outside the app, it says what reaches a running app on Transaction.updates.
        #expect(bought.stdout.contains("UPDATE") && bought.stdout.contains("outsideApp  yearly_59_99"), "\(bought.stdout)")
        let transactions = try store(["transactions", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(transactions.stdout.utf8)) as? [String: Any]
        let first = (document?["transactions"] as? [[String: Any]])?.first
        #expect(first?["offerType"] as? Int == 2)
        #expect(first?["price"] as? Int == 29_990)

        // A day later the same signature is too old.
        let later = PaywallSimProcess.tempStateDirectory()
        #expect(try PaywallSimProcess.run(["store", "offer-key", "--state", later.path, "--now", now]).exitCode == 0)
        let aged = try librarySignature(product: "yearly_59_99", offer: "yearly_comeback_50", keyOf: later)
        #expect(try PaywallSimProcess.run(["store", "advance", "2d", "--state", later.path]).exitCode == 0)
        let old = try PaywallSimProcess.run(["store", "buy", "yearly_59_99", "--offer", "yearly_comeback_50", "--offer-signature", aged, "--state", later.path])
        #expect(old.stderr.contains("more than a day"), "\(old.stderr)")
    }

    @Test(.enabled(if: available, "make .venv-appstore with .ci/run (python3 -m venv, pip install app-store-server-library)"))
    func introductoryOfferEligibilitySignatures() throws {
        let now = ISO8601DateFormatter().string(from: Date())
        // The yearly plan's free week is used, then the subscription ends.
        #expect(try store(["buy", "yearly_59_99", "--now", now]).exitCode == 0)
        #expect(try store(["expire"]).exitCode == 0)
        let transactions = try store(["transactions", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(transactions.stdout.utf8)) as? [String: Any]
        let first = try #require((document?["transactions"] as? [[String: Any]])?.first)
        let transactionID = try #require(first["id"] as? String)
        #expect(first["offerType"] as? Int == 1)

        let key = try store(["offer-key", "--json"])
        let keyFile = state.appendingPathComponent("key-for-library.json")
        try Data(key.stdout.utf8).write(to: keyFile)
        let script = TestPaths.scripts.appendingPathComponent("appstore/sign_intro_eligibility.py").path
        func sign(_ answer: String) throws -> String {
            let signed = try CleanSpawn.shell([Self.python, script, keyFile.path, "yearly_59_99", answer, transactionID].map(CleanSpawn.quote).joined(separator: " "))
            #expect(signed.status == 0, "the library did not sign: \(signed.output)")
            return signed.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Tampered: refused.
        var parts = try sign("allow").split(separator: ".").map(String.init)
        parts[2] = Self.changingOneCharacter(parts[2])
        let tampered = try store(["buy", "yearly_59_99", "--intro-eligibility", parts.joined(separator: ".")])
        #expect(tampered.stderr.contains("invalidOfferSignature"), "\(tampered.stderr)")
        // The team server allows the offer again: the store grants the free week a second time.
        let bought = try store(["buy", "yearly_59_99", "--intro-eligibility", try sign("allow")])
        #expect(bought.exitCode == 0, "\(bought.stderr)")
        #expect(bought.stdout.contains("introductory offer, eligibility signature verified"), "\(bought.stdout)")
    }
}
