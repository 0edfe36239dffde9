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
        render(Self.plan(combinations)[...], visit: visit)
    }

    /// Each combination with whether it draws the offer-independent states: the first of its
    /// (locale, theme, size) does.
    static func plan(_ combinations: [SweepCombination]) -> [(combination: SweepCombination, drawsCommon: Bool)] {
        var seenTriples = Set<String>()
        return combinations.map { combination in
            (combination, seenTriples.insert("\(combination.locale)|\(combination.theme)|\(combination.width)x\(combination.height)").inserted)
        }
    }

    /// `render` over part of a plan: the same screens in the same order as the whole plan draws them there.
    func render(_ planned: ArraySlice<(combination: SweepCombination, drawsCommon: Bool)>,
                visit: (SweepCombination, ScreenState, RenderedScreen) -> Void) {
        var common: [String: [ScreenState]] = [:]
        var perOffer: [String: [ScreenState]] = [:]
        var decks: [String: CopyDeck] = [:]
        for (combination, drawsCommon) in planned {
            let locale = combination.locale
            let deck = decks[locale] ?? self.deck(locale: locale)
            decks[locale] = deck
            let theme = theme(named: combination.theme)
            var list: [ScreenState] = []
            if drawsCommon {
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
        let lint = LintIndex(primary: primary, fallback: fallback)
        let checker = ScreenChecker(lint: lint, skipsFallbackCopy: !checksBuiltInCopy)
        // Contiguous parts on every core, merged in order: the same findings, in the same order,
        // as one pass (each part keeps its own decks and date cache).
        let planned = Self.plan(combinations)
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, planned.count / 8))
        let results = PartResults(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (planned.count * part / parts)..<(planned.count * (part + 1) / parts)
            var result = PartResult()
            var decks: [String: CopyDeck] = [:]
            var dates = DateTexts()
            render(planned[range]) { combination, state, screen in
                result.screens += 1
                let deck = decks[combination.locale] ?? self.deck(locale: combination.locale)
                decks[combination.locale] = deck
                result.findings += checker.check(screen, state: state, combination: combination, deck: deck, dates: &dates)
                for text in screen.drawn { if let key = text.key { result.drawnKeys[combination.locale, default: []].insert(key) } }
            }
            results.set(part, result)
        }
        var screens = 0
        var findings: [Finding] = []
        var seen = Set<String>()
        var drawnKeys: [String: Set<String>] = [:]
        for result in results.all {
            screens += result.screens
            for finding in result.findings {
                let id = "\(finding.kind)|\(finding.key ?? "")|\(finding.screen)|\(finding.state)|\(finding.combination)|\(finding.message)"
                if seen.insert(id).inserted { findings.append(finding) }
            }
            drawnKeys.merge(result.drawnKeys) { $0.union($1) }
        }
        findings += composedKeyFindings(combinations, drawnKeys: drawnKeys, lint: lint)
        return (findings, screens)
    }

    /// What one part of a sweep found.
    struct PartResult: Sendable {
        var screens = 0
        var findings: [Finding] = []
        var drawnKeys: [String: Set<String>] = [:]
    }

    /// The parts' results, each set once by its own worker.
    final class PartResults: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [PartResult]

        init(count: Int) { results = Array(repeating: PartResult(), count: count) }

        func set(_ index: Int, _ result: PartResult) {
            lock.lock()
            defer { lock.unlock() }
            results[index] = result
        }

        var all: [PartResult] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }
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
