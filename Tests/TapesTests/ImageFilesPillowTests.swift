import Foundation
import Testing
import TestSupport
import TerminalKit
@testable import Tapes

/// The GIF and PNG the tapes write, judged by a library nobody here wrote: Pillow (PyPI, in the
/// CI venv `.venv-appstore`) opens them and reports frames, durations, size and pixels; a known
/// cell's pixels are compared with its glyph read straight from `Scripts/data/unifont.hex`, in the
/// colours the theme gives the cell's style.
@Suite("GIF and PNG, decoded by Pillow")
struct ImageFilesPillowTests {
    /// The venv's Python: `PAYWALLSIM_APPSTORE_PYTHON`, else `.venv-appstore/bin/python`.
    static var python: String {
        ProcessInfo.processInfo.environment["PAYWALLSIM_APPSTORE_PYTHON"]
            ?? TestPaths.packageRoot.appendingPathComponent(".venv-appstore/bin/python").path
    }

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// What Pillow read: frame count, each frame's duration (ms), the size, and the check of one cell.
    struct Report: Decodable {
        var frames: Int
        var durations: [Int]
        var size: [Int]
        var mode: String
        var checked: Int
        var mismatches: [String]
        var foregroundPixels: Int
    }

    /// Opens `image` with Pillow and compares the cell at (column, row) of its last frame with the
    /// glyph of `scalar` (from the .hex file) drawn `foreground` on `background`.
    static func judge(_ image: URL, column: Int, row: Int, scalar: UInt32, foreground: String, background: String, bold: Bool) throws -> Report {
        let script = """
        import json, sys
        from PIL import Image
        path, column, row, scalar, fg, bg, bold, hexfile = sys.argv[1:9]
        column, row, scalar, bold = int(column), int(row), int(scalar), bold == "1"
        glyph = None
        for line in open(hexfile):
            code, bits = line.strip().split(":")
            if int(code, 16) == scalar:
                glyph = bits
        width = 8 if len(glyph) == 32 else 16
        def on(x, y):
            if x < 0 or x >= width:
                return False
            digits = width // 4
            value = int(glyph[y * digits:(y + 1) * digits], 16)
            return (value >> (width - 1 - x)) & 1 == 1
        rgb = lambda text: tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
        fg, bg = rgb(fg), rgb(bg)
        im = Image.open(path)
        frames, durations = getattr(im, "n_frames", 1), []
        for index in range(frames):
            im.seek(index)
            durations.append(im.info.get("duration", 0))
        mode = im.mode
        last = im.convert("RGB")
        mismatches, checked, lit = [], 0, 0
        for y in range(16):
            for x in range(width):
                lit_here = on(x, y) or (bold and on(x - 1, y))
                expected = fg if lit_here else bg
                actual = last.getpixel((column * 8 + x, row * 16 + y))
                checked += 1
                lit += actual == fg
                if actual != expected:
                    mismatches.append(f"({x},{y}) {actual} != {expected}")
        print(json.dumps({"frames": frames, "durations": durations, "size": list(im.size), "mode": mode,
                          "checked": checked, "mismatches": mismatches[:10], "foregroundPixels": lit}))
        """
        let folder = TestPaths.scratchDirectory("pillow")
        let scriptFile = folder.appendingPathComponent("judge.py")
        try Data(script.utf8).write(to: scriptFile)
        let hex = TestPaths.path("Scripts/data/unifont.hex").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptFile.path, image.path, "\(column)", "\(row)", "\(scalar)", foreground, background, bold ? "1" : "0", hex]
        let out = folder.appendingPathComponent("out"), err = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let printed = try Data(contentsOf: out)
        guard process.terminationStatus == 0 else {
            throw PillowFailure(description: "python exited \(process.terminationStatus): \(String(decoding: try Data(contentsOf: err), as: UTF8.self))")
        }
        return try JSONDecoder().decode(Report.self, from: printed)
    }

    struct PillowFailure: Error, CustomStringConvertible { var description: String }

    /// Plays a tape, keeping its frames; `Output`/`Screenshot` files go to `folder`.
    static func play(_ source: String, folder: URL) throws -> (TapeResult, [RecordedFrame], Tape) {
        let tape = try TapeParser.parse(source: source, file: folder.appendingPathComponent("t.tape").path).get()
        var options = TapePlayer.Options(recordFrames: true)
        options.workingDirectory = folder.path
        let (result, frames) = TapePlayer(tape: tape, options: options).play()
        return (result, frames, tape)
    }

    /// A cell of `grid` showing `wanted` (a plain letter, or any scalar of that width), with its colours.
    static func cell(in grid: CellGrid, theme: Theme, where wanted: (Cell) -> Bool) -> (x: Int, y: Int, scalar: UInt32, fg: String, bg: String, bold: Bool)? {
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                guard let cell = grid[x, y], wanted(cell), let scalar = cell.text.unicodeScalars.first else { continue }
                let style = theme.resolve(cell.style, depth: .full256)
                guard !style.reverse, !style.underline else { continue }
                return (x, y, scalar.value, XtermPalette.css(style.foreground) ?? "#e5e5e5", XtermPalette.css(style.background) ?? "#101010", style.bold)
            }
        }
        return nil
    }

    @Test(.enabled(if: available, "make .venv-appstore with .ci/run (pip install pillow)"))
    func theGIFHasItsFramesDurationsSizeAndGlyphs() throws {
        let folder = TestPaths.scratchDirectory("gif")
        let source = """
        Set Size 80x24
        Set Start paywall
        Set TypingSpeed 75ms
        Set Pause 1234ms
        Output out/demo.gif
        Key Up
        Key Down
        Key Up
        Sleep 2s
        """
        let (result, frames, _) = try Self.play(source, folder: folder)
        #expect(result.status == .passed, "\(TapeReportFormatter.human([result]))")
        let gif = folder.appendingPathComponent("out/demo.gif")
        let last = try #require(frames.last { $0.grid != nil })
        let grid = try #require(last.grid), theme = try #require(last.theme)
        let known = try #require(Self.cell(in: grid, theme: theme) { $0.width == 1 && $0.text.first?.isLetter == true })
        let report = try Self.judge(gif, column: known.x, row: known.y, scalar: known.scalar, foreground: known.fg, background: known.bg, bold: known.bold)
        #expect(report.size == [80 * 8, 24 * 16])
        // Every screen the tape recorded is a frame (here each at its own time); the durations add
        // up to the recording's length: the last screen's presentation time plus Set Pause, in
        // GIF's 10 ms steps.
        let screens = frames.filter { $0.grid != nil }.count
        #expect(screens == 4 && report.frames == screens, "\(report.frames) frames of \(screens) screens")
        let shownAt = frames.compactMap { $0.grid == nil ? nil : ($0.showMilliseconds ?? $0.timeMilliseconds) }.max() ?? 0
        let length = (shownAt + 5) / 10 * 10 + (1234 + 5) / 10 * 10
        #expect(report.durations.reduce(0, +) == Int(length), "durations \(report.durations), recording \(length) ms")
        #expect(report.durations.allSatisfy { $0 >= 10 && $0 % 10 == 0 })
        #expect(report.checked == 128 && report.mismatches.isEmpty, "\(report.mismatches)")
        #expect(report.foregroundPixels > 0 && report.foregroundPixels < 128, "the glyph is drawn, not a block")
        // The same tape gives the same bytes.
        let first = try Data(contentsOf: gif)
        _ = try Self.play(source, folder: folder)
        #expect(try Data(contentsOf: gif) == first)
    }

    @Test(.enabled(if: available, "make .venv-appstore with .ci/run (pip install pillow)"))
    func thePNGHasTheScreensSizeAndItsWideGlyphs() throws {
        let folder = TestPaths.scratchDirectory("png")
        let (result, frames, _) = try Self.play("""
        Set Size 80x24
        Set Locale ko
        Set Start paywall
        Screenshot shots/paywall.png
        """, folder: folder)
        #expect(result.status == .passed, "\(TapeReportFormatter.human([result]))")
        let png = folder.appendingPathComponent("shots/paywall.png")
        let last = try #require(frames.last { $0.grid != nil })
        let grid = try #require(last.grid), theme = try #require(last.theme)
        // A Hangul syllable: two cells wide, its 16×16 glyph.
        let wide = try #require(Self.cell(in: grid, theme: theme) { $0.width == 2 && ($0.text.unicodeScalars.first?.value ?? 0) >= 0xAC00 })
        let report = try Self.judge(png, column: wide.x, row: wide.y, scalar: wide.scalar, foreground: wide.fg, background: wide.bg, bold: wide.bold)
        #expect(report.frames == 1 && report.mode == "P" && report.size == [80 * 8, 24 * 16])
        #expect(report.checked == 256 && report.mismatches.isEmpty, "U+\(String(wide.scalar, radix: 16)) at \(wide.x),\(wide.y): \(report.mismatches)")
        #expect(report.foregroundPixels > 0 && report.foregroundPixels < 256)
        // Told the wrong colours, the same check fails: it does look at the pixels.
        let wrong = try Self.judge(png, column: wide.x, row: wide.y, scalar: wide.scalar, foreground: "#ff00ff", background: wide.bg, bold: wide.bold)
        #expect(!wrong.mismatches.isEmpty)
    }
}
