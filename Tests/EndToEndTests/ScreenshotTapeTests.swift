import Foundation
import Testing
import TestSupport

/// `Screenshot NAME.svg` in a tape writes the screen as an SVG beside the tape, the same bytes on
/// every run; a name that is not an .svg file is refused before anything runs.
@Suite("Screenshot in a tape")
struct ScreenshotTapeTests {
    @Test func aScreenshotIsWrittenBesideTheTapeTheSameEveryRun() throws {
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        let tape = try PaywallSimProcess.scratchFile("shot.tape", "Set Size 80x24\nInclude \(toPaywall)\nScreenshot paywall.svg\n")
        let svg = tape.deletingLastPathComponent().appendingPathComponent("paywall.svg")
        #expect(try PaywallSimProcess.run(["play", tape.path]).exitCode == 0)
        let first = try Data(contentsOf: svg)
        #expect(try PaywallSimProcess.run(["play", tape.path]).exitCode == 0)
        #expect(try Data(contentsOf: svg) == first, "two runs wrote different bytes")
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && text.contains(">Start free trial<") && text.contains("Unlock Nova Premium"))
        #expect(!text.contains("<script"))
    }

    @Test func aNameThatIsNoSVGFileIsRefused() throws {
        let tape = try PaywallSimProcess.scratchFile("bad.tape", "Screenshot ../escape.svg\nScreenshot shot.png\n")
        let run = try PaywallSimProcess.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad.tape:1:12: bad screenshot name '../escape.svg'") && run.stdout.contains("bad.tape:2:12: bad screenshot name 'shot.png'"), "\(run.stdout)")
    }
}
