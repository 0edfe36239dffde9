import Foundation
import PaywallFoundation
import Testing
import TestSupport
@testable import Tapes

@Suite("Guide")
struct GuideExampleTests {
    static let root = TestPaths.packageRoot

    /// The guide's first tape example is the shipped happy-path tape, word for word, and it parses.
    @Test func exampleTapeIsTheShippedOne() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```tape\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let example = String(text[start.upperBound..<end.lowerBound])
        let shipped = try String(contentsOf: Self.root.appendingPathComponent("Scripts/tapes/happy-path-yearly.tape"), encoding: .utf8)
        #expect(example == shipped, "docs/guide.md example and Scripts/tapes/happy-path-yearly.tape differ")
        let tape = try TapeParser.parse(source: example, file: "Scripts/tapes/happy-path-yearly.tape").get()
        #expect(tape.commands.contains(.expectState("purchased")) || tape.commands.contains(.expectState("chat")))
        #expect(tape.commands.contains(.expectEntitled(true)))
    }
}

/// The README's 80×24 paywall is the screen the happy-path tape's golden holds (the same flow,
/// clock and size), so the picture cannot drift from what the app draws.
@Suite("README picture")
struct ReadmePictureTests {
    @Test func thePaywallPictureIsTheGolden() throws {
        let readme = try String(contentsOf: TestPaths.path("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("╭─ Nova") }, "README.md has no paywall picture")
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("╰") })
        let picture = lines[start...end].joined(separator: "\n") + "\n"
        let golden = try String(contentsOf: TestPaths.path("Scripts/tapes/goldens/happy-path-yearly/paywall.txt"), encoding: .utf8)
        #expect(Golden.normalize(picture) == Golden.normalize(golden),
                "README.md's picture and the happy-path paywall golden differ:\n\(LineDiff.render(expected: golden, actual: picture))")
    }
}
