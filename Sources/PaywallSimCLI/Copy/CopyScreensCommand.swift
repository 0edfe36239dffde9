import ArgumentParser
import CopyQA
import Foundation

/// `paywall-sim copy screens --out DIR`: every rendered screen as a text file, one per combination.
struct CopyScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "Write the rendered screens as text files, DIR/<screen>/<locale>-<theme>-<offer>-<W>x<H>.txt, or (--format svg) each state as an SVG image in its theme's colours.")

    @OptionGroup var sweep: CopySweepOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write into (created when missing).", valueName: "DIR"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("text (every state of a screen in one .txt) or svg (one .svg image a state).", valueName: "text|svg"))
    var format = "text"

    func validate() throws {
        guard ["text", "svg"].contains(format) else { throw ValidationError("--format \(format): expected text or svg") }
    }

    func run() throws {
        do {
            let inputs = sweep.inputs
            let sweep = try inputs.sweep()
            let files = format == "svg" ? ScreenFiles.svgFiles(sweep, matrix: inputs.matrix) : ScreenFiles.files(sweep, matrix: inputs.matrix)
            for file in files { try writeFile(file.text, to: out + "/" + file.path) }
            Console.out("wrote \(files.count) file(s) to \(out)")
        } catch {
            throw failInput(error)
        }
    }
}
