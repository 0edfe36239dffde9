import ArgumentParser
import CopyQA
import Foundation

/// `paywall-sim copy export`: every string as it appears on each screen, per locale.
struct CopyExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every string as it appears on each screen per locale (md, csv or xcstrings).")

    @OptionGroup var sweep: CopySweepOptions

    @Option(name: .long, help: ArgumentHelp("md (a copy deck to read), csv (screen,state,locale,key,text) or xcstrings.", valueName: "md|csv|xcstrings"))
    var format: String = "md"

    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE"))
    var out: String?

    func validate() throws {
        guard CopyExport.Format(rawValue: format) != nil else { throw ValidationError("--format \(format): expected md, csv or xcstrings") }
    }

    func run() throws {
        let text: String
        do {
            let inputs = sweep.inputs
            let copySweep = try inputs.sweep()
            let rows = CopyExport.rows(copySweep, matrix: inputs.matrix)
            text = CopyExport.render(rows, format: CopyExport.Format(rawValue: format) ?? .md, sweep: copySweep)
            if let out { try writeFile(text, to: out) }
        } catch {
            throw failInput(error)
        }
        if out == nil { Console.out(text, terminator: "") }
    }
}
