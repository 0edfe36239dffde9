import Foundation
import PaywallScreens
import Tapes

/// A whole demo tape played headless with `TapePlayer`: wall time per run; then the same tape
/// recorded and made into its animated SVG (`Output NAME.svg`, `play --svg`), and into its animated
/// GIF (`Output NAME.gif`, `play --gif`), each against the tape alone, and the GIF's size.
struct TapeBench {
    var path: String
    var runs: Int

    func run(into table: inout BenchTable) {
        guard FileManager.default.fileExists(atPath: path) else {
            table.add("demo tape \(path)", "skipped: file not found (run from the package root or pass --tape)")
            return
        }
        var status = ""
        var bytes = 0
        var gifBytes = 0
        func play(_ layouts: LayoutMemos, svg: Bool = false, gif: Bool = false) -> [(wall: Double, cpu: Double)] {
            (0..<runs).map { _ in
                Timing.measure {
                    let played = Self.playOnce(path: path, layouts: layouts, svg: svg, gif: gif)
                    status = played.status
                    if svg { bytes = played.svgBytes }
                    if gif { gifBytes = played.gifBytes }
                }
            }
        }
        let samples = play(.shared)
        let naive = play(Timing.noLayoutReuse)
        let withSVG = play(.shared, svg: true)
        let withGIF = play(.shared, gif: true)
        let name = (path as NSString).lastPathComponent
        table.add("demo tape \(name), load + play (\(runs) runs, \(status))", Timing.summary(samples),
                  naive: "no layout memo: \(Timing.summary(naive))",
                  ratio: BenchTable.ratio(fast: Timing.median(samples.map(\.cpu)), naive: Timing.median(naive.map(\.cpu))) + " CPU")
        let svgToTape = Timing.median(withSVG.map(\.wall)) / max(1e-9, Timing.median(samples.map(\.wall)))
        table.add("demo tape \(name) recorded + its animated SVG (\(bytes / 1024) KB)", Timing.summary(withSVG),
                  naive: "the tape alone: \(Timing.summary(samples))", ratio: String(format: "%.2f× the tape", svgToTape))
        let gifToTape = Timing.median(withGIF.map(\.wall)) / max(1e-9, Timing.median(samples.map(\.wall)))
        table.record("tape.gifBytes", Double(gifBytes))
        table.add("demo tape \(name) recorded + its animated GIF (\(gifBytes) bytes)", Timing.summary(withGIF),
                  naive: "the tape alone: \(Timing.summary(samples))", ratio: String(format: "%.2f× the tape", gifToTape))
    }

    /// The tape at `path` loaded and played headless without its `Output` lines (those are the
    /// SVG's and GIF's work), its frames made into the animated SVG or GIF when asked: the
    /// result's status and the bytes made.
    static func playOnce(path: String, layouts: LayoutMemos, svg: Bool = false, gif: Bool = false) -> (status: String, svgBytes: Int, gifBytes: Int) {
        switch TapeLoader().load(path: path) {
        case let .failure(errors): return ("invalid: \(errors)", 0, 0)
        case var .success(tape):
            tape.steps.removeAll { if case .output = $0.command { return true } else { return false } }
            var options = TapePlayer.Options(recordFrames: svg || gif)
            options.goldenTapePath = path
            options.layouts = layouts
            let (result, frames) = TapePlayer(tape: tape, options: options).play()
            let svgBytes = svg ? AnimatedSVGWriter(title: tape.name).render(frames, holdingLast: 1000).utf8.count : 0
            let gifBytes = gif ? TapeRecording.gif.data(frames, tape: tape, settings: TapeSettings.initial(for: tape)).count : 0
            return (result.status.rawValue, svgBytes, gifBytes)
        }
    }
}
