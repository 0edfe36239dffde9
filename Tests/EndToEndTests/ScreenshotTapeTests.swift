import Foundation
import Testing
import TestSupport

/// `Screenshot PATH.svg` in a tape writes the screen as an SVG where the line says (folders made);
/// `play --check` compares it with the file there instead, so a colour or layout change fails.
@Suite("Screenshot in a tape")
struct ScreenshotTapeTests {
    @Test func aScreenshotIsWrittenByPlayAndComparedByCheck() async throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let folder = TestPaths.scratchDirectory("shot")
        let svg = folder.appendingPathComponent("shots/deep/paywall.svg")
        let tape = try PaywallSimProcess.scratchFile("shot.tape", "Set Size 80x24\nInclude \(toPaywall)\nScreenshot \(svg.path)\n")
        let missing = await InProcessCommandLine.run(["play", "--check", tape.path])
        #expect(missing.exitCode == 1 && missing.stdout.contains("screenshot \(svg.path) is missing, run play without --check"), "\(missing.stdout)")
        #expect(!FileManager.default.fileExists(atPath: svg.path), "--check writes nothing")
        let played = await InProcessCommandLine.run(["play", tape.path])
        #expect(played.exitCode == 0 && played.stdout.contains("wrote \(svg.path)"), "\(played.stdout)")
        let first = try Data(contentsOf: svg)
        #expect(await InProcessCommandLine.run(["play", "--check", tape.path]).exitCode == 0, "the same screen gives the same bytes")
        #expect(await InProcessCommandLine.run(["play", tape.path]).exitCode == 0)
        #expect(try Data(contentsOf: svg) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && text.contains(">Start free trial<") && text.contains("Unlock Nova Premium"))
        #expect(!text.contains("<script"))
        // A colour changed in the stored image: --check fails and says where; a plain play writes it again.
        try Data(text.replacingOccurrences(of: "#00d787", with: "#ff0000").utf8).write(to: svg)
        let changed = await InProcessCommandLine.run(["play", "--check", tape.path])
        #expect(changed.exitCode == 1 && changed.stdout.contains("screenshot \(svg.path) differs from what the tape plays"), "\(changed.stdout)")
        #expect(await InProcessCommandLine.run(["play", tape.path]).exitCode == 0)
        #expect(try Data(contentsOf: svg) == first)
    }

    @Test func aPathInAnotherFormatIsRefused() async throws {
        let tape = try PaywallSimProcess.scratchFile("bad.tape", "Screenshot shot.jpg\nScreenshot shots/\n")
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad.tape:1:12: bad screenshot path 'shot.jpg', expected a file path ending in .png or .svg") && run.stdout.contains("bad.tape:2:12: bad screenshot path 'shots/'"), "\(run.stdout)")
    }

    /// A relative path starts at the working directory, as in VHS (not at the tape's folder).
    @Test func aRelativePathStartsAtTheWorkingDirectory() throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("rel.tape", "Set Size 80x24\nInclude \(toPaywall)\nScreenshot shots/paywall.svg\n")
        let here = TestPaths.scratchDirectory("cwd")
        let run = try PaywallSimProcess.run(["play", tape.path], directory: here)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: here.appendingPathComponent("shots/paywall.svg").path))
        #expect(!FileManager.default.fileExists(atPath: tape.deletingLastPathComponent().appendingPathComponent("shots").path))
    }
}

