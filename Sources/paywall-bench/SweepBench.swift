import CopyDeck
import CopyQA
import Foundation
import PaywallScreens

/// The full copy sweep `paywall-sim copy check` runs: every screen × offer × locale × theme × size of
/// the default matrix over the embedded deck, rendered and checked.
struct SweepBench {
    var runs: Int

    func run(into table: inout BenchTable) throws {
        let matrix = SweepMatrix()
        let sweep = try CopyQAInputs(matrix: matrix).sweep()
        var report: CheckReport?
        func sweepRuns(reusing: Bool) -> [(wall: Double, cpu: Double)] {
            (0..<max(1, runs)).map { _ in
                var run = sweep
                run.layouts = LayoutMemos(reusing: reusing) // each run starts cold, as `copy check` in a new process does
                return Timing.measure { report = CopyCheck.run(run, matrix: matrix) }
            }
        }
        let samples = sweepRuns(reusing: true)
        let naive = sweepRuns(reusing: false)
        guard let report else { return }
        let cpu = Timing.median(samples.map(\.cpu))
        let perSecond = cpu > 0 ? Double(report.screensRendered) / cpu : 0
        table.add("copy sweep: \(report.combinations) combinations, \(report.screensRendered) screens checked (themes with one glyph set share their drawing), every check (\(runs) runs, \(report.findings.count) findings)",
                  Timing.summary(samples) + String(format: "; %.0f screens per CPU second", perSecond),
                  naive: "no layout memo: \(Timing.summary(naive))",
                  ratio: BenchTable.ratio(fast: cpu, naive: Timing.median(naive.map(\.cpu))) + " CPU")
    }

    /// Forty of the App Store's localizations: the deck's three, then 37 more.
    static let fortyLocales = ["en", "zh-Hans", "ko", "ar", "ca", "zh-Hant", "hr", "cs", "da", "nl", "en-AU", "en-CA", "en-GB",
                               "fi", "fr", "fr-CA", "de", "el", "he", "hi", "hu", "id", "it", "ja", "ms", "nb", "pl", "pt-BR",
                               "pt-PT", "ro", "ru", "sk", "es-MX", "es", "sv", "th", "tr", "uk", "vi", "bn"]

    /// The default matrix over 40 locales (1,080 combinations), twice: the shipped deck as `copy check
    /// --locale …` sweeps it (37 locales untranslated: every key a finding in each), and a deck with all
    /// 40 translated (the 37 in Xcode's accented pseudolanguage).
    func runFortyLocales(into table: inout BenchTable) throws {
        let matrix = SweepMatrix(locales: Self.fortyLocales)
        let shipped = try CopyQAInputs(matrix: matrix).sweep()
        var translated = shipped
        translated.primary = PseudoLocalization.adding(Self.fortyLocales, to: shipped.primary)
        for (name, sweep) in [("the shipped deck (3 translated, 37 not)", shipped), ("a deck translated into all 40", translated)] {
            var report: CheckReport?
            var text = ""
            let samples = (0..<max(1, runs)).map { _ in
                var run = sweep
                run.layouts = LayoutMemos() // cold, as a new process
                return Timing.measure {
                    report = CopyCheck.run(run, matrix: matrix)
                    text = report?.text() ?? "" // the report is part of the work: `copy check` prints it
                }
            }
            guard let report else { continue }
            table.add("copy sweep, 40 locales, \(name): \(report.combinations) combinations, \(report.screensRendered) screens, every check and the text report (\(runs) runs; \(report.errorCount) errors and \(report.warningCount) warnings from \(report.findings.count) findings, \(text.utf8.count / 1024) KiB of report)",
                      Timing.summary(samples))
        }
    }
}
