import ArgumentParser

/// The `paywall-sim` command line: `run` (the default), `play`, `store` and `copy`.
public struct PaywallSimCommand: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "paywall-sim",
        abstract: "A terminal paywall simulator: onboarding, paywall, purchase and restore against a simulated StoreKit 2 store.",
        version: version,
        subcommands: [RunCommand.self, PlayCommand.self, StoreCommand.self, CopyCommand.self],
        defaultSubcommand: RunCommand.self)

    public init() {}
}
