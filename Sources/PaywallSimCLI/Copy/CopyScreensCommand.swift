import ArgumentParser
import CopyQA
import Foundation
import PaywallFoundation
import Tapes

/// `paywall-sim copy screens --out DIR`: every rendered screen as a text file, one per combination.
struct CopyScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "Write the rendered screens as text files, DIR/<screen>/<locale>-<theme>-<offer>-<W>x<H>.txt, or (--format svg|png) each state as an SVG or PNG image in its theme's colours.")

    @OptionGroup var sweep: CopySweepOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write into (created when missing).", valueName: "DIR"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("text (every state of a screen in one .txt), svg (one .svg image a state) or png (one .png a state, 8×16 pixels a cell, drawn with the embedded Unifont).", valueName: "text|svg|png"))
    var format = "text"

    func validate() throws {
        guard ["text", "svg", "png"].contains(format) else { throw ValidationError("--format \(format): expected text, svg or png") }
    }

    func run() throws {
        do {
            let inputs = sweep.inputs
            let sweep = try inputs.sweep()
            if format == "png" {
                let images = ScreenFiles.images(sweep, matrix: inputs.matrix, extension: "png") { grid, theme, _ in PNGScreen.image(grid, theme: theme) }
                for image in images { try writeFile(Data(image.image), to: out + "/" + image.path) }
                Console.out("wrote \(images.count) file(s) to \(out)")
                return
            }
            let files = format == "svg" ? ScreenFiles.svgFiles(sweep, matrix: inputs.matrix) : ScreenFiles.files(sweep, matrix: inputs.matrix)
            for file in files { try writeFile(file.text, to: out + "/" + file.path) }
            Console.out("wrote \(files.count) file(s) to \(out)")
        } catch {
            throw failInput(error)
        }
    }
}
