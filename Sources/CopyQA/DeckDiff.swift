import PaywallFoundation
import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// Which screens change between two decks, and how: every state rendered with both, changed lines per screen.
public struct DeckDiff: Sendable {
    /// One screen state whose text changed in one locale.
    public struct Change: Sendable, Hashable {
        public var screen: String
        public var state: String
        public var locale: String
        public var offer: OfferID?
        /// Diff lines: `- old`, `+ new`.
        public var lines: [String]
    }

    /// Keys whose entries differ (added, removed or changed).
    public var changedKeys: [String]
    /// Of those, the keys only the first deck has, and only the second.
    public var onlyInOld: [String] = []
    public var onlyInNew: [String] = []
    public var changes: [Change]
    public var locales: [String]

    /// Renders every state with `old` and `new` (each layered over the default deck) in English and
    /// every language either deck has, in the dark theme at `size`, for every offer.
    public init(old: StringCatalog, new: StringCatalog, size: TerminalSize = SweepMatrix.defaultSizes[0], states: ScreenStates = ScreenStates()) {
        // A sweep of the plain app never fails to build.
        self = (try? DeckDiff(old: old, new: new, size: size, sweep: { deck, _ in CopySweep(team: deck, states: states) }))
            ?? DeckDiff(changedKeys: [], changes: [], locales: [])
    }

    /// The same with the sweep each deck is rendered by (e.g. an app profile's screens, its deck in
    /// between the default deck and `old`/`new`), given the deck and the matrix.
    public init(old: StringCatalog, new: StringCatalog, size: TerminalSize,
                sweep: (StringCatalog, SweepMatrix) throws -> CopySweep) throws {
        let languages = ["en"] + (old.languages + new.languages).filter { $0 != "en" }
        var seen = Set<String>()
        let locales = languages.filter { seen.insert($0).inserted }
        let changedKeys = Set(old.keys + new.keys).filter { old[$0] != new[$0] }.sorted { $0.lowercased() < $1.lowercased() }
        let matrix = SweepMatrix(locales: locales, themes: [Theme.defaultName], sizes: [size], offers: OfferID.allCases)
        func screens(_ deck: StringCatalog) throws -> [String: String] {
            var out: [String: String] = [:]
            try sweep(deck, matrix).render(matrix.combinations) { combination, state, screen in
                out["\(state.screen)\u{1}\(state.state)\u{1}\(combination.locale)\u{1}\(state.offer?.rawValue ?? "")"] = screen.plainText
            }
            return out
        }
        let before = try screens(old)
        let after = try screens(new)
        var changes: [Change] = []
        for id in before.keys.sorted() {
            guard let a = before[id], let b = after[id], a != b else { continue }
            let parts = id.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
            changes.append(Change(screen: parts[0], state: parts[1], locale: parts[2], offer: OfferID(rawValue: parts[3]),
                                  lines: Self.changedLines(old: a, new: b)))
        }
        self.init(changedKeys: changedKeys, changes: changes, locales: locales)
        onlyInOld = changedKeys.filter { new[$0] == nil }
        onlyInNew = changedKeys.filter { old[$0] == nil }
    }

    private init(changedKeys: [String], changes: [Change], locales: [String]) {
        self.changedKeys = changedKeys
        self.changes = changes
        self.locales = locales
    }

    /// Loads both catalogs; the error names the file, line and column. With `profile`, each deck
    /// is layered over the profile's deck and rendered on the profile's screens, as `copy check
    /// --profile` renders them.
    public static func load(old: String, new: String, size: TerminalSize, profile: String? = nil) throws -> DeckDiff {
        do {
            let before = try StringCatalog.load(contentsOf: URL(fileURLWithPath: old))
            let after = try StringCatalog.load(contentsOf: URL(fileURLWithPath: new))
            guard let profile else { return DeckDiff(old: before, new: after, size: size) }
            return try DeckDiff(old: before, new: after, size: size) { deck, matrix in
                let path = deck == before ? old : new
                return try CopyQAInputs(copyPath: path, profile: profile, matrix: matrix).sweep()
            }
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Diagnostic(wrapping: error)
        }
    }

    /// The screens that change, in flow order.
    public var changedScreens: [String] {
        var seen = Set<String>()
        return changes.map(\.screen).filter { seen.insert($0).inserted }
    }

    /// The readable diff: changed keys, then per screen and state the changed lines.
    public func text() -> String {
        let edited = changedKeys.filter { !onlyInOld.contains($0) && !onlyInNew.contains($0) }
        var summary = ["\(edited.count) key(s) changed\(edited.isEmpty ? "" : ": " + edited.map(TeamCatalogKeys.oneLine).joined(separator: ", "))"]
        if !onlyInNew.isEmpty { summary.append("\(onlyInNew.count) only in the second deck: \(TeamCatalogKeys.grouped(onlyInNew))") }
        if !onlyInOld.isEmpty { summary.append("\(onlyInOld.count) only in the first deck: \(TeamCatalogKeys.grouped(onlyInOld))") }
        var out = ["copy diff: " + summary.joined(separator: "; "), "locales: \(locales.joined(separator: ", "))"]
        if changes.isEmpty {
            out.append("no screen changes")
            return out.joined(separator: "\n") + "\n"
        }
        out.append("\(changes.count) screen state(s) change on: \(changedScreens.joined(separator: ", "))")
        for screen in changedScreens {
            out.append("")
            out.append("== \(screen)")
            for change in changes where change.screen == screen {
                out.append("-- \(change.state.isEmpty ? screen : change.state) [\(change.locale)]")
                out += change.lines
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Only the changed lines of `old` → `new`: `- ` removed, `+ ` added (additions first on ties).
    static func changedLines(old: String, new: String) -> [String] {
        LineDiff.lines(expected: old.components(separatedBy: "\n"), actual: new.components(separatedBy: "\n"), addedFirst: false)
            .compactMap { line in
                switch line {
                case .same: return nil
                case .removed(_, let text): return "- " + text
                case .added(_, let text): return "+ " + text
                }
            }
    }
}
