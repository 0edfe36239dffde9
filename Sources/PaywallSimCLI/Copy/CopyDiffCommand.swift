import ArgumentParser
import CopyQA
import Foundation

/// `paywall-sim copy diff OLD NEW`: which screens change between two decks, and how.
struct CopyDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Render every state with two decks and print the changed lines per screen (exit 0).")

    @Argument(help: ArgumentHelp("The deck before the change.", valueName: "OLD.xcstrings"))
    var old: String

    @Argument(help: ArgumentHelp("The deck after the change.", valueName: "NEW.xcstrings"))
    var new: String

    @Option(name: .long, help: ArgumentHelp("A terminal size to render at.", valueName: "WxH"))
    var size: String = "80x24"

    @Option(name: .long, help: ArgumentHelp("An app profile (chat, voip, templates or a profile file): both decks are layered over its deck and rendered on its screens.", valueName: "NAME|FILE"))
    var profile: String?

    func validate() throws {
        if SweepMatrix.parseSize(size) == nil { throw ValidationError("--size \(size): expected WIDTHxHEIGHT such as 80x24") }
    }

    func run() throws {
        do {
            let diff = try DeckDiff.load(old: old, new: new, size: SweepMatrix.parseSize(size) ?? SweepMatrix.defaultSizes[0],
                                         profile: profile)
            Console.out(diff.text(), terminator: "")
        } catch {
            throw failInput(error)
        }
    }
}
