import BuiltInCopy
import CopyDeck
import Foundation
import PaywallCore
import PaywallFoundation
import PaywallScreens
import Profiles
import SimRuntime
import StoreSim
import TeamServer
import TerminalKit

/// The files and names a session is built from, as the CLI's options or a tape's `Set` lines give them.
///
/// `resolve()` loads each file once and refuses a broken one with an `Diagnostic` that names the
/// file and what is wrong; nothing falls back silently.
public struct SessionInputs: Sendable, Hashable {
    /// An app profile: `chat`, `voip`, `templates` or a profile file; the files below override its parts.
    public var profile: String?
    public var storekit: String?
    public var config: String?
    public var copy: String?
    public var theme: String = Theme.defaultName
    public var locale: String = "en"
    public var storefront: String?
    public var timeZone: String = "UTC"
    public var offer: OfferID?
    public var start: StartScreen = .onboarding
    /// Whether `start` was asked for (`--start`, `Set Start`, a tape); when not, a user who has
    /// seen onboarding on this state directory starts in the app (chat), as a real app would.
    public var startChosen = true
    public var switches = StoreSwitches()
    /// The environment and bundle id signed data carries; nil: the state directory's, else Xcode and com.paywallsim.app.
    public var environment: String?
    public var bundleID: String?
    /// The app's Apple ID Production's signed data carries; nil: the state directory's.
    public var appAppleID: Int64?
    public var backendUp = true
    /// Another server as the app's backend (`--backend URL`): purchases are POSTed to `URL/iap/transactions`.
    public var backendURL: String?
    /// The team's own purchase endpoint file (`--backend-endpoint`), with `backendURL`.
    public var backendEndpoint: String?
    /// Where `${NAME}` in an endpoint's headers is looked up; nil: the process's environment, read
    /// only when an endpoint file is given (reading it is about a tenth of a cold `play`).
    public var environmentVariables: [String: String]?
    /// Use the profile and catalog named here even if the state directory was made with others.
    public var switchCatalog = false
    /// Folder that relative paths are resolved against (the tape's folder, or the working directory).
    public var baseDirectory: String = FileManager.default.currentDirectoryPath

    public init() {}

    /// Loads every input for a session on `workspace` (a throwaway one, removed when the run ends,
    /// skips its fsyncs); throws `Diagnostic` naming the file and the problem.
    public func resolve(workspace: StateWorkspace) throws -> (settings: SessionSettings, theme: Theme) {
        // The catalog and profile the state directory was made with, unless these inputs name others.
        let named = StateSetup.named(profile: profile, storekit: storekit, baseDirectory: baseDirectory,
                                     environment: environment, bundleID: bundleID, appAppleID: appAppleID)
        let setup: StateSetup
        do { setup = try workspace.setup(named: named, switching: switchCatalog) }
        catch { throw Diagnostic(wrapping: error) }
        // Files load by the path these inputs name (errors name it as given), else the remembered one.
        let profileSetup = try StateWorkspace.profile(self.profile ?? setup.profile, baseDirectory: baseDirectory)
        let catalog: StoreCatalog
        do { catalog = try StateWorkspace.catalog(storekit: (self.storekit ?? setup.storekit).map(absolute), profile: profileSetup) }
        catch { throw Diagnostic("\(error)") }
        let config = try StateWorkspace.config(file: self.config.map(absolute), profile: profileSetup)
        var team: StringCatalog?
        if let copy {
            do { team = try StringCatalog.load(contentsOf: URL(fileURLWithPath: absolute(copy))) }
            catch { throw Diagnostic(wrapping: error) }
        }
        // The team's catalog over the profile's deck over the default deck.
        let layered = profileSetup.map { $0.copy(overlaidWith: team) } ?? team
        let deck = layered.map { DefaultCopyDeck.layered(over: $0, locale: locale) } ?? DefaultCopyDeck.load(locale: locale)
        if let refusal = UnknownLanguage.refusal(locale, deckLanguages: deck.languages) {
            throw Diagnostic("locale \(locale): \(refusal)")
        }
        var warnings: [String] = team?.warnings ?? []
        if let fallback = deck.fallbackLanguage(for: locale) {
            warnings.append("warning: locale \(locale): the copy deck has no \(locale) (it has \(deck.languages.joined(separator: ", "))); "
                + "the copy falls back to \(fallback), dates and prices follow \(locale)")
        }
        var storefront = self.storefront
        if let code = storefront, let warning = catalog.missingPricesWarning(for: code, label: "storefront") {
            warnings.append(warning)
            storefront = nil
        }
        let loadedTheme: Theme
        do {
            loadedTheme = try Theme.load(nameOrPath: themePath(self.theme), themesDirectory: nil)
        } catch { throw Diagnostic(wrapping: error) }
        guard let zone = FixedOffsetCalendar.zone(named: timeZone) else {
            throw Diagnostic("time zone \(timeZone): not an IANA time zone, expected e.g. UTC or Asia/Shanghai")
        }
        var settings = SessionSettings(catalog: catalog, config: config, deck: deck, locale: locale,
                                       storefront: storefront,
                                       timeZone: zone, offer: offer, start: start, workspace: workspace,
                                       switches: switches, backendUp: backendUp, profile: profileSetup?.profile)
        settings.setup = setup
        settings.suggestedStorefront = catalog.defaultStorefrontCode(forLocale: locale)
        if let backendURL {
            guard let url = URL(string: backendURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw Diagnostic("--backend \(backendURL): expected an http or https URL such as http://127.0.0.1:8080")
            }
            settings.backendURL = url
        }
        if let file = backendEndpoint {
            guard backendURL != nil else { throw Diagnostic("--backend-endpoint \(file): needs --backend URL (the server it is on)") }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true))) } catch {
                throw Diagnostic("\(file): cannot read the backend endpoint: \(FileErrorText.reason(error))")
            }
            settings.backendEndpoint = try BackendEndpoint.load(data, file: file, environment: environmentVariables ?? ProcessInfo.processInfo.environment)
        }
        settings.onboardingOnce = !startChosen && start == .onboarding
        settings.warnings = warnings
        return (settings, loadedTheme)
    }

    /// A path made absolute against `baseDirectory`.
    public func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: baseDirectory).appendingPathComponent(path).standardized.path
    }

    private func themePath(_ name: String) -> String {
        name.contains("/") || name.hasSuffix(".theme") ? absolute(name) : name
    }
}

