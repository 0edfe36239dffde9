import Foundation
import Testing
@testable import Tapes

@Suite("README")
struct ReadmeExampleTests {
    /// The example tape in README.d/tapes.md parses (its Include is checked by the loader elsewhere).
    @Test func exampleTapeParses() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.d/tapes.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```tape\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let tape = try TapeParser.parse(source: String(text[start.upperBound..<end.lowerBound]),
                                        file: "Scripts/happy-path-yearly.tape").get()
        #expect(tape.commands.contains(.include(path: "Scripts/_common/store.tape")))
        #expect(tape.commands.contains(.expectState("purchased")))
        #expect(TapeSettings.initial(for: tape).timeZone == "Asia/Shanghai")
    }
}
