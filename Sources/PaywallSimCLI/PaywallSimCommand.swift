import ArgumentParser

/// The `paywall-sim` command line.
public struct PaywallSimCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "paywall-sim",
        abstract: "A terminal paywall simulator: onboarding, paywall, purchase and restore against a simulated StoreKit store.",
        version: "0.1.0")

    public init() {}

    public func run() throws {
        print("paywall-sim: the interactive front end is not built yet.")
    }
}
