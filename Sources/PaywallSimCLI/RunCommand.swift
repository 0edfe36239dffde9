import ArgumentParser
import Foundation

/// `paywall-sim run`: the interactive simulator in this terminal.
public struct RunCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Play the paywall flow interactively in this terminal (the default command).")

    @OptionGroup public var options: SimulationOptions

    @Option(name: .long, help: ArgumentHelp("Theme: dark, light, mono, or a .theme file.", valueName: "NAME|FILE"))
    public var theme: String = "dark"

    public init() {}

    public func run() throws {
        print("paywall-sim: the interactive front end is not wired up yet.")
    }
}
