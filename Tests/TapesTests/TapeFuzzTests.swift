import Foundation
import PaywallCore
import Testing
@testable import Tapes

@Suite("Fuzz: any input is refused or accepted, never a crash")
struct TapeFuzzTests {
    static let fragments = [
        "Set", "Size", "80x24", "Key", "Type", "Sleep", "Wait", "Expect", "ExpectNot", "ExpectState", "Store",
        "Include", "Snapshot", "Relaunch", "\"", "\\", "/", "#", " ", "\t", "\r", "\n", "ms", "1.5s", "Enter",
        "Ctrl+", "Down", "99999999999999999999", "-1", "(", "[", "你好", "🙂", "\u{0}", "\u{1B}", "x", "TimeZone",
        "Asia/Shanghai", "Now", "2026-01-30T09:00:00Z", "Store", "TimeRate", "on", "off", "\\\"", "/(/", "//",
    ]

    @Test func randomBytes() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            check(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func randomLinesOfTapeWords() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<1_000 {
            let count = Int.random(in: 0...25, using: &generator)
            let text = (0..<count).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            check(text)
        }
    }

    @Test func mutatedValidTape() {
        let valid = """
        Set Size 80x24
        Set Now 2026-01-30T09:00:00Z
        Key Down 2
        Type "hello \\"you\\""
        Wait /Yearly/ 5s
        Expect "Best value" # comment
        Snapshot paywall
        """
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<1_000 {
            var scalars = Array(valid.unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !scalars.isEmpty {
                let index = Int.random(in: 0..<scalars.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: scalars.remove(at: index)
                case 1: scalars.insert(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)), at: index)
                default: scalars.swapAt(index, Int.random(in: 0..<scalars.count, using: &generator))
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            check(text)
        }
    }

    /// Parses and loads the text; every error must carry a real location on an existing line.
    private func check(_ text: String) {
        let lineCount = TapeParser.lines(of: text).count
        switch TapeParser.parse(source: text, file: "f.tape") {
        case .success(let tape):
            #expect(tape.steps.allSatisfy { $0.location.line >= 1 && $0.location.line <= lineCount })
        case .failure(let errors):
            #expect(!errors.errors.isEmpty)
            #expect(errors.errors.allSatisfy { $0.location.line >= 1 && $0.location.line <= lineCount
                && $0.location.column >= 1 })
        }
        let files = InMemoryFileSystem(files: ["f.tape": text, "g.tape": "Include f.tape\n" + text])
        _ = TapeLoader(fileSystem: files).load(path: "g.tape")
    }
}

@Suite("Fuzz: every command with random arguments")
struct TapeArgumentFuzzTests {
    static let heads = [
        "Set Size", "Set Theme", "Set Locale", "Set StoreKit", "Set Now", "Set TimeZone", "Set Store Fail",
        "Set Store TimeRate", "Set Offer", "Key", "Key Down", "Type", "Sleep", "Wait", "Wait /x/", "Expect",
        "ExpectNot", "ExpectState", "ExpectQuota", "Store Refund", "Snapshot", "Include",
    ]
    static let alphabet = Array("aZ09 /\\\"#.:+-_x\t\u{0}\u{7F}你🙂\r()[]*?ms")

    @Test func randomArguments() {
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<3_000 {
            let head = Self.heads.randomElement(using: &generator) ?? "Key"
            let argument = String((0..<Int.random(in: 0...20, using: &generator)).map { _ in
                Self.alphabet.randomElement(using: &generator) ?? "a"
            })
            let source = head + " " + argument
            switch TapeParser.parse(source: source, file: "f.tape") {
            case .success(let tape): #expect(tape.steps.count <= 1)
            case .failure(let errors):
                #expect(errors.errors.allSatisfy { $0.location.line == 1 && $0.location.column >= 1 }, "\(source)")
            }
        }
    }
}
