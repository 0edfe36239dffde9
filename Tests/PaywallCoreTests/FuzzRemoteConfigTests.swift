import Foundation
import Testing
@testable import PaywallCore

/// Seeded mutations of a real remote-config file: each decodes to a valid config, or is refused with the path and words.
@Suite("Fuzz: remote config")
struct FuzzRemoteConfigTests {

    /// The embedded default, pretty-printed: the README's complete example.
    static let original: [UInt8] = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return [UInt8]((try? encoder.encode(RemoteConfig.default)) ?? Data("{}".utf8))
    }()

    static let values = ["null", "true", "-1", "0", "1e309", "9223372036854775808", "-9223372036854775809", "\"\"", "\"A\"", "\"Z\"",
                         "[]", "{}", "[{}]", "\"\\u0000\"", "\"\\ud800\"", "1.5", "\"weekly_9_99\"", "{\"forced\":\"A\"}", "[[[[[[]]]]]]"]

    /// Decodes `bytes`; a config passes its own validation, a refusal names the path and says what is wrong.
    static func check(_ bytes: [UInt8], path: String) -> Bool {
        do {
            let config = try RemoteConfig.decode(from: Data(bytes), path: path)
            #expect(config.offer(config.defaultOffer) != nil)
            #expect((try? config.validate(path: path)) != nil)
            return true
        } catch let error as RemoteConfigError {
            #expect(error.path == path)
            #expect(!error.message.isEmpty)
            return false
        } catch {
            Issue.record("not a RemoteConfigError: \(error)")
            return false
        }
    }

    @Test("byte edits of the default config")
    func byteEdits() {
        var rng = SeededGenerator(seed: 2024)
        let noise = Array("{}[]\",: \\\n-0123456789.eEtruefalsenull".utf8) + [0xC3, 0xFF, 0x00]
        var refused = 0
        for round in 0..<500 {
            var bytes = Self.original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = noise.randomElement(using: &rng) ?? 0
                default: bytes.insert(noise.randomElement(using: &rng) ?? 0, at: at)
                }
            }
            if !Self.check(bytes, path: "byte-\(round).json") { refused += 1 }
        }
        #expect(refused > 100)
    }

    @Test("values replaced by hostile JSON values")
    func valueSwaps() {
        var rng = SeededGenerator(seed: 77)
        let text = String(decoding: Self.original, as: UTF8.self)
        // Every `: value` position (after a key) and every array element start is a place to swap in a value.
        let regex = try? NSRegularExpression(pattern: #"(?<=: )("[^"]*"|-?[0-9]+|true|false|null)"#)
        let matches = regex?.matches(in: text, range: NSRange(text.startIndex..., in: text)) ?? []
        #expect(matches.count > 10)
        var accepted = 0
        for round in 0..<400 {
            var mutated = text
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                guard let match = matches.randomElement(using: &rng), let range = Range(match.range, in: text),
                      let target = Range(match.range, in: mutated), mutated[target] == text[range] else { continue }
                mutated.replaceSubrange(target, with: Self.values.randomElement(using: &rng) ?? "null")
            }
            if Self.check(Array(mutated.utf8), path: "value-\(round).json") { accepted += 1 }
        }
        #expect(accepted < 400)
    }

    @Test("deep nesting, huge files and empty input are refused without trapping")
    func hostileShapes() {
        #expect(!Self.check(Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8), path: "deep.json"))
        #expect(!Self.check(Array((String(repeating: "{\"a\":", count: 20_000) + "1" + String(repeating: "}", count: 20_000)).utf8), path: "deep-objects.json"))
        #expect(!Self.check([], path: "empty.json"))
        #expect(!Self.check(Array("{\"offers\": [".utf8) + Array(repeating: UInt8(ascii: " "), count: 1_000_000), path: "spaces.json"))
        let manyOffers = "{\"offers\":[" + (0..<5_000).map { _ in
            #"{"id":"A","layoutVariant":"list","productIDs":["x"],"defaultProductID":"x"}"#
        }.joined(separator: ",") + "]}"
        #expect(!Self.check(Array(manyOffers.utf8), path: "many.json")) // offer A defined twice
    }
}
