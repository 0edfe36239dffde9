import Foundation
import Testing
@testable import PaywallFoundation

/// The one golden comparison (tests' screen goldens and tapes' goldens): trailing spaces and
/// trailing blank lines are not significant, anything else is; a difference comes with a line diff.
@Suite("Goldens")
struct GoldenTests {
    let golden = "Choose a plan\nWeekly  $4.99\nYearly  $39.99\n"

    @Test func equalTextsMatch() {
        #expect(Golden.compare(golden, stored: golden) == .matched)
        #expect(Golden.normalize(golden) == golden, "a golden in normal form stays as it is")
    }

    @Test func trailingWhitespaceAndBlankLinesAndLineEndsAreNotSignificant() {
        #expect(Golden.compare("Choose a plan   \nWeekly  $4.99 \nYearly  $39.99", stored: golden) == .matched)
        #expect(Golden.compare(golden + "\n\n   \n", stored: golden) == .matched)
        #expect(Golden.compare("Choose a plan\r\nWeekly  $4.99\r\nYearly  $39.99\r\n", stored: golden) == .matched)
        #expect(Golden.compare(golden, stored: golden + "\n\n") == .matched, "a stored golden is read in normal form too")
        #expect(Golden.normalize("a  \n\nb \n\n\n") == "a\n\nb\n")
        #expect(Golden.normalize("") == "\n")
        #expect(Golden.normalize("  \n \n") == "\n")
    }

    @Test func leadingAndInnerWhitespaceIsSignificant() {
        #expect(Golden.compare(" Choose a plan\nWeekly  $4.99\nYearly  $39.99\n", stored: golden) != .matched)
        #expect(Golden.compare("Choose a plan\nWeekly $4.99\nYearly  $39.99\n", stored: golden) != .matched)
        #expect(Golden.compare("Choose a plan\n\nWeekly  $4.99\nYearly  $39.99\n", stored: golden) != .matched)
    }

    @Test func aMissingGoldenIsMissing() {
        #expect(Golden.compare(golden, stored: nil) == .missing)
        let outcome = Golden.check(golden, path: "g/a.txt", stored: nil, update: false) { _ in
            Issue.record("nothing is written without update")
        }
        #expect(outcome == .missing(path: "g/a.txt"))
        #expect(outcome.isFailure)
    }

    @Test func theDiffShowsNumberedLinesAroundTheChange() {
        let changed = "Choose a plan  \nWeekly  $4.99\nYearly  $49.99\nRestore\n\n"
        #expect(Golden.compare(changed, stored: golden)
                == .different(diff: "    2 |Weekly  $4.99\n-   3 |Yearly  $39.99\n+   3 |Yearly  $49.99\n+   4 |Restore"))
        #expect(Golden.check(changed, path: "g/a.txt", stored: golden, update: false) { _ in }
                == .mismatch(path: "g/a.txt", diff: "    2 |Weekly  $4.99\n-   3 |Yearly  $39.99\n+   3 |Yearly  $49.99\n+   4 |Restore"))
    }

    @Test func updateWritesTheNormalFormOnlyWhenMissingOrDifferent() {
        var written: [String] = []
        let write: (String) throws -> Void = { written.append($0) }
        #expect(Golden.check("new  \n\n", path: "g/a.txt", stored: nil, update: true, write: write) == .written(path: "g/a.txt", created: true))
        #expect(Golden.check("newer", path: "g/a.txt", stored: "new\n", update: true, write: write) == .written(path: "g/a.txt", created: false))
        #expect(Golden.check("same  ", path: "g/a.txt", stored: "same\n\n", update: true, write: write) == .matched(path: "g/a.txt"),
                "a matching golden is not rewritten, even where its bytes are not in normal form")
        #expect(written == ["new\n", "newer\n"])
        struct Refused: Error {}
        let failed = Golden.check("x", path: "g/a.txt", stored: nil, update: true) { _ in throw Refused() }
        #expect(failed.isFailure)
        if case .writeFailed(let path, _) = failed { #expect(path == "g/a.txt") } else { Issue.record("\(failed)") }
    }

    @Test func aFileOnDiskRoundTrips() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("nested/你好.txt")
        #expect(Golden.check("你好 world  \n", file: url, update: false) == .missing(path: url.path))
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(Golden.check("你好 world  \n", file: url, update: true) == .written(path: url.path, created: true))
        #expect(try String(contentsOf: url, encoding: .utf8) == "你好 world\n")
        #expect(Golden.check("你好 world", file: url, update: false) == .matched(path: url.path))
        guard case .mismatch(_, let diff) = Golden.check("你好", file: url, update: false) else {
            Issue.record("expected a mismatch")
            return
        }
        #expect(diff == "-   1 |你好 world\n+   1 |你好")
    }
}
