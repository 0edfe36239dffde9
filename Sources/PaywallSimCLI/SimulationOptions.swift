import ArgumentParser
import Foundation
import PaywallCore

/// Options every command that opens a simulated app shares: inputs, state, locale and start.
public struct SimulationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("An app profile: chat, voip, templates, or a profile file (its .storekit, copy and config; the options below override them).",
                                            valueName: "NAME|FILE"))
    public var profile: String?

    @Option(name: .long, help: ArgumentHelp("State directory (quota, events, store and backend ledgers).",
                                            valueName: "DIR"))
    public var state: String?

    @Option(name: .long, help: ArgumentHelp("An Xcode .storekit catalog; default: the embedded one.", valueName: "FILE"))
    public var storekit: String?

    @Option(name: .long, help: ArgumentHelp("A String Catalog copy deck over the default deck.", valueName: "FILE.xcstrings"))
    public var copy: String?

    @Option(name: .long, help: ArgumentHelp("A remote-config JSON file; default: the embedded config.", valueName: "FILE"))
    public var config: String?

    @Option(name: .long, help: ArgumentHelp("Language of the copy: en, zh-Hans, ko, …", valueName: "LOCALE"))
    public var locale: String = "en"

    @Option(name: .long, help: ArgumentHelp("Storefront for prices (USA, CHN, KOR, JPN, DEU…); default: the catalog's, or the locale's for the embedded catalog.", valueName: "CODE"))
    public var storefront: String?

    @Option(name: .long, help: ArgumentHelp("IANA time zone for the daily limit and dates.", valueName: "ZONE"))
    public var timeZone: String = "UTC"

    @Option(name: .long, help: ArgumentHelp("Force an offer: A, B or C.", valueName: "A|B|C"))
    public var offer: String?

    @Option(name: .long, help: ArgumentHelp("Start at onboarding, valuePreview, proof, paywall or chat.", valueName: "SCREEN"))
    public var start: String = "onboarding"

    @Option(name: .long, help: ArgumentHelp("Start the clock at this ISO-8601 instant (it then runs on).", valueName: "ISO-8601"))
    public var now: String?

    public init() {}

    /// The state directory: `--state`, else `$XDG_STATE_HOME/paywall-sim` (or `~/.local/state/paywall-sim`).
    public var stateDirectory: URL {
        if let state { return URL(fileURLWithPath: state) }
        let environment = ProcessInfo.processInfo.environment
        return URL(fileURLWithPath: environment["XDG_STATE_HOME"].map { $0 + "/paywall-sim" }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/paywall-sim")
    }

    public func validate() throws {
        if let offer, OfferID(rawValue: offer.uppercased()) == nil {
            throw ValidationError("--offer \(offer): expected A, B or C")
        }
        if StartScreen(rawValue: start) == nil {
            throw ValidationError("--start \(start): expected one of \(StartScreen.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--time-zone \(timeZone): not an IANA time zone (e.g. UTC, Asia/Shanghai, America/New_York)")
        }
        if let now, ISO8601.parse(now) == nil {
            throw ValidationError("--now \(now): expected an ISO-8601 instant such as 2026-01-30T09:00:00Z")
        }
    }
}

/// ISO-8601 instants as the CLI and tapes write them (`2026-01-30T09:00:00Z`, with or without fractions).
public enum ISO8601 {
    /// Parses an instant with a zone designator; nil if it isn't one.
    public static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
