import ArgumentParser
import Foundation

/// Options every `paywall-sim store …` command shares: the app, state and clock, storefront, output.
public struct StoreOptions: ParsableArguments {
    @OptionGroup public var app: AppOptions
    @OptionGroup public var stateOptions: StateOptions
    @OptionGroup public var storefrontOptions: StorefrontOptions
    @OptionGroup public var signing: SigningOptions

    @Flag(name: .long, help: "Print a JSON document instead of a table.")
    public var json = false

    public init() {}

    public var profile: String? { app.profile }
    public var storekit: String? { app.storekit }
    public var storefront: String? { storefrontOptions.storefront }
    public var now: String? { stateOptions.now }

    /// The state directory: `--state`, else the same default as `run`.
    public var stateDirectory: URL { stateOptions.stateDirectory }
}
