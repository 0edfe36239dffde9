import ArgumentParser
import Foundation

/// Options every `paywall-sim store …` command shares: state directory, catalog, time and output.
public struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("State directory (store and backend ledgers, clock.json); default as for `run`.",
                                            valueName: "DIR"))
    public var state: String?

    @Option(name: .long, help: ArgumentHelp("An Xcode .storekit catalog; default: the embedded one.", valueName: "FILE"))
    public var storekit: String?

    @Option(name: .long, help: ArgumentHelp("An app profile (chat, voip, templates or a profile file): its catalog, as `run --profile` uses it.",
                                            valueName: "NAME|FILE"))
    public var profile: String?

    @Option(name: .long, help: ArgumentHelp("Storefront prices are shown in (USA, CHN, KOR, JPN, DEU…); default: the catalog's.",
                                            valueName: "CODE"))
    public var storefront: String?

    @Option(name: .long, help: ArgumentHelp("Set the simulator's clock to this ISO-8601 instant (saved: later commands continue from it).",
                                            valueName: "ISO-8601"))
    public var now: String?

    @Flag(name: .long, help: "Print a JSON document instead of a table.")
    public var json = false

    public init() {}

    /// The state directory: `--state`, else the same default as `run` (`SimulationOptions.stateDirectory`).
    public func stateDirectory() throws -> URL {
        try SimulationOptions.parse(state.map { ["--state", $0] } ?? []).stateDirectory
    }

    public func validate() throws {
        if let now, ISO8601.parse(now) == nil {
            throw ValidationError("--now \(now): expected an ISO-8601 instant such as 2026-01-30T09:00:00Z")
        }
        if let storefront, storefront.count != 3 || !storefront.allSatisfy(\.isLetter) {
            throw ValidationError("--storefront \(storefront): expected an ISO-3166 alpha-3 code such as USA, CHN or KOR")
        }
    }
}
