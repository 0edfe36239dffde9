import Foundation
import Testing
import TestSupport

/// `Screenshot NAME.svg` in a tape keeps the screen as an SVG beside the tape, a colour golden:
/// compared on every run, written with `--update`; a name that is not an .svg file is refused.
@Suite("Screenshot in a tape")
struct ScreenshotTapeTests {
    @Test func aScreenshotIsAColourGoldenBesideTheTape() throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("shot.tape", "Set Size 80x24\nInclude \(toPaywall)\nScreenshot paywall.svg\n")
        let svg = tape.deletingLastPathComponent().appendingPathComponent("paywall.svg")
        let missing = try PaywallSimProcess.run(["play", tape.path])
        #expect(missing.exitCode == 1 && missing.stdout.contains("is missing, run with --update"), "\(missing.stdout)")
        #expect(try PaywallSimProcess.run(["play", "--update", tape.path]).exitCode == 0)
        let first = try Data(contentsOf: svg)
        #expect(try PaywallSimProcess.run(["play", tape.path]).exitCode == 0, "the same screen gives the same bytes")
        #expect(try Data(contentsOf: svg) == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && text.contains(">Start free trial<") && text.contains("Unlock Nova Premium"))
        #expect(!text.contains("<script"))
        // A colour changed in the stored image: the tape fails and says where.
        try Data(text.replacingOccurrences(of: "#00d787", with: "#ff0000").utf8).write(to: svg)
        let changed = try PaywallSimProcess.run(["play", tape.path])
        #expect(changed.exitCode == 1 && changed.stdout.contains("screen differs from screenshot"), "\(changed.stdout)")
    }

    @Test func aNameThatIsNoSVGFileIsRefused() throws {
        let tape = try PaywallSimProcess.scratchFile("bad.tape", "Screenshot ../escape.svg\nScreenshot shot.png\n")
        let run = try PaywallSimProcess.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad.tape:1:12: bad screenshot name '../escape.svg'") && run.stdout.contains("bad.tape:2:12: bad screenshot name 'shot.png'"), "\(run.stdout)")
    }
}

/// `Output NAME.svg|.cast|.txt` in a tape keeps the whole recording beside the tape, compared like
/// a golden; `play --svg FILE` writes the animated SVG without a tape line.
@Suite("Output in a tape")
struct OutputTapeTests {
    @Test func eachOutputFormatIsWrittenAndCompared() throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("demo.tape", "Set Size 80x24\nInclude \(toPaywall)\nKey Down\nOutput demo.svg\nOutput demo.cast\nOutput demo.txt\n")
        let folder = tape.deletingLastPathComponent()
        let missing = try PaywallSimProcess.run(["play", tape.path])
        #expect(missing.exitCode == 1 && missing.stdout.contains("recording \(folder.appendingPathComponent("demo.svg").path) is missing"), "\(missing.stdout)")
        #expect(try PaywallSimProcess.run(["play", "--update", tape.path]).exitCode == 0)
        let svg = try String(contentsOf: folder.appendingPathComponent("demo.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.contains("@keyframes") && !svg.contains("<script"))
        let cast = try String(contentsOf: folder.appendingPathComponent("demo.cast"), encoding: .utf8)
        #expect(cast.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
        let transcript = try String(contentsOf: folder.appendingPathComponent("demo.txt"), encoding: .utf8)
        #expect(transcript.contains("Start free trial"))
        #expect(try PaywallSimProcess.run(["play", tape.path]).exitCode == 0, "the same tape gives the same recordings")
        // The SVG play --svg writes is the same as the tape's Output.
        let direct = folder.appendingPathComponent("direct.svg")
        #expect(try PaywallSimProcess.run(["play", tape.path, "--svg", direct.path]).exitCode == 0)
        #expect(try String(contentsOf: direct, encoding: .utf8) == svg)
        // A changed recording fails the tape.
        try Data(svg.replacingOccurrences(of: "#00d787", with: "#ff0000").utf8).write(to: folder.appendingPathComponent("demo.svg"))
        let changed = try PaywallSimProcess.run(["play", tape.path])
        #expect(changed.exitCode == 1 && changed.stdout.contains("Output demo.svg"), "\(changed.stdout)")
    }

    @Test func aNameInAnotherFormatIsRefused() throws {
        let tape = try PaywallSimProcess.scratchFile("bad-output.tape", "Output demo.gif\nOutput ../x.svg\n")
        let run = try PaywallSimProcess.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad-output.tape:1:8: bad output name 'demo.gif'") && run.stdout.contains("bad-output.tape:2:8: bad output name '../x.svg'"), "\(run.stdout)")
    }
}
