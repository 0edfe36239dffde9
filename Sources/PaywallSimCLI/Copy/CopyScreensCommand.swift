import ArgumentParser
import CopyQA
import Foundation

/// `paywall-sim copy screens --out DIR`: every rendered screen as a text file, one per combination.
struct CopyScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "Write the rendered screens as text files: DIR/<screen>/<locale>-<theme>-<offer>-<W>x<H>.txt.")

    @OptionGroup var sweep: CopySweepOptions

    @Option(name: .long, help: ArgumentHelp("The folder to write into (created when missing).", valueName: "DIR"))
    var out: String

    func run() throws {
        do {
            let inputs = sweep.inputs
            let files = ScreenFiles.files(try inputs.sweep(), matrix: inputs.matrix)
            for file in files { try writeFile(file.text, to: out + "/" + file.path) }
            print("wrote \(files.count) file(s) to \(out)")
        } catch {
            throw failInput(error)
        }
    }
}
