import Foundation
import Testing
import TestSupport
@testable import Tapes

/// Every tape shipped under `Scripts/` replays, passes, and replays the same way twice;
/// broken tapes are refused with `file:line:column` the way `paywall-sim play` refuses them.
@Suite struct ShippedTapesTests {
    static let packageRoot = TestPaths.packageRoot

    /// Every playable tape under `Scripts/` (include-only `_` fragments and goldens skipped).
    static let shippedTapes: [String] = TapeDiscovery.tapes(in: [packageRoot.appendingPathComponent("Scripts").path])

    /// The path of a shipped tape relative to the package root, for readable test names.
    static func relative(_ path: String) -> String {
        let root = packageRoot.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// Loads and plays one tape; writes goldens only with `PAYWALLSIM_UPDATE_GOLDENS=1`.
    static func play(_ path: String, recordFrames: Bool = false) throws -> (TapeResult, [RecordedFrame]) {
        let tape: Tape
        switch TapeLoader().load(path: path) {
        case let .success(loaded): tape = loaded
        case let .failure(errors):
            throw errors
        }
        var options = TapePlayer.Options(updateGoldens: GoldenFile.updating, stateDirectory: nil, recordFrames: recordFrames)
        options.goldenTapePath = path
        // Output and Screenshot paths start at the repository root: the files in git (under
        // Scripts/) are compared, as `play --check` compares them (written with
        // `PAYWALLSIM_UPDATE_GOLDENS=1`); an example's scratch files (out/, shots/, ignored by git)
        // are written into a folder of the test's own.
        let files = tape.steps.compactMap { step -> String? in
            switch step.command {
            case .output(let path), .screenshot(let path): return path
            default: return nil
            }
        }
        if files.allSatisfy({ $0.hasPrefix("Scripts/") }) {
            options.workingDirectory = packageRoot.path
            options.compareFiles = !GoldenFile.updating
        } else {
            options.workingDirectory = TestPaths.scratchDirectory("shipped-tape").path
        }
        return TapePlayer(tape: tape, options: options).play()
    }

    @Test func theDemoSetIsThere() {
        let names = Set(Self.shippedTapes.map(Self.relative))
        #expect(Self.shippedTapes.count >= 20, "found \(names.sorted())")
        for expected in ["Scripts/tapes/happy-path-yearly.tape", "Scripts/tapes/purchase/relaunch-mid-purchase.tape",
                         "Scripts/tapes/free/daily-limit.tape", "Scripts/tapes/layout/too-small.tape"] {
            #expect(names.contains(expected), "\(expected) is missing from \(names.sorted())")
        }
        #expect(!names.contains { $0.split(separator: "/").last?.hasPrefix("_") == true }, "fragments are not played")
    }

    @Test(arguments: shippedTapes)
    func shippedTapePasses(_ path: String) throws {
        let (result, _) = try Self.play(path)
        let report = TapeReportFormatter.human([result])
        #expect(result.status == .passed, "\(Self.relative(path)) did not pass:\n\(report)")
        #expect(!result.goldensWritten.contains { $0.hasPrefix(Self.packageRoot.path + "/") }, "nothing in the repository is written: \(result.goldensWritten)")
        #expect(result.failures.isEmpty && result.errors.isEmpty)
    }

    @Test(arguments: shippedTapes)
    func twoRunsGiveByteIdenticalTranscripts(_ path: String) throws {
        let (firstResult, firstFrames) = try Self.play(path, recordFrames: true)
        let (secondResult, secondFrames) = try Self.play(path, recordFrames: true)
        let writer = TranscriptWriter(width: 80)
        let first = writer.render(firstFrames)
        let second = writer.render(secondFrames)
        #expect(!firstFrames.isEmpty)
        #expect(first == second, "\(Self.relative(path)): the transcripts of two runs differ")
        // (An example's scratch files are written into a new folder each play: their paths differ.)
        var (firstPlayed, secondPlayed) = (firstResult, secondResult)
        (firstPlayed.goldensWritten, secondPlayed.goldensWritten) = (firstPlayed.goldensWritten.map(TapePaths.lastComponent(of:)), secondPlayed.goldensWritten.map(TapePaths.lastComponent(of:)))
        #expect(firstPlayed == secondPlayed)
        // Its animated SVG: the same bytes from both runs, and its last screen, read back cell by
        // cell, is the screen the tape ends on.
        let svg = AnimatedSVGWriter(title: "t").render(firstFrames, holdingLast: 1000)
        #expect(svg == AnimatedSVGWriter(title: "t").render(secondFrames, holdingLast: 1000), "\(Self.relative(path)): the SVGs of two runs differ")
        let last = try #require(firstFrames.last { $0.grid != nil }?.grid)
        let shown = SVGReader.text(of: SVGReader.lastScreen(ofAnimation: svg), width: last.width, height: last.height)
        #expect(shown == last.plainText.components(separatedBy: "\n"), "\(Self.relative(path)): the SVG's last screen")
    }

    /// The README's animated demo stays small: the happy path's SVG, every screen in colour, is
    /// well under 200 KB (each distinct row drawn once).
    @Test func theHappyPathsAnimatedSVGIsSmall() throws {
        let (_, frames) = try Self.play(Self.packageRoot.appendingPathComponent("Scripts/tapes/happy-path-yearly.tape").path, recordFrames: true)
        let svg = AnimatedSVGWriter(title: "happy-path-yearly").render(frames, holdingLast: 1000)
        #expect(svg.utf8.count < 200_000, "\(svg.utf8.count) bytes")
        let shown = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Scripts/tapes/demo.svg"))
        #expect(shown.count < 200_000, "the README's demo.svg is \(shown.count) bytes")
        #expect(svg.contains("@keyframes") && svg.contains("animation-iteration-count:infinite"), "it plays and loops")
        #expect(!svg.contains("<script") && !svg.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"), "no script, nothing fetched")
    }

    @Test func readmeExampleIsTheShippedTape() throws {
        let shipped = Self.packageRoot.appendingPathComponent("Scripts/tapes/purchase/relaunch-mid-purchase.tape").path
        let candidates = ["docs/guide/shipped-tapes.md"].map { Self.packageRoot.appendingPathComponent($0) }
        let texts = candidates.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        let marker = "```tape\n# Relaunch mid-purchase"
        let text = try #require(texts.first { $0.contains(marker) }, "docs/guide/shipped-tapes.md does not hold the relaunch example")
        let start = try #require(text.range(of: marker))
        let body = text[text.index(start.lowerBound, offsetBy: 8)...]
        let end = try #require(body.range(of: "```"))
        let example = try TapeParser.parse(source: String(body[..<end.lowerBound]), file: shipped).get()
        let file = try String(contentsOfFile: shipped, encoding: .utf8)
        let tape = try TapeParser.parse(source: file, file: shipped).get()
        #expect(example.commands == tape.commands, "README example and \(Self.relative(shipped)) differ")
    }

    // MARK: Bad tapes

    /// Writes `files` (name → text) into a fresh folder and loads `main.tape` from it.
    private func load(_ files: [String: String]) throws -> (folder: String, errors: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-tapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let path = folder.appendingPathComponent("main.tape").path
        switch TapeLoader().load(path: path) {
        case .success:
            Issue.record("the tape was accepted")
            return (folder.path, [])
        case let .failure(errors):
            let result = TapeResult.invalid(tape: path, errors: errors)
            #expect(result.status == .invalid)
            #expect(TapeResult.exitCode(for: [result]) == 2, "play exits 2 for a tape it cannot parse")
            return (folder.path, errors.errors.map(\.description))
        }
    }

    @Test func unknownCommandIsRefusedWithItsPlace() throws {
        let (folder, errors) = try load(["main.tape": "Set Size 80x24\nKye Enter\n"])
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("\(folder)/main.tape:2:1: unknown command 'Kye'") == true, "\(errors)")
        #expect(errors.first?.contains("did you mean 'Key'") == true)
    }

