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
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/guide/tapes.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```tape\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let example = String(text[start.upperBound..<end.lowerBound])
        let shipped = try String(contentsOf: Self.root.appendingPathComponent("Scripts/tapes/happy-path-yearly.tape"), encoding: .utf8)
        #expect(example == shipped, "docs/guide/tapes.md example and Scripts/tapes/happy-path-yearly.tape differ")
        let tape = try TapeParser.parse(source: example, file: "Scripts/tapes/happy-path-yearly.tape").get()
        #expect(tape.commands.contains(.expectState("purchased")) || tape.commands.contains(.expectState("chat")))
        #expect(tape.commands.contains(.expectEntitled(true)))
    }
}

/// Every screen picture in the README and the docs (a plain fence whose first line is a frame's
/// top) names the golden it shows in the lines just above it, and is that golden's text: no picture
/// is drawn by hand, so none can drift from what the app draws.
@Suite("Screen pictures in the docs")
struct DocsScreenPictureTests {
    /// One picture: where it is, the golden it names, its text.
    struct Picture: CustomStringConvertible {
        let file: String
        let line: Int
        let golden: String?
        let text: String
        var description: String { "\(file):\(line)" }
    }

    static func pictures() -> [Picture] {
        let root = TestPaths.packageRoot
        var files = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        let walker = FileManager.default.enumerator(atPath: docs.path)
        while let next = walker?.nextObject() as? String {
            if next.hasSuffix(".md") { files.append("docs/" + next) }
        }
        var found: [Picture] = []
        for file in files.sorted() {
            let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let lines = text.components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index] == "```", index + 1 < lines.count, lines[index + 1].hasPrefix("╭") else { continue }
                let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
                let above = lines[max(0, index - 3)..<index].joined(separator: " ")
                let golden = above.components(separatedBy: "`").first { $0.hasSuffix(".txt") && ($0.contains("goldens/") || $0.contains("Goldens/")) }
                found.append(Picture(file: file, line: index + 2, golden: golden, text: lines[(index + 1)..<end].joined(separator: "\n") + "\n"))
                index = end
            }
        }
        return found
    }

    /// The README's colour pictures (the paywall, the animated happy path) are shipped tapes'
    /// `Screenshot` and `Output` (paths from the repository root), so `ShippedTapesTests` fails
    /// when an image in git is not what its tape makes.
    @Test func theReadmeImagesAreShippedTapesScreenshotsAndOutputs() throws {
        let readme = try String(contentsOf: TestPaths.path("README.md"), encoding: .utf8)
        let links = try NSRegularExpression(pattern: #"\]\(([^)]+\.(?:svg|gif))\)"#).matches(in: readme, range: NSRange(readme.startIndex..., in: readme))
            .map { String(readme[Range($0.range(at: 1), in: readme)!]) }
        #expect(links.count >= 3, "README.md shows the paywall and the animated demo, as SVG and GIF: \(links)")
        let tapes = TapeDiscovery.tapes(in: [TestPaths.scripts.path])
        for path in links {
            #expect(FileManager.default.fileExists(atPath: TestPaths.path(path).path), "\(path) is not in the repository")
            let makers = try tapes.filter {
                try String(contentsOf: URL(fileURLWithPath: $0), encoding: .utf8).components(separatedBy: "\n").contains {
                    $0.hasPrefix("Screenshot \(path)") || $0.hasPrefix("Output \(path)")
                }
            }
            #expect(makers.count == 1, "one shipped tape makes \(path) with Screenshot or Output; found \(makers)")
        }
    }

    @Test func theDocsShowScreens() throws {
        #expect(Self.pictures().count >= 4, "the README and the guide show screens")
    }

    @Test("a picture is its golden", arguments: DocsScreenPictureTests.pictures())
    func pictureIsItsGolden(_ picture: Picture) throws {
        let path = try #require(picture.golden, "\(picture): name the golden this picture shows (`…/goldens/…/NAME.txt`) just above it")
        let golden = try String(contentsOf: TestPaths.path(path), encoding: .utf8)
        #expect(Golden.normalize(picture.text) == Golden.normalize(golden),
                "\(picture) and \(path) differ:\n\(LineDiff.render(expected: golden, actual: picture.text))")
    }
}
