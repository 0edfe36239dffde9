import Foundation
import Testing
import TestSupport

/// `Screenshot NAME.svg` in a tape writes the screen as an SVG beside the tape, the same bytes on
/// every run; a name that is not an .svg file is refused before anything runs.
@Suite("Screenshot in a tape")
struct ScreenshotTapeTests {
    @Test func aScreenshotIsWrittenBesideTheTapeTheSameEveryRun() throws {
        let dir = PaywallSimProcess.tempStateDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tape = dir.appendingPathComponent("shot.tape")
        let toPaywall = TestPaths.packageRoot.appendingPathComponent("Scripts/tapes/_to-paywall.tape").path
        try Data("Set Size 80x24\nInclude \(toPaywall)\nScreenshot paywall.svg\n".utf8).write(to: tape)
        let svg = dir.appendingPathComponent("paywall.svg")
        #expect(try PaywallSimProcess.run(["play", tape.path]).exitCode == 0)
        let first = try Data(contentsOf: svg)
        #expect(try PaywallSimProcess.run(["play", tape.path]).exitCode == 0)
        #expect(try Data(contentsOf: svg) == first, "two runs wrote different bytes")
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && text.contains(">Start free trial<") && text.contains("Unlock Nova Premium"))
        #expect(!text.contains("<script"))
    }

    @Test func aNameThatIsNoSVGFileIsRefused() throws {
        let dir = PaywallSimProcess.tempStateDirectory()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tape = dir.appendingPathComponent("bad.tape")
        try Data("Screenshot ../escape.svg\nScreenshot shot.png\n".utf8).write(to: tape)
        let run = try PaywallSimProcess.run(["play", tape.path])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("bad.tape:1:12: bad screenshot name '../escape.svg'") && run.stdout.contains("bad.tape:2:12: bad screenshot name 'shot.png'"), "\(run.stdout)")
    }
}
