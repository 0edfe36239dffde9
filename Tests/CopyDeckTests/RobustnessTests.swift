import Foundation
import Testing
@testable import CopyDeck

/// A small deterministic generator so the robustness tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}

@Suite("Bad input never crashes")
struct RobustnessTests {
    @Test("mutated catalogs either load or are refused with a place")
    func mutatedCatalogs() throws {
        let original = [UInt8](try Data(contentsOf: Fixtures.url("05")))
        var random = SeededGenerator(state: 42)
        let noise: [UInt8] = Array("{}[]\",: \\\n0123456789truefalsenull%@".utf8) + [0xC3, 0xFF, 0x00]
        var refused = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = noise.randomElement(using: &random) ?? 0
                default: bytes.insert(noise.randomElement(using: &random) ?? 0, at: at)
                }
            }
            do {
                let catalog = try StringCatalog.decode(Data(bytes), origin: "mutant")
                _ = CopyDeck(catalog).resolve("Superghost for %lld more days", locale: "en", [3])
            } catch {
                refused += 1
                #expect(error.file == "mutant")
                #expect((error.line ?? 0) >= 1 && (error.column ?? 0) >= 1)
            }
        }
        #expect(refused > 100, "most mutations break the file")
    }

    @Test("random format strings and arguments never trap")
    func randomFormats() {
        var random = SeededGenerator(state: 7)
        let pieces = ["%", "%%", "1$", "2$", "9$", "@", "l", "ll", "d", "f", ".", "2", "#@n@", "#@", "x", "-", "0", "*", " ", "c", "s", "%arg", "é", "日"]
        let args: [CopyArgument] = ["text", 3, -1, 2.5, .double(.nan), .double(.infinity), .integer(.min), .integer(.max), ""]
        let localization = Localization(stringUnit: StringUnit(value: ""), substitutions: [
            "n": Substitution(argNum: 1, formatSpecifier: "lld", variations: Variations(plural: [.other: .unit("%arg n")])),
        ])
        for _ in 0..<2000 {
            let format = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let given = (0..<Int.random(in: 0...3, using: &random)).map { _ in args.randomElement(using: &random) ?? 1 }
            var unit = localization
            unit.stringUnit = StringUnit(value: format)
            for language in ["en", "ar", "ru"] {
                let rendered = CopyFormatter(locale: language).render(unit, language: language, given)
                #expect(rendered.text.count < 10_000)
            }
        }
    }
}
