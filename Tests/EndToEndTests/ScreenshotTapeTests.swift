import Foundation
import Testing
import TestSupport

/// `Screenshot NAME.svg` in a tape keeps the screen as an SVG beside the tape, a colour golden:
/// compared on every run, written with `--update`; a name that is not an .svg file is refused.
@Suite("Screenshot in a tape")
struct ScreenshotTapeTests {
    @Test func aScreenshotIsAColourGoldenBesideTheTape() async throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("shot.tape", "Set Size 80x24\nInclude \(toPaywall)\nScreenshot paywall.svg\n")
        let svg = tape.deletingLastPathComponent().appendingPathComponent("paywall.svg")
        let missing = await InProcessCommandLine.run(["play", tape.path])
        #expect(missing.exitCode == 1 && missing.stdout.contains("is missing, run with --update"), "\(missing.stdout)")
        #expect(await InProcessCommandLine.run(["play", "--update", tape.path]).exitCode == 0)
        let first = try Data(contentsOf: svg)
        #expect(await InProcessCommandLine.run(["play", tape.path]).exitCode == 0, "the same screen gives the same bytes")
        #expect(try Data(contentsOf: svg) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && text.contains(">Start free trial<") && text.contains("Unlock Nova Premium"))
        #expect(!text.contains("<script"))
        // A colour changed in the stored image: the tape fails and says where.
        try Data(text.replacingOccurrences(of: "#00d787", with: "#ff0000").utf8).write(to: svg)
        let changed = await InProcessCommandLine.run(["play", tape.path])
        #expect(changed.exitCode == 1 && changed.stdout.contains("screen differs from screenshot"), "\(changed.stdout)")
    }

    @Test func aNameThatIsNoSVGFileIsRefused() async throws {
        let tape = try PaywallSimProcess.scratchFile("bad.tape", "Screenshot ../escape.svg\nScreenshot shot.png\n")
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad.tape:1:12: bad screenshot name '../escape.svg'") && run.stdout.contains("bad.tape:2:12: bad screenshot name 'shot.png'"), "\(run.stdout)")
    }
}

/// `Output NAME.svg|.cast|.txt` in a tape keeps the whole recording beside the tape, compared like
/// a golden; `play --svg FILE` writes the animated SVG without a tape line.
@Suite("Output in a tape")
struct OutputTapeTests {
    @Test func eachOutputFormatIsWrittenAndCompared() async throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("demo.tape", "Set Size 80x24\nInclude \(toPaywall)\nKey Down\nOutput demo.svg\nOutput demo.cast\nOutput demo.txt\n")
        let folder = tape.deletingLastPathComponent()
        let missing = await InProcessCommandLine.run(["play", tape.path])
        #expect(missing.exitCode == 1 && missing.stdout.contains("recording \(folder.appendingPathComponent("demo.svg").path) is missing"), "\(missing.stdout)")
        #expect(await InProcessCommandLine.run(["play", "--update", tape.path]).exitCode == 0)
        let svg = try String(contentsOf: folder.appendingPathComponent("demo.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.contains("@keyframes") && !svg.contains("<script"))
        let cast = try String(contentsOf: folder.appendingPathComponent("demo.cast"), encoding: .utf8)
        #expect(cast.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
        let transcript = try String(contentsOf: folder.appendingPathComponent("demo.txt"), encoding: .utf8)
        #expect(transcript.contains("Start free trial"))
        #expect(await InProcessCommandLine.run(["play", tape.path]).exitCode == 0, "the same tape gives the same recordings")
        // The SVG play --svg writes is the same as the tape's Output.
        let direct = folder.appendingPathComponent("direct.svg")
        #expect(await InProcessCommandLine.run(["play", tape.path, "--svg", direct.path]).exitCode == 0)
        #expect(try String(contentsOf: direct, encoding: .utf8) == svg)
        // A changed recording fails the tape.
        try Data(svg.replacingOccurrences(of: "#00d787", with: "#ff0000").utf8).write(to: folder.appendingPathComponent("demo.svg"))
        let changed = await InProcessCommandLine.run(["play", tape.path])
        #expect(changed.exitCode == 1 && changed.stdout.contains("Output demo.svg"), "\(changed.stdout)")
    }

    @Test func aNameInAnotherFormatIsRefused() async throws {
        let tape = try PaywallSimProcess.scratchFile("bad-output.tape", "Output demo.gif\nOutput ../x.svg\n")
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad-output.tape:1:8: bad output name 'demo.gif'") && run.stdout.contains("bad-output.tape:2:8: bad output name '../x.svg'"), "\(run.stdout)")
    }
}

/// A tape over a matrix of settings: one play per combination, each with its own goldens and outputs.
@Suite("Tapes over a matrix")
struct MatrixTapeTests {
    @Test func aMatrixLinePlaysEachCombinationWithItsOwnGoldens() async throws {
        let tape = try PaywallSimProcess.scratchFile("grid.tape", """
        Matrix locale=en,ko offer=A,B
        Set Size 80x24
        Set Now 2026-01-30T09:00:00Z
        Set Start paywall
        ExpectState paywall
        Snapshot paywall
        Screenshot paywall.svg
        """)
        let folder = tape.deletingLastPathComponent()
        let update = await InProcessCommandLine.run(["play", "--update", tape.path])
        #expect(update.exitCode == 0, "\(update.stdout)")
        #expect(update.stdout.contains("4 tapes: 4 passed"), "\(update.stdout)")
        for suffix in ["en-A", "en-B", "ko-A", "ko-B"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("paywall-\(suffix).svg").path), "\(suffix)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/grid/paywall-\(suffix).txt").path), "\(suffix)")
        }
        let korean = try String(contentsOf: folder.appendingPathComponent("goldens/grid/paywall-ko-B.txt"), encoding: .utf8)
        #expect(korean.contains("프리미엄"), "the ko combination is drawn in Korean")
        let replay = await InProcessCommandLine.run(["play", tape.path])
        #expect(replay.exitCode == 0 && replay.stdout.contains("PASS \(tape.path) [locale=ko offer=B]"), "\(replay.stdout)")
        // The command line's matrix replaces the tape's: a new combination has no golden yet.
        let other = await InProcessCommandLine.run(["play", tape.path, "--matrix", "locale=zh-Hans", "offer=C", "--svg", folder.appendingPathComponent("run.svg").path])
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

    @Test func aBadMatrixIsRefused() async throws {
        let tape = try PaywallSimProcess.scratchFile("bad-grid.tape", "Matrix locale= offer=A\n")
        let run = await InProcessCommandLine.run(["play", tape.path])
        #expect(run.exitCode == 2 && run.stdout.contains("bad-grid.tape:1:8: bad matrix 'locale='"), "\(run.stdout)")
        let option = await InProcessCommandLine.run(["play", tape.path, "--matrix", "lang=en"])
        #expect(option.exitCode == 64 && option.stderr.contains("--matrix: bad matrix 'lang=en', expected KEY=V1,V2 with KEY one of locale, offer, size, theme"), "\(option.stderr)")
    }
}
