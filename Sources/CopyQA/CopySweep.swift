import BuiltInCopy
import CopyDeck
import Foundation
import PaywallCore
import Profiles
import PaywallScreens
import TerminalKit

/// Renders every screen state in every combination asked for and checks the copy on it.
public struct CopySweep: Sendable {
    /// The team's catalog (`--copy`), or the default deck itself when there is none.
    public var primary: StringCatalog
    /// The default deck under the team's catalog; nil when `primary` is the default deck.
    public var fallback: StringCatalog?
    public var states: ScreenStates
    /// Themes by name; names not here are looked up among the built-in themes.
    public var themes: [String: Theme]
    /// App Store Review Guideline problems of the profile swept (e.g. 3.1.1), reported as findings.
    public var guidelineFindings: [GuidelineFinding] = []
    /// Whether the report compares the primary catalog's keys with the app's (a team's `--copy`;
    /// not a built-in profile's deck, whose extra keys belong to its own screens).
    public var comparesTeamKeys = true
    /// The team's file as read (`--copy`), for its lint; nil without one.
    public var teamCatalog: StringCatalog?
    /// A profile's `copyKeys`: screen key → the team's key.
    public var copyKeys: [String: String] = [:]
    /// Whether copy from the built-in deck is checked: not when a team's file is swept (the
    /// built-in text fills only what their file lacks, and is not theirs to fix).
    public var checksBuiltInCopy = true

    /// A sweep of `team` layered over `defaults` (the shipped deck when nil), or of the shipped deck alone.
    public init(team: StringCatalog? = nil, defaults: StringCatalog? = nil, states: ScreenStates = ScreenStates(),
                themes: [String: Theme] = [:]) {
        let shipped = defaults ?? DefaultCopyDeck.catalog ?? StringCatalog(sourceLanguage: "en")
        if let team {
            primary = team
            fallback = shipped
        } else {
            primary = shipped
            fallback = nil
        }
        self.states = states
        self.themes = themes
    }

    /// The deck screens are drawn with, in `locale`.
    public func deck(locale: String) -> CopyDeck {
        CopyDeck(primary: primary, fallback: fallback, locale: locale)
    }

    /// The theme called `name` (a loaded one, else built in, else dark).
    public func theme(named name: String) -> Theme {
        themes[name] ?? Theme.builtIn(name) ?? Theme.builtIn(Theme.defaultName) ?? Theme(name: "plain", roles: [:])
    }

    /// Every state drawn in every combination; `visit` sees each render. States that look the same for
    /// every offer are drawn once per locale, theme and size (with the first offer of that triple).
    public func render(_ combinations: [SweepCombination],
                       visit: (SweepCombination, ScreenState, RenderedScreen) -> Void) {
        var common: [String: [ScreenState]] = [:]
        var perOffer: [String: [ScreenState]] = [:]
        var decks: [String: CopyDeck] = [:]
        var seenTriples = Set<String>()
        for combination in combinations {
            let locale = combination.locale
            let deck = decks[locale] ?? self.deck(locale: locale)
            decks[locale] = deck
            let theme = theme(named: combination.theme)
            var list: [ScreenState] = []
            if seenTriples.insert("\(locale)|\(combination.theme)|\(combination.width)x\(combination.height)").inserted {
                let shared = common[locale] ?? states.common(locale: locale)
                common[locale] = shared
                list += shared
            }
            let offerKey = "\(locale)|\(combination.offer.rawValue)"
            let paywalls = perOffer[offerKey] ?? states.paywall(offer: combination.offer, locale: locale)
            perOffer[offerKey] = paywalls
            list += paywalls
            for state in list {
                visit(combination, state, ScreenRenderer.render(state.context, theme: theme, deck: deck, size: combination.size))
            }
        }
    }

    /// Renders and checks everything; findings in render order, one per defect, key, state and combination.
    public func run(_ combinations: [SweepCombination]) -> [Finding] { runCounting(combinations).findings }

    /// `run`, also counting the screens rendered.
    public func runCounting(_ combinations: [SweepCombination]) -> (findings: [Finding], screens: Int) {
        var screens = 0
        let lint = LintIndex(primary: primary, fallback: fallback)
        var findings: [Finding] = []
        var seen = Set<String>()
        var drawnKeys: [String: Set<String>] = [:]
        let checker = ScreenChecker(lint: lint, skipsFallbackCopy: !checksBuiltInCopy)
        var decks: [String: CopyDeck] = [:]
        var dates = DateTexts()
        render(combinations) { combination, state, screen in
            screens += 1
            let deck = decks[combination.locale] ?? self.deck(locale: combination.locale)
            decks[combination.locale] = deck
            for finding in checker.check(screen, state: state, combination: combination, deck: deck, dates: &dates) {
                let id = "\(finding.kind)|\(finding.key ?? "")|\(finding.screen)|\(finding.state)|\(finding.combination)|\(finding.message)"
                if seen.insert(id).inserted { findings.append(finding) }
            }
            for text in screen.drawn { if let key = text.key { drawnKeys[combination.locale, default: []].insert(key) } }
        }
        findings += composedKeyFindings(combinations, drawnKeys: drawnKeys, lint: lint)
        return (findings, screens)
    }

    /// Run over a matrix.
    public func run(_ matrix: SweepMatrix) -> [Finding] { run(matrix.combinations) }

    /// The keys the app uses: every key of the shipped deck.
    public var appKeys: Set<String> { Set((fallback ?? primary).keys) }

    /// Checks for keys never drawn on their own (period names, debug words, replies not on screen):
    /// missing translations, unfinished states and catalog lints, reported under the screen `composed`.
    func composedKeyFindings(_ combinations: [SweepCombination], drawnKeys: [String: Set<String>], lint: LintIndex) -> [Finding] {
        var out: [Finding] = []
        var firstPerLocale: [String: SweepCombination] = [:]
        for combination in combinations where firstPerLocale[combination.locale] == nil { firstPerLocale[combination.locale] = combination }
        for (locale, combination) in firstPerLocale.sorted(by: { $0.key < $1.key }) {
            let deck = deck(locale: locale)
            let drawn = drawnKeys[locale] ?? []
            for key in appKeys.sorted() where !drawn.contains(key) {
                let copy = deck.resolve(key, locale: locale)
                if !checksBuiltInCopy, copy.fromFallbackDeck { continue }
                out += ScreenChecker.copyFindings(copy, lint: lint, screen: "composed", state: "inside other copy or off-screen",
                                                  combination: combination, rect: nil, checkArguments: false)
            }
        }
        return out
    }
}
