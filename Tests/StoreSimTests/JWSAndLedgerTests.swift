import Crypto
import Foundation
import PaywallCore
import Testing
@testable import StoreSim

@Suite("Compact JWS and the durable ledger")
struct JWSAndLedgerTests {
    /// base64url is standard base64 with `-` for `+`, `_` for `/` and no padding, for every length
    /// and byte, and reads back to the same bytes.
    @Test func base64urlMatchesStandardBase64() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let data = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let expected = data.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(CompactJWS.base64url(data) == expected, "length \(length)")
            #expect(CompactJWS.data(base64url: CompactJWS.base64url(data)) == data)
        }
    }

    /// A JWS's parts, found by bytes, are what a split at every dot gives, with empty parts kept.
    @Test func segmentsSplitAtEveryDot() {
        let long = String(repeating: "eyJhbGciOiJFUzI1NiJ9", count: 300)
        for text in ["", ".", "..", "a", "a.b.c", ".a.", "a..b", long + "." + long + ".sig", "é.ü.ß", "e\u{301}.x", String(("--" + long + ".x").dropFirst(2))] {
            #expect(CompactJWS.segments(text) == text.split(separator: ".", omittingEmptySubsequences: false), "\(text.prefix(12))")
        }
    }

    @Test func signsAndVerifiesES256() throws {
        var rng = SeededGenerator(seed: 1)
        let key = StoreSigningKeys.makeKey(&rng)
        let jws = try CompactJWS.sign(payload: Data(#"{"a":1}"#.utf8), key: key, kid: "k1")
        #expect(jws.split(separator: ".").count == 3)
        let (header, _) = try CompactJWS.decodeUnverified(jws)
        #expect(header.alg == "ES256")
        #expect(header.kid == "k1")
        let payload = try CompactJWS.verify(jws, trustedKeys: ["k1": key.publicKey])
        #expect(String(decoding: payload, as: UTF8.self) == #"{"a":1}"#)
    }

    @Test func refusesAlgNoneOtherKeyAndTampering() throws {
        var rng = SeededGenerator(seed: 2)
        let key = StoreSigningKeys.makeKey(&rng)
        let other = StoreSigningKeys.makeKey(&rng)
        let jws = try CompactJWS.sign(payload: Data(#"{"a":1}"#.utf8), key: key, kid: "k1")
        let parts = jws.split(separator: ".").map(String.init)
        let none = CompactJWS.base64url(Data(#"{"alg":"none","kid":"k1"}"#.utf8)) + "." + parts[1] + "."
        #expect(throws: CompactJWS.Failure.unsupportedAlgorithm("none")) { try CompactJWS.verify(none, trustedKeys: ["k1": key.publicKey]) }
        #expect(throws: CompactJWS.Failure.badSignature) { try CompactJWS.verify(jws, trustedKeys: ["k1": other.publicKey]) }
        let tampered = parts[0] + "." + CompactJWS.base64url(Data(#"{"a":2}"#.utf8)) + "." + parts[2]
        #expect(throws: CompactJWS.Failure.badSignature) { try CompactJWS.verify(tampered, trustedKeys: ["k1": key.publicKey]) }
        #expect(throws: CompactJWS.Failure.unknownKey("k1")) { try CompactJWS.verify(jws, trustedKeys: ["k2": key.publicKey]) }
        #expect(throws: CompactJWS.Failure.self) { try CompactJWS.verify("not-a-jws", trustedKeys: [:]) }
    }

    @Test func ledgerRoundTripsAndReplacesAtomically() throws {
        let dir = Fixture.tempDirectory()
        let ledger = Ledger<[String: Int]>(url: dir.appendingPathComponent("l.json"), durability: .durable)
        #expect(try ledger.load() == nil)
        try ledger.save(["a": 1])
        try ledger.save(["a": 2, "b": 3])
        #expect(try ledger.load() == ["a": 2, "b": 3])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// The ledger's byte search finds what `Data.range(of:)` finds, from any start.
    @Test func byteSearchMatchesFoundation() {
        var seed: UInt64 = 0xFACE_B00C_0000_0001
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for _ in 0..<2_000 {
            let data = Data((0..<Int(next() % 40)).map { _ in UInt8(ascii: "a") + UInt8(next() % 3) })
            let marker = Data((0..<Int(next() % 4) + 1).map { _ in UInt8(ascii: "a") + UInt8(next() % 3) })
            let start = data.isEmpty ? 0 : Int(next() % UInt64(data.count + 1))
            #expect(Ledger<StoreState>.firstRange(of: marker, in: data, from: start) == data.range(of: marker, in: start..<data.endIndex),
                    "\(Array(data)) \(Array(marker)) from \(start)")
        }
    }

    @Test func corruptLedgerIsRefusedWithItsPath() throws {
        let dir = Fixture.tempDirectory()
        let url = dir.appendingPathComponent("store-ledger.json")
        try Data("{ not json".utf8).write(to: url)
        do {
            _ = try Fixture.store(dir: dir)
            Issue.record("a corrupt ledger opened")
        } catch {
            #expect("\(error)".contains(url.path))
        }
    }

    @Test func seededGeneratorRepeats() {
        var a = SeededGenerator(seed: 9)
        var b = SeededGenerator(seed: 9)
        #expect(a.bytes(16) == b.bytes(16))
        #expect(a.uuid() == b.uuid())
    }

    @Test func appAccountTokensRepeatPerSeedAndDifferInARun() throws {
        let (one, _, _) = try Fixture.store()
        let (two, _, _) = try Fixture.store()
        let first = try one.makeAppAccountToken()
        #expect(first == (try two.makeAppAccountToken()))
        #expect(first != (try one.makeAppAccountToken()))
    }
}
