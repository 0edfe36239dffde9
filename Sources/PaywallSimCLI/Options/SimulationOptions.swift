import ArgumentParser
import Foundation
import BuiltInCopy
import CopyDeck
import PaywallCore
import PaywallFoundation

/// Options of `run`: the app, its files, state and clock, storefront, and how the session starts.
public struct SimulationOptions: ParsableArguments {
    @OptionGroup public var app: AppOptions
    @OptionGroup public var files: CopyFilesOptions
    @OptionGroup public var stateOptions: StateOptions
    @OptionGroup public var storefrontOptions: StorefrontOptions
    @OptionGroup public var signing: SigningOptions

    @Option(name: .long, help: ArgumentHelp("The app's backend: POST each purchase to URL/iap/transactions (seed 004) and unlock only on the entitlement it answers; default: the simulator's own backend, in process. `paywall-sim serve` is one.", valueName: "URL"))
    public var backend: String?
    @Option(name: .customLong("backend-endpoint"), help: ArgumentHelp("With --backend: the team's own purchase endpoint (method, path, headers with ${ENV} values, a JSON body template with {{transactionId}}…, what answer unlocks), instead of seed 004's POST /iap/transactions. See docs/backend.md.", valueName: "FILE.json"))
    public var backendEndpoint: String?
    @OptionGroup(title: "Store switches") public var storeSwitches: StoreSwitchOptions

    @Option(name: .long, help: ArgumentHelp("Language of the copy: en, zh-Hans, ko, …", valueName: "LOCALE"))
    public var locale: String = "en"

    @Option(name: .long, help: ArgumentHelp("IANA time zone for the daily limit and dates.", valueName: "ZONE"))
    public var timeZone: String = "UTC"

    @Option(name: .long, help: ArgumentHelp("Force an offer: A, B or C.", valueName: "A|B|C"))
    public var offer: String?

    @Option(name: .long, help: ArgumentHelp("Start at onboarding, valuePreview, proof, paywall or chat; default: onboarding the first time, the app (chat) once onboarding was shown on this state directory.", valueName: "SCREEN"))
    public var start: String?

    public init() {}

    public var profile: String? { app.profile }
    public var storekit: String? { app.storekit }
    public var copy: String? { files.copy }
    public var config: String? { files.config }
    public var storefront: String? { storefrontOptions.storefront }
    public var now: String? { stateOptions.now }
    /// The state directory (see `StateOptions.stateDirectory`).
    public var stateDirectory: URL { stateOptions.stateDirectory }

    public func validate() throws {
        // A code that is no language at all is a usage error; one the deck lacks falls back (a warning, later).
        if let refusal = UnknownLanguage.refusal(locale, deckLanguages: DefaultCopyDeck.load().languages) {
            throw ValidationError("--locale \(locale): \(refusal)")
        }
        if let offer, OfferID(rawValue: offer.uppercased()) == nil {
            throw ValidationError("--offer \(offer): expected A, B or C")
        }
        if let start, StartScreen(rawValue: start) == nil {
            throw ValidationError("--start \(start): expected one of \(StartScreen.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if FixedOffsetCalendar.zone(named: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone): not an IANA time zone (e.g. UTC, Asia/Shanghai, America/New_York)")
        }
    }
}
