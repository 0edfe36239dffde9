import Foundation
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
