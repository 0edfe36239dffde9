import CopyDeck
import Foundation
import PaywallFoundation
import Testing
import TestSupport
@testable import CopyQA

/// Runs this test run's build of `paywall-sim`.
enum Binary {
    static var url: URL? { try? BuiltBinary.url() }

    /// Exit status and standard output of `paywall-sim arguments…`.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        guard let binary = Binary.url else {
            throw Diagnostic("paywall-sim is not built: run `swift build --product paywall-sim`")
        }
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try ProcessLaunch.run(process)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

@Suite("paywall-sim copy: the built binary", .serialized)
struct CLITests {
    let quick = ["--locale", "en", "--theme", "dark", "--size", "80x24", "--offer", "A"]

    @Test("check exits 0 for the shipped deck")
    func cleanExitsZero() throws {
        let result = try Binary.run(["copy", "check"] + quick)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("0 error(s)"))
    }

    @Test("check says on stderr what the .storekit file was read with (a key Xcode never writes)")
    func storekitWarningsAreShown() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/66-itri-sau-hand-written-v3.storekit")
        let result = try Binary.run(["copy", "check", "--storekit", file.path] + quick)
        #expect(result.error.contains("66-itri-sau-hand-written-v3.storekit") && result.error.contains("warning"), "\(result.error)")
        let clean = try Binary.run(["copy", "check", "--storekit", TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/storekit/65-leftpocket-8-plans-winback-v4.storekit").path] + quick)
        #expect(!clean.error.contains("Xcode never writes"), "\(clean.error)")
    }

    @Test("check exits 1 with a broken team deck, and json says why")
    func brokenExitsOne() throws {
        let dir = Support.tempDirectory("cli")
        let file = dir.appendingPathComponent("Broken.xcstrings")
        var team = StringCatalog(sourceLanguage: "en")
        team.set("paywall.cta.trial", "en", "Start your completely free seven day trial now")
        try team.encode().write(to: file)
        let text = try Binary.run(["copy", "check", "--copy", file.path] + quick)
        #expect(text.status == 1)
        #expect(text.output.contains("paywall.cta.trial"))
        #expect(!text.output.contains("(unused)"), "no line for nothing unused (it ended on a colon)")
        #expect(text.output.contains("key(s) the app uses are missing") && text.output.contains("chat.* ("), "long key lists are grouped by their first part")
        let json = try Binary.run(["copy", "check", "--format", "json", "--copy", file.path] + quick)
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((object?["errors"] as? Int ?? 0) > 0)
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(findings.contains { $0["kind"] as? String == "slotOverflow" && $0["key"] as? String == "paywall.cta.trial" })
    }

    /// `--locale en,ko` is two locales, as `--locale en --locale ko` is (it was one locale, "en,ko", that no catalog has).
    @Test func commaListsAreSeveralValues() throws {
        let listed = try Binary.run(["copy", "check", "--locale", "en,ko", "--offer", "A,B", "--size", "80x24", "--theme", "dark"])
        let repeated = try Binary.run(["copy", "check", "--locale", "en", "--locale", "ko", "--offer", "A", "--offer", "B", "--size", "80x24", "--theme", "dark"])
        #expect(listed.output.hasPrefix("copy check: 4 combination(s)"), "\(listed.output.prefix(200))")
        #expect(listed.output == repeated.output)
        let bad = try Binary.run(["copy", "check", "--offer", "A,D"])
        #expect(bad.status == 64 && bad.error.contains("--offer D: expected A, B or C"), "\(bad.error)")
    }

    @Test("bad input: a usage error for a bad size, status 2 for a missing file")
    func badInput() throws {
        let size = try Binary.run(["copy", "check", "--size", "80by24"])
        #expect(size.status == 64)
        #expect(size.error.contains("--size 80by24"))
        let missing = try Binary.run(["copy", "check", "--copy", "/nonexistent/Team.xcstrings"] + quick)
        #expect(missing.status == 2)
        #expect(missing.error.contains("/nonexistent/Team.xcstrings"))
    }

    @Test("export csv, screens and diff")
    func exportScreensDiff() throws {
        let csv = try Binary.run(["copy", "export", "--format", "csv"] + quick)
        #expect(csv.status == 0)
        #expect(csv.output.hasPrefix("screen,state,locale,key,text\n"))
        let dir = Support.tempDirectory("screens")
        let screens = try Binary.run(["copy", "screens", "--out", dir.path] + quick)
        #expect(screens.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("paywall/en-dark-A-80x24.txt").path))
        // As PNG: one image a state, the grid's size at 8×16 pixels a cell, the same bytes every run.
        let png = Support.tempDirectory("screens-png")
        let images = try Binary.run(["copy", "screens", "--format", "png", "--out", png.path] + quick)
        #expect(images.status == 0, "\(images.output)")
        let first = try Data(contentsOf: png.appendingPathComponent("paywall/en-dark-A-80x24-1.png"))
        #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) && first.count > 1000)
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        #expect(first[16..<24].elementsEqual([0, 0, 0x02, 0x80, 0, 0, 0x01, 0x80]), "640×384 for 80×24")
        let again = Support.tempDirectory("screens-png-again")
        #expect(try Binary.run(["copy", "screens", "--format", "png", "--out", again.path] + quick).status == 0)
        #expect(try Data(contentsOf: again.appendingPathComponent("paywall/en-dark-A-80x24-1.png")) == first)
        let jpg = try Binary.run(["copy", "screens", "--format", "jpg", "--out", again.path])
        #expect(jpg.status != 0 && (jpg.output + jpg.error).contains("--format jpg: expected text, svg or png"))
        var new = Support.shipped
        new.set("paywall.notNow", "en", "Maybe later")
        let old = dir.appendingPathComponent("old.xcstrings"), changed = dir.appendingPathComponent("new.xcstrings")
        try Support.shipped.encode().write(to: old)
        try new.encode().write(to: changed)
        let diff = try Binary.run(["copy", "diff", old.path, changed.path])
        #expect(diff.status == 0)
        #expect(diff.output.contains("paywall.notNow"))
        #expect(diff.output.contains("+ ") && diff.output.contains("Maybe later"))
    }

    @Test("lint: exit 1 with the corpus file's Slavic plural errors, 0 for a clean file, 2 naming an unreadable one; json per file")
    func lint() throws {
        let icecubes = Support.fixtures.appendingPathComponent("09-icecubes-19-langs-slavic-plurals.xcstrings").path
        let text = try Binary.run(["copy", "lint", icecubes, "--language", "uk"])
        #expect(text.status == 1)
        #expect(text.output.contains("\(icecubes):37684: error: “notifications-others-count %lld” [uk plural]: no few, many form"))
        // Its one and other forms are both "%lld new posts": the missing forms would read the same.
        #expect(!text.output.contains(":8969: error:"), "a missing form that reads as every present one is a warning")
        let verbose = try Binary.run(["copy", "lint", icecubes, "--language", "uk", "--verbose"])
        #expect(verbose.output.contains("\(icecubes):8969: warning: “accessibility.tabs.timeline.unread-posts.label-%lld” [uk plural]: no few, many form")
                && verbose.output.contains("which reads the same as every form here"))
        // By default the warnings are one line per rule and language; --verbose lists each.
        let warnings = text.output.components(separatedBy: "\n").filter { $0.contains(": warning: ") }
        #expect(Set(warnings.map { $0.components(separatedBy: "warning: ")[1].components(separatedBy: ":")[0] }).count == warnings.count,
                "one summary line per rule and language: \(warnings)")
        #expect(verbose.output.components(separatedBy: ": warning: ").count > text.output.components(separatedBy: ": warning: ").count)
        let only = try Binary.run(["copy", "lint", icecubes, "--only", "placeholders", "--severity", "error"])
        #expect(only.output.contains("10 error(s) (placeholders 10), 0 warning(s)"), "\(only.output.suffix(300))")
        #expect(!text.output.contains("[pl"), "only uk was asked for")
        let clean = Support.fixtures.appendingPathComponent("13-localization-tutorial-uk-plural-no-en.xcstrings").path
        let ok = try Binary.run(["copy", "lint", clean])
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.output.contains("0 error(s)"))
        let json = try Binary.run(["copy", "lint", "--format", "json", clean, icecubes])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]] ?? []
        #expect(files.map { $0["file"] as? String } == [clean, icecubes])
        #expect(files.last?["errors"] as? Int == 33)
        let missing = try Binary.run(["copy", "lint", "/nonexistent/Their.xcstrings", clean])
        #expect(missing.status == 2)
        #expect(missing.error.contains("/nonexistent/Their.xcstrings: cannot read the file"))
        #expect(missing.output.contains("0 error(s)"), "the readable file is still linted")
    }

    /// The measure: the whole corpus linted at once prints every error, and for warnings
    /// at most one line per file, rule and language.
    @Test("lint of the whole corpus: every error, one line per rule and language for warnings")
    func lintTheWholeCorpus() throws {
        let files = TestPaths.fixtureFiles("xcstrings").map(\.path).sorted()
        let run = try Binary.run(["copy", "lint"] + files)
        #expect(run.status == 1)
        let json = try Binary.run(["copy", "lint", "--format", "json"] + files)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let errors = try #require(object?["errors"] as? Int)
        let lines = run.output.components(separatedBy: "\n")
        #expect(lines.filter { $0.contains(": error: ") }.count == errors, "every error on a line of its own")
        var seen: [String: Int] = [:]
        for line in lines where line.contains(": warning: ") {
            // `FILE[:LINE]: warning: RULE [LANG]: N finding(s) …` or one finding's own line, `FILE:LINE: warning: “KEY” [LANG …]: …`.
            let file = line.components(separatedBy: ": warning: ")[0].components(separatedBy: ".xcstrings")[0]
            let rest = line.components(separatedBy: ": warning: ")[1]
            let language = rest.firstIndex(of: "[").map { String(rest[$0...].prefix { $0 != "]" && $0 != " " }) } ?? "-"
            let rule = rest.hasPrefix("“") ? "one finding" : String(rest.prefix { $0 != " " && $0 != ":" })
            seen["\(file) \(rule) \(language)", default: 0] += rule == "one finding" ? 0 : 1
        }
        #expect(seen.values.allSatisfy { $0 <= 1 }, "\(seen.filter { $0.value > 1 })")
        #expect(run.output.contains("copy lint: \(files.count) files: \(errors) error(s)"))
        #expect(lines.count < 600, "\(lines.count) lines for \(files.count) files")
    }
}
