import Foundation
import Testing
import TestSupport

/// `docs/reference/storekit-testing-coverage.md` names, on every row, what covers it: tapes (by
/// path under `Scripts/tapes`) and test suites (`SomethingTests`, optionally `.aTest`). Each name
/// must exist, so a row cannot point at a tape or test that was renamed or never written.
@Suite("The StoreKit coverage table names what exists")
struct CoverageDocTests {
    /// The table's rows: the first cell (what of Apple's) and the last (what covers it).
    static func rows() throws -> [(what: String, coveredBy: String)] {
        let text = try String(contentsOf: TestPaths.path("docs/reference/storekit-testing-coverage.md"), encoding: .utf8)
        return text.components(separatedBy: "\n").compactMap { line in
            guard line.hasPrefix("| "), !line.hasPrefix("| member |"), !line.hasPrefix("| field |") else { return nil }
            // Cells split on `|` not escaped as `\|`.
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { return nil }
            return (cells[1], cells[cells.count - 2])
        }
    }

    /// Every name in backticks in `cell` matching `pattern`.
    static func names(_ cell: String, _ pattern: String) -> [String] {
        let regex = try? NSRegularExpression(pattern: pattern)
        return regex?.matches(in: cell, range: NSRange(cell.startIndex..., in: cell)).compactMap {
            Range($0.range(at: 1), in: cell).map { String(cell[$0]) }
        } ?? []
    }

    /// The text of every Swift test file.
    static let testSources: String = {
        let root = TestPaths.path("Tests")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return files.compactMap { try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
    }()

    @Test func everyRowNamesATapeOrATestAndEachExists() throws {
        let rows = try Self.rows()
        #expect(rows.count > 40)
        for row in rows {
            let tapes = Self.names(row.coveredBy, #"`([\w./*-]+\.tape)`"#)
            let suites = Self.names(row.coveredBy, #"`([A-Z]\w*Tests)(?:\.\w+)?`"#)
            let cases = Self.names(row.coveredBy, #"`[A-Z]\w*Tests\.(\w+)"#)
            #expect(!tapes.isEmpty || !suites.isEmpty, "\(row.what) names no tape and no test")
            for tape in tapes {
                if tape.contains("*") {
                    let folder = TestPaths.scripts.appendingPathComponent("tapes/" + (tape as NSString).deletingLastPathComponent)
                    let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    #expect(listed.contains { $0.hasSuffix(".tape") }, "\(row.what): no tape matches \(tape)")
                } else {
                    #expect(FileManager.default.fileExists(atPath: TestPaths.scripts.appendingPathComponent("tapes/" + tape).path),
                            "\(row.what): Scripts/tapes/\(tape) does not exist")
                }
            }
            for suite in suites { #expect(Self.testSources.contains("struct \(suite)"), "\(row.what): no test suite \(suite)") }
            for name in cases { #expect(Self.testSources.contains("func \(name)"), "\(row.what): no test \(name)") }
        }
    }
}
