import ArgumentParser

/// `paywall-sim debug`: hidden tools for the project's own fault scripts, not shown in `--help`.
public struct DebugCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Tools for the project's fault scripts (not for users).",
        shouldDisplay: false,
        subcommands: [StateCheckCommand.self])

    public init() {}
}