/// `Output PATH.svg|.cast|.txt` in a tape writes the whole recording where the line says when the
/// tape ends; `play --check` compares it; `play --svg FILE` writes the animated SVG without a tape line.
@Suite("Output in a tape")
struct OutputTapeTests {
    @Test func eachOutputFormatIsWrittenAndCompared() async throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let folder = TestPaths.scratchDirectory("out").appendingPathComponent("out")
        let tape = try PaywallSimProcess.scratchFile("demo.tape", "Output \(folder.path)/demo.svg\nOutput \(folder.path)/demo.cast\nSet Size 80x24\nOutput \(folder.path)/demo.txt\nInclude \(toPaywall)\nKey Down\n")
        let missing = await InProcessCommandLine.run(["play", "--check", tape.path])
        #expect(missing.exitCode == 1 && missing.stdout.contains("recording \(folder.appendingPathComponent("demo.svg").path) is missing"), "\(missing.stdout)")
        #expect(await InProcessCommandLine.run(["play", tape.path]).exitCode == 0)
        let svg = try String(contentsOf: folder.appendingPathComponent("demo.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.contains("@keyframes") && !svg.contains("<script"))
        let cast = try String(contentsOf: folder.appendingPathComponent("demo.cast"), encoding: .utf8)
        #expect(cast.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
        let transcript = try String(contentsOf: folder.appendingPathComponent("demo.txt"), encoding: .utf8)
        #expect(transcript.contains("Start free trial"))
        #expect(await InProcessCommandLine.run(["play", "--check", tape.path]).exitCode == 0, "the same tape gives the same recordings")
        // The SVG play --svg writes is the same as the tape's Output.
        let direct = folder.appendingPathComponent("direct.svg")
        #expect(await InProcessCommandLine.run(["play", tape.path, "--svg", direct.path]).exitCode == 0)
        #expect(try String(contentsOf: direct, encoding: .utf8) == svg)
        // A changed recording fails --check.
        try Data(svg.replacingOccurrences(of: "#00d787", with: "#ff0000").utf8).write(to: folder.appendingPathComponent("demo.svg"))
        let changed = await InProcessCommandLine.run(["play", "--check", tape.path])
        #expect(changed.exitCode == 1 && changed.stdout.contains("Output \(folder.path)/demo.svg"), "\(changed.stdout)")
    }

    @Test func aPathInAnotherFormatIsRefused() async throws {
        let tape = try PaywallSimProcess.scratchFile("bad-output.tape", "Output demo.mp4\nOutput out/.svg\n")
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad-output.tape:1:8: bad output path 'demo.mp4'") && run.stdout.contains("bad-output.tape:2:8: bad output path 'out/.svg'"), "\(run.stdout)")
    }
}

/// A tape over a matrix of settings: one play per combination, each with its own goldens and outputs.
@Suite("Tapes over a matrix")
struct MatrixTapeTests {
    @Test func aMatrixLinePlaysEachCombinationWithItsOwnGoldens() async throws {
        let folderPath = TestPaths.scratchDirectory("grid").path
        let tape = try PaywallSimProcess.scratchFile("grid.tape", """
        Matrix locale=en,ko offer=A,B
        Set Size 80x24
        Set Now 2026-01-30T09:00:00Z
        Set Start paywall
        ExpectState paywall
        Snapshot paywall
        Screenshot \(folderPath)/paywall.svg
        """)
        let folder = tape.deletingLastPathComponent()
        let update = await InProcessCommandLine.run(["play", "--update", tape.path])
        #expect(update.exitCode == 0, "\(update.stdout)")
        #expect(update.stdout.contains("4 tapes: 4 passed"), "\(update.stdout)")
        for suffix in ["en-A", "en-B", "ko-A", "ko-B"] {
            #expect(FileManager.default.fileExists(atPath: folderPath + "/paywall-\(suffix).svg"), "\(suffix)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/grid/paywall-\(suffix).txt").path), "\(suffix)")
        }
        let korean = try String(contentsOf: folder.appendingPathComponent("goldens/grid/paywall-ko-B.txt"), encoding: .utf8)
        #expect(korean.contains("프리미엄"), "the ko combination is drawn in Korean")
        let replay = await InProcessCommandLine.run(["play", tape.path])
        #expect(replay.exitCode == 0 && replay.stdout.contains("PASS \(tape.path) [locale=ko offer=B]"), "\(replay.stdout)")
        // The command line's matrix replaces the tape's: a new combination has no golden yet.
        let other = await InProcessCommandLine.run(["play", tape.path, "--matrix", "locale=zh-Hans", "--matrix", "offer=C", "--svg", folder.appendingPathComponent("run.svg").path])
        #expect(other.exitCode == 1 && other.stdout.contains("paywall-zh-Hans-C.txt is missing"), "\(other.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("run-zh-Hans-C.svg").path), "--svg is named for the combination")
    }

