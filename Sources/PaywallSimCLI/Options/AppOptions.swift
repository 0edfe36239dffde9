import ArgumentParser
import StoreSim

/// The app a command works on: an app profile and a `.storekit` catalog. Declared once, used by
/// `run`, `play` (for tapes that set none), `copy` and `store`.
public struct AppOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("An app profile: chat, voip, templates, or a profile file; it brings the catalog (and for run and copy the copy deck and config) that no other option names.",
                                            valueName: "NAME|FILE"))
    public var profile: String?

    @Option(name: .long, help: ArgumentHelp("An Xcode .storekit catalog; default: the profile's, else the embedded one.", valueName: "FILE"))
    public var storekit: String?

    public init() {}
}

/// The team's copy deck and remote config over the defaults (`run`, `copy`).
public struct CopyFilesOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A String Catalog copy deck layered over the profile's deck and the default deck.", valueName: "FILE.xcstrings"))
    public var copy: String?

    @Option(name: .long, help: ArgumentHelp("A remote-config JSON file; default: the profile's, else the embedded config.", valueName: "FILE"))
    public var config: String?

    public init() {}
}

/// The storefront prices are shown in (`run`, `store`).
public struct StorefrontOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The App Store account's storefront (USA, CHN, KOR, JPN, DEU…), kept in the state from now on (store products only shows prices there); default: the state's, else the one the locale implies, else the catalog's.",
                                            valueName: "CODE"))
    public var storefront: String?

    public init() {}

    public func validate() throws {
        if let storefront, storefront.count != 3 || !storefront.allSatisfy(\.isLetter) {
            throw ValidationError("--storefront \(storefront): expected an ISO-3166 alpha-3 code such as USA, CHN or KOR")
        }
        // A storefront the simulator does not know is refused: its prices would be shown in dollars.
        if let storefront, Storefront(code: storefront) == nil {
            throw ValidationError("--storefront \(storefront): " + Storefront.unknownMessage(storefront))
        }
    }
}
