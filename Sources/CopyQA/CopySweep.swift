import BuiltInCopy
import CopyDeck
import Foundation
import PaywallFoundation
import PaywallCore
import Profiles
import PaywallScreens
import TerminalKit

/// Renders every screen state in every combination asked for and checks the copy on it.
public struct CopySweep: Sendable {
    /// The report's screen for copy found inside other copy or off-screen, not drawn on its own.
    public static let composedScreen = "composed"

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
    /// Whether `runCounting` takes a combination's findings from another theme with the same glyph
    /// set instead of drawing it again (off only to prove the two give the same findings).
    var sharesThemes = true
    /// The layout memos screens are drawn with (a benchmark passes fresh ones to start cold).
    public var layouts: LayoutMemos = .shared

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
        render(Self.plan(combinations), visit: visit)
    }

    /// Each combination with whether it draws the offer-independent states: the first of its
    /// (locale, theme, size) does.
    static func plan(_ combinations: [SweepCombination]) -> [(combination: SweepCombination, drawsCommon: Bool)] {
        var seenTriples = Set<String>()
        return combinations.map { combination in
            (combination, seenTriples.insert("\(combination.locale)|\(combination.theme)|\(combination.width)x\(combination.height)").inserted)
        }
    }

    /// `render` over a plan: each combination's states, in the plan's order.
    func render(_ planned: [(combination: SweepCombination, drawsCommon: Bool)],
                visit: (SweepCombination, ScreenState, RenderedScreen) -> Void) {
        var lists = StateLists(sweep: self)
        for (combination, drawsCommon) in planned {
            let deck = lists.deck(combination.locale)
            let theme = theme(named: combination.theme)
            for state in lists.states(combination, drawsCommon: drawsCommon) {
                visit(combination, state, ScreenRenderer.render(state.context, theme: theme, deck: deck, size: combination.size, layouts: layouts))
            }
        }
    }

    /// Renders and checks everything; findings in render order, one per defect, key, state and combination.
    public func run(_ combinations: [SweepCombination]) -> [Finding] { runCounting(combinations).findings }

    /// `run`, also counting the screens rendered.
    public func runCounting(_ combinations: [SweepCombination]) -> (findings: [Finding], screens: Int) {
        let (parts, screens) = runInParts(combinations)
        return (Array(parts.joined()), screens)
    }

    /// `runCounting` with the findings in parts, in order: one per combination, then the composed
    /// keys' (copying 332,894 findings of a 40-locale sweep into one array took a tenth of a second).
    ///
    /// The checks read what a screen drew (texts, their places, roles and cuts), never its colours: two
    /// themes with one glyph set draw the same texts in the same places. So a combination whose
    /// (locale, size, glyph set, offer, and whether it draws the offer-independent states) was checked
    /// under another theme takes those findings with its own theme instead of drawing again (`sharesThemes`; the same findings in the same order, tested).
    public func runInParts(_ combinations: [SweepCombination]) -> (parts: [[Finding]], screens: Int) {
        let lint = LintIndex(primary: primary, fallback: fallback)
        let checker = ScreenChecker(lint: lint, skipsFallbackCopy: !checksBuiltInCopy)
        // Units of one (locale, size, offer), each with its themes (where renders are shared), run on
        // every core as they come (`units` orders them); results go back in plan order, so the
        // findings come in the same order as one pass. Trial end dates are formatted once for all.
        let planned = Self.plan(combinations)
        let units = Self.units(planned)
        let prepared = prepareStates(planned)
        let results = UnitResults(count: planned.count)
        let dates = DateTexts()
        DispatchQueue.concurrentPerform(iterations: units.count) { unit in
            var lists = prepared[planned[units[unit][0]].combination.locale] ?? StateLists(sweep: self)
            var checked: [ThemeFreeKey: (screens: Int, findings: [Finding])] = [:]
            var drawnKeys: Set<String> = []
            var done: [(index: Int, screens: Int, findings: [Finding])] = []
            for index in units[unit] {
                let (combination, drawsCommon) = planned[index]
                let theme = theme(named: combination.theme)
                let key = ThemeFreeKey(glyphs: theme.glyphs, offer: combination.offer, drawsCommon: drawsCommon)
                if sharesThemes, let same = checked[key] {
                    done.append((index, same.screens, same.findings.map { finding in
                        var mine = finding
                        mine.combination = combination
                        return mine
                    }))
                    continue // its keys were drawn under the other theme
                }
                let deck = lists.deck(combination.locale)
                var found: [Finding] = []
                let states = lists.states(combination, drawsCommon: drawsCommon)
                for state in states {
                    // The checks read what was drawn where (`drawn`), never the cells: none are written.
                    let screen = ScreenRenderer.render(state.context, theme: theme, deck: deck, size: combination.size, paintingCells: false,
                                                        layouts: layouts)
                    found += checker.check(screen, state: state, combination: combination, deck: deck, dates: dates)
                    for text in screen.drawn { if let key = text.key { drawnKeys.insert(key) } }
                }
                Self.removeRepeats(&found)
                checked[key] = (states.count, found)
                done.append((index, states.count, found))
            }
            results.set(done, locale: planned[units[unit][0]].combination.locale, drawnKeys: drawnKeys)
        }
        var screens = 0
        var parts: [[Finding]] = []
        parts.reserveCapacity(planned.count + 1)
        var positions: [SweepCombination: [Int]] = [:]
        for index in planned.indices {
            let (count, found) = results.at(index)
            screens += count
            let combination = planned[index].combination
            let earlier = positions[combination, default: []]
            positions[combination, default: []].append(index)
            if earlier.isEmpty {
                parts.append(found) // each combination's findings are unique already (`removeRepeats`)
                continue
            }
            // The same combination again (a locale given twice): only what it has not listed yet.
            var seen = Set<FindingID>()
            for position in earlier { for finding in results.at(position).findings { seen.insert(FindingID(finding)) } }
            parts.append(found.filter { seen.insert(FindingID($0)).inserted })
        }
        Self.keepFirstNamesAlike(&parts)
        parts.append(composedKeyFindings(combinations, drawnKeys: results.drawnKeys, lint: lint))
        return (parts, screens)
    }

    /// Keeps the first `planNamesAlike` finding of each paywall (offer) and locale, in order: the
    /// same plans have the same names in every state, theme and size of it.
    static func keepFirstNamesAlike(_ parts: inout [[Finding]]) {
        var seen = Set<String>()
        for index in parts.indices where parts[index].contains(where: { $0.kind == .planNamesAlike }) {
            parts[index].removeAll { finding in
                finding.kind == .planNamesAlike
                    && !seen.insert("\(finding.combination.locale)|\(finding.combination.offer.rawValue)|\(finding.message)").inserted
            }
        }
    }

    /// What a combination's checks depend on within its unit (one locale, size and offer): everything but the theme's colours.
    struct ThemeFreeKey: Hashable {
        var glyphs: GlyphSet
        var offer: OfferID
        var drawsCommon: Bool
    }

    /// Drops from `found` each finding seen before it (by `FindingID`), in order. A finding's id holds its
    /// combination, so findings are unique across a sweep once each combination's are.
    /// The findings kept are moved, not copied (a 40-locale sweep keeps 332,894).
    static func removeRepeats(_ found: inout [Finding]) {
        var seen = Set<FindingID>(minimumCapacity: found.count)
        found.removeAll { !seen.insert(FindingID($0)).inserted }
    }

    /// One defect in one state of one combination: a finding seen there again is not listed again.
    /// Its texts are compared by their bytes (`BytewiseText`): state names carry a "·", and `==` on
    /// text that is not ASCII normalizes it first, which was most of the cost of `removeRepeats`.
    struct FindingID: Hashable {
        var kind: FindingKind
        var key: String?
        var screen: String
        var state: String
        var combination: SweepCombination
        var message: String

        init(_ finding: Finding) {
            kind = finding.kind
            key = finding.key
            screen = finding.screen
            state = finding.state
            combination = finding.combination
            message = finding.message
        }

        static func == (a: FindingID, b: FindingID) -> Bool {
            a.kind == b.kind && a.combination == b.combination && BytewiseText.same(a.key, b.key)
                && BytewiseText.same(a.screen, b.screen) && BytewiseText.same(a.state, b.state) && BytewiseText.same(a.message, b.message)
        }

        /// Hashes what tells findings of one combination apart (equal ids still compare every field).
        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            BytewiseText.combine(key, into: &hasher)
            BytewiseText.combine(state, into: &hasher)
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
                out += ScreenChecker.copyFindings(copy, lint: lint, screen: Self.composedScreen, state: "inside other copy or off-screen",
                                                  combination: combination, rect: nil, checkArguments: false)
            }
        }
        return out
    }
}