    /// With `--state`, each combination plays on a state of its own, named for it: each buys once,
    /// and none sees another's purchase (the second would otherwise start on a used state).
    @Test func eachCombinationHasAStateOfItsOwn() async throws {
        let tape = try PaywallSimProcess.scratchFile("buy-grid.tape", """
        Set Size 80x24
        Set Now 2026-01-30T09:00:00Z
        Set Start paywall
        ExpectState paywall
        Key Enter
        Key Enter
        Sleep 2s
        ExpectEvent purchase_success
        """)
        let state = tape.deletingLastPathComponent().appendingPathComponent("grid-state").path
        let run = await InProcessCommandLine.run(["play", tape.path, "--matrix", "offer=A,B", "--state", state])
        #expect(run.exitCode == 0 && run.stdout.contains("2 tapes: 2 passed"), "\(run.stdout)")
        for suffix in ["A", "B"] {
            let transactions = await InProcessCommandLine.run(["store", "transactions", "--state", state + "-" + suffix])
            #expect(transactions.exitCode == 0 && transactions.stdout.contains("2000000000000001") && !transactions.stdout.contains("2000000000000002"),
                    "\(suffix): \(transactions.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: state + "/store"), "the named state is not used")
        // Played again: each combination's state is used, and says so.
        let again = await InProcessCommandLine.run(["play", tape.path, "--matrix", "offer=A,B", "--state", state])
        #expect(again.exitCode != 0 && (again.stdout + again.stderr).contains("--state \(state)-A is not fresh"), "\(again.stdout) \(again.stderr)")
    }

    /// `--matrix` takes one value per use: the tape path after it is the tape, not another word
    /// of the matrix (VHS users write `play --matrix locale=en,ko TAPE`).
    @Test func theMatrixOptionDoesNotSwallowTheTape() async throws {
        let tape = try PaywallSimProcess.scratchFile("either.tape", "Set Start paywall\nExpectState paywall\n")
        let run = await InProcessCommandLine.run(["play", "--matrix", "locale=en,ko", tape.path])
        #expect(run.exitCode == 0 && run.stdout.contains("PASS \(tape.path) [locale=ko]") && run.stdout.contains("2 tapes: 2 passed"), "\(run.stdout)\(run.stderr)")
        let two = await InProcessCommandLine.run(["play", "--matrix", "locale=en,ko offer=A,B", tape.path])
        #expect(two.exitCode == 0 && two.stdout.contains("4 tapes: 4 passed"), "several words in one value: \(two.stdout)\(two.stderr)")
    }

    @Test func aBadMatrixIsRefused() async throws {
        let tape = try PaywallSimProcess.scratchFile("bad-grid.tape", "Matrix locale= offer=A\n")
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 2 && run.stdout.contains("bad-grid.tape:1:8: bad matrix 'locale='"), "\(run.stdout)")
        let option = await InProcessCommandLine.run(["play", tape.path, "--matrix", "lang=en"])
        #expect(option.exitCode == 64 && option.stderr.contains("--matrix: bad matrix 'lang=en', expected KEY=V1,V2 with KEY one of locale, offer, size, theme"), "\(option.stderr)")
    }
}

/// The shipped tape in VHS's order (`Scripts/tapes/vhs-order.tape`: `Output out/demo.gif`,
/// `Output out/demo.svg`, `Set …`, keys, `Screenshot shots/paywall.png`), played as VHS users play
/// a tape: a plain `play` in a folder writes the three files there; a second play gives the same bytes.
@Suite("A tape in VHS's order")
struct VHSOrderTapeTests {
    @Test func aPlainPlayWritesTheGIFTheSVGAndThePNGTheSameEachTime() throws {
        let tape = TestPaths.path("Scripts/tapes/vhs-order.tape").path
        let here = TestPaths.scratchDirectory("vhs-order")
        let names = ["out/demo.gif", "out/demo.svg", "shots/paywall.png"]
        let first = try PaywallSimProcess.run(["play", tape], directory: here)
        #expect(first.exitCode == 0, "\(first.stdout)\(first.stderr)")
        let written = try names.map { try Data(contentsOf: here.appendingPathComponent($0)) }
        #expect(written[0].starts(with: Array("GIF89a".utf8)) && written[0].last == 0x3B, "a whole GIF89a")
        #expect(String(decoding: written[1].prefix(40), as: UTF8.self).hasPrefix("<svg xmlns="))
        #expect(written[2].starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG")
        for name in names { #expect(first.stdout.contains("wrote \(here.appendingPathComponent(name).path)"), "\(name): \(first.stdout)") }
        let second = try PaywallSimProcess.run(["play", tape], directory: here)
        #expect(second.exitCode == 0)
        #expect(try names.map { try Data(contentsOf: here.appendingPathComponent($0)) } == written, "the same tape gives the same bytes")
        // --check compares the three with a new play, and a changed byte fails it.
        #expect(try PaywallSimProcess.run(["play", "--check", tape], directory: here).exitCode == 0)
        var gif = written[0]
        gif[gif.count / 2] ^= 0xFF
        try gif.write(to: here.appendingPathComponent("out/demo.gif"))
        let changed = try PaywallSimProcess.run(["play", "--check", tape], directory: here)
        #expect(changed.exitCode == 1 && changed.stdout.contains("out/demo.gif differs from what the tape plays"), "\(changed.stdout)")
    }
}
