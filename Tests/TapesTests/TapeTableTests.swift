import Foundation
import PaywallFoundation
import Testing
import TestSupport

/// The guide's table of shipped tapes is generated from the tapes themselves: one row a tape that
/// plays on its own (not an `_` include), its path and its opening comment. A tape added, removed
/// or re-described without the table following fails here; `PAYWALLSIM_UPDATE_DOCS=1` rewrites it.
@Suite("The guide's tape table")
struct TapeTableTests {
    static let header = "| Tape | What it shows |\n|---|---|\n"

    /// The shipped tapes, top level first, then by folder and name.
    static func tapes() throws -> [String] {
        let root = TestPaths.scripts.appendingPathComponent("tapes")
        let all = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".tape") && !($0 as NSString).lastPathComponent.hasPrefix("_") && !$0.contains("goldens/") }
            .sorted { ($0.filter { $0 == "/" }.count, $0) < ($1.filter { $0 == "/" }.count, $1) }
    }

    /// A tape's opening comment lines, joined: what it shows.
    static func description(of tape: String) throws -> String {
        let text = try String(contentsOf: TestPaths.scripts.appendingPathComponent("tapes/" + tape), encoding: .utf8)
        let comment = text.components(separatedBy: "\n").prefix { $0.hasPrefix("#") }
        return comment.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .replacingOccurrences(of: "|", with: "\\|")
    }

    static func table() throws -> String {
        try header + tapes().map { "| `\($0)` | \(try description(of: $0)) |\n" }.joined()
    }

    @Test func everyShippedTapeHasAnOpeningComment() throws {
        let tapes = try Self.tapes()
        #expect(tapes.count > 50)
        for tape in tapes { #expect(try !Self.description(of: tape).isEmpty, "\(tape) opens with no comment saying what it shows") }
    }

    @Test func theGuidesTableListsEveryShippedTape() throws {
        let guideURL = TestPaths.path("docs/guide/shipped-tapes.md")
        let guide = try String(contentsOf: guideURL, encoding: .utf8)
        let start = try #require(guide.range(of: Self.header), "docs/guide/shipped-tapes.md has no tape table")
        let end = guide.range(of: "\n\n", range: start.upperBound..<guide.endIndex)?.lowerBound ?? guide.endIndex
        let shown = String(guide[start.lowerBound..<end]) + "\n"
        let expected = try Self.table()
        if shown != expected, ProcessInfo.processInfo.environment["PAYWALLSIM_UPDATE_DOCS"] == "1" {
            try (guide[..<start.lowerBound] + expected.dropLast() + guide[end...]).write(to: guideURL, atomically: true, encoding: .utf8)
        }
        #expect(shown == expected, "docs/guide/shipped-tapes.md's tape table differs from the tapes (PAYWALLSIM_UPDATE_DOCS=1 rewrites it):\n\(LineDiff.render(expected: expected, actual: shown))")
    }
}