    @Test func badDurationIsRefusedWithItsColumn() throws {
        let (folder, errors) = try load(["main.tape": "Key Enter\nSleep 5x\n"])
        #expect(errors.first?.hasPrefix("\(folder)/main.tape:2:7: bad duration '5x'") == true, "\(errors)")
    }

    @Test func missingIncludeIsRefusedAtTheIncludeLine() throws {
        let (folder, errors) = try load(["main.tape": "# header\n\nInclude _nowhere.tape\n"])
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("\(folder)/main.tape:3:1: file not found:") == true, "\(errors)")
        #expect(errors.first?.contains("_nowhere.tape") == true)
    }

    @Test func unterminatedStringIsRefusedWhereItStarts() throws {
        let (folder, errors) = try load(["main.tape": "Key Enter\nType \"hello\n"])
        #expect(errors.first?.hasPrefix("\(folder)/main.tape:2:6: unterminated string") == true, "\(errors)")
    }

    @Test func errorsInAnIncludedTapeNameThatFile() throws {
        let (folder, errors) = try load(["main.tape": "Include _part.tape\n", "_part.tape": "Key Enter\nExpect /open\n"])
        #expect(errors.first?.hasPrefix("\(folder)/_part.tape:2:8: unterminated regex") == true, "\(errors)")
    }

    @Test func everyProblemIsListedNotJustTheFirst() throws {
        let (_, errors) = try load(["main.tape": "Kye Enter\nSleep soon\nType \"x\n"])
        #expect(errors.count == 3, "\(errors)")
        #expect(errors.map { $0.split(separator: ":")[1] } == ["1", "2", "3"])
    }
}
