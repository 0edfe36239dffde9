import PaywallFoundation
import Foundation
import Testing
@testable import Tapes

@Suite("Goldens")
struct GoldenStoreTests {
    let screen = "Choose a plan   \nWeekly  $4.99\nYearly  $39.99\n\n"

    @Test func layoutSitsNextToTheTape() {
        let store = GoldenStore.forTape(path: "Scripts/happy-path.tape", fileSystem: InMemoryFileSystem())
        #expect(store.path(for: "paywall") == "Scripts/goldens/happy-path/paywall.txt")
    }

    @Test func missingGoldenFailsWithoutUpdate() {
        let files = InMemoryFileSystem()
        let store = GoldenStore(directory: "g", fileSystem: files)
        let outcome = store.check(name: "paywall", screen: screen, update: false)
        #expect(outcome == .missing(path: "g/paywall.txt"))
        #expect(outcome.isFailure)
        #expect(outcome.message.contains("--update"))
        #expect(files.contents.isEmpty)
    }

    @Test func updateWritesNormalisedTextThenMatches() {
        let files = InMemoryFileSystem()
        let store = GoldenStore(directory: "g", fileSystem: files)
        #expect(store.check(name: "paywall", screen: screen, update: true) == .written(path: "g/paywall.txt", created: true))
        #expect(files.contents["g/paywall.txt"] == "Choose a plan\nWeekly  $4.99\nYearly  $39.99\n")
        #expect(store.check(name: "paywall", screen: screen, update: false) == .matched(path: "g/paywall.txt"))
        #expect(store.check(name: "paywall", screen: screen, update: true) == .matched(path: "g/paywall.txt"))
    }

    @Test func mismatchRendersALineDiff() {
        let files = InMemoryFileSystem(files: ["g/paywall.txt": "Choose a plan\nWeekly  $4.99\nYearly  $39.99\n"])
        let store = GoldenStore(directory: "g", fileSystem: files)
        let changed = "Choose a plan\nWeekly  $4.99\nYearly  $49.99\nRestore"
        let outcome = store.check(name: "paywall", screen: changed, update: false)
        guard case .mismatch(let path, let diff) = outcome else {
            Issue.record("expected a mismatch, got \(outcome)")
            return
        }
        #expect(path == "g/paywall.txt")
        #expect(diff == "    2 |Weekly  $4.99\n-   3 |Yearly  $39.99\n+   3 |Yearly  $49.99\n+   4 |Restore")
        #expect(outcome.message.hasPrefix("screen differs from golden g/paywall.txt (- expected, + actual):\n"))
        #expect(files.contents["g/paywall.txt"] == "Choose a plan\nWeekly  $4.99\nYearly  $39.99\n")
    }

    @Test func updateRewritesADifferentGolden() {
        let files = InMemoryFileSystem(files: ["g/a.txt": "old\n"])
        let store = GoldenStore(directory: "g", fileSystem: files)
        #expect(store.check(name: "a", screen: "new", update: true) == .written(path: "g/a.txt", created: false))
        #expect(files.contents["g/a.txt"] == "new\n")
    }

    @Test func diffSkipsFarUnchangedLinesAndEscapesControls() {
        let expected = (1...10).map { "line \($0)" }.joined(separator: "\n")
        var actualLines = (1...10).map { "line \($0)" }
        actualLines[0] = "line one\u{1B}[1m"
        actualLines[9] = "line ten"
        let diff = LineDiff.render(expected: expected, actual: actualLines.joined(separator: "\n"))
        #expect(diff == """
        -   1 |line 1
        +   1 |line one\\u{1B}[1m
            2 |line 2
           …
            9 |line 9
        -  10 |line 10
        +  10 |line ten
        """)
        #expect(LineDiff.render(expected: "same\n", actual: "same") == "")
    }

    @Test func realDiskRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("goldens-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = GoldenStore.forTape(path: folder + "/demo.tape")
        #expect(store.check(name: "first", screen: "你好 world", update: true).isFailure == false)
        let written = try String(contentsOfFile: folder + "/goldens/demo/first.txt", encoding: .utf8)
        #expect(written == "你好 world\n")
        #expect(store.check(name: "first", screen: "你好 world  ", update: false) == .matched(path: store.path(for: "first")))
    }
}

/// Normalizing cuts trailing spaces as the character-by-character rule does, for any text.
@Suite("Golden normalizing")
struct GoldenNormalizeTests {
    /// The rule as first written: per line, drop `" "` characters from the end; then drop trailing blank lines.
    static func reference(_ screen: String) -> String {
        var lines = TapeParser.lines(of: screen).map { line -> String in
            var text = String(line)
            while text.last == " " { text.removeLast() }
            return text
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func randomScreensNormalizeAsTheCharacterRule() {
        // Spaces next to what could join them in one character: a prepended mark (U+0600), a
        // combining accent, a zero-width joiner, CR before LF, wide and box characters.
        let pieces = [" ", " ", " ", "a", "│", "─", "é", "\u{0600}", "\u{0301}", "\u{200D}", "\r", "\n", "\n", "😀", "免", "·"]
        var seed: UInt64 = 0xC0FF_EE00_1234_5678
        for _ in 0..<3_000 {
            var screen = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(seed >> 58) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                screen += pieces[Int(seed >> 60)]
            }
            #expect(Golden.normalize(screen) == Self.reference(screen), "\(screen.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func shippedScreensNormalizeAsTheCharacterRule() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scripts/tapes").standardized
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .filter { $0.contains("goldens/") && $0.hasSuffix(".txt") } ?? []
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOfFile: root.appendingPathComponent(file).path, encoding: .utf8)
            let padded = TapeParser.lines(of: text).map { $0 + "   " }.joined(separator: "\r\n") + "\n\n  \n"
            #expect(Golden.normalize(padded) == Self.reference(padded), "\(file)")
            #expect(Golden.normalize(text) == Self.reference(text), "\(file)")
        }
    }
}
