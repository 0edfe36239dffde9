import CopyDeck
import Foundation
import PaywallFoundation
import PaywallScreens

/// The outcome of `copy check`: findings, what was swept, and the team catalog's missing and unused keys.
public struct CheckReport: Sendable, Codable {
    public var combinations: Int
    public var screensRendered: Int
    /// Every finding, in order.
    public var findings: [Finding] {
        get { parts.count == 1 ? parts[0] : Array(parts.joined()) }
        set { parts = [newValue] }
    }
    /// The findings as the sweep made them, in parts (one per combination): the text report reads
    /// them where they are, with no copy into one array.
    private var parts: [[Finding]]
    /// How many findings there are.
    public var findingCount: Int { parts.reduce(0) { $0 + $1.count } }
    /// Set when a team catalog (`--copy`) was layered over the default deck.
    public var teamCatalog: TeamCatalogKeys?
    /// `copy lint` of the team's file for the languages swept.
    public var teamLint: LintReport.FileReport?

    public init(combinations: Int, screensRendered: Int, findings: [Finding], teamCatalog: TeamCatalogKeys? = nil,
                teamLint: LintReport.FileReport? = nil) {
        self.init(combinations: combinations, screensRendered: screensRendered, findingsInParts: [findings],
                  teamCatalog: teamCatalog, teamLint: teamLint)
    }

    /// A report of findings in parts, in order (`findings` joins them).
    public init(combinations: Int, screensRendered: Int, findingsInParts parts: [[Finding]], teamCatalog: TeamCatalogKeys? = nil,
                teamLint: LintReport.FileReport? = nil) {
        self.combinations = combinations
        self.screensRendered = screensRendered
        self.parts = parts
        self.teamCatalog = teamCatalog
        self.teamLint = teamLint
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(combinations: try container.decode(Int.self, forKey: .combinations),
                  screensRendered: try container.decode(Int.self, forKey: .screensRendered),
                  findings: try container.decode([Finding].self, forKey: .findings),
                  teamCatalog: try container.decodeIfPresent(TeamCatalogKeys.self, forKey: .teamCatalog),
                  teamLint: try container.decodeIfPresent(LintReport.FileReport.self, forKey: .teamLint))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(combinations, forKey: .combinations)
        try container.encode(screensRendered, forKey: .screensRendered)
        try container.encode(findings, forKey: .findings)
        try container.encodeIfPresent(teamCatalog, forKey: .teamCatalog)
        try container.encodeIfPresent(teamLint, forKey: .teamLint)
    }

    private enum CodingKeys: String, CodingKey {
        case combinations, screensRendered, findings, teamCatalog, teamLint
    }

    /// Defects (groups) of each severity: one defect seen on several screens, states and
    /// combinations counts once.
    /// The team file's lint findings count one each.
    public var errorCount: Int { counts(of: groups).errors }
    public var warningCount: Int { counts(of: groups).warnings }
    public var infoCount: Int { counts(of: groups).infos }

    /// The three counts from groups already made (a report of many findings groups them once).
    public func counts(of groups: [Group]) -> (errors: Int, warnings: Int, infos: Int) {
        var errors = 0, warnings = 0, infos = 0
        for group in groups {
            switch group.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .info: infos += 1
            }
        }
        return (errors + (teamLint?.errors ?? 0), warnings + (teamLint?.warnings ?? 0), infos)
    }

    /// Findings of the same defect (key, kind, message), across screens, combinations and states.
    public struct Group: Sendable {
        public var severity: Severity
        public var kind: FindingKind
        /// The first screen it was seen on (the group is listed there).
        public var screen: String
        /// Every screen it was seen on, in the order seen.
        public var screens: [String]
        public var key: String?
        public var message: String
        /// The text of its first finding.
        public var text: String
        /// How many findings it has.
        public var count: Int
        /// The combinations its findings are in, each once, in the order first seen.
        public var combinations: [SweepCombination]
        /// The states its findings are in (but ""), each once, in the order first seen.
        public var states: [String]
    }

    /// Findings grouped by key, kind and message (the message without the combination): a CTA cut
    /// off on the paywall, under the sheet and behind help is one defect. A 40-locale sweep has
    /// 332,894 findings in 5,746 groups: they are read in runs on every core (`GroupTally`).
    public var groups: [Group] { groups(runs: ProcessInfo.processInfo.activeProcessorCount) }

    /// `groups`, read in up to `runs` runs of at least `shortestRun` findings.
    func groups(runs: Int, shortestRun: Int = 20_000) -> [Group] {
        var out = GroupTally.groups(of: parts, runs: runs, shortestRun: shortestRun)
        // Listed under the screen that comes first in the flow (the paywall, not help over it).
        for at in out.indices where out[at].screens.count > 1 {
            out[at].screens.sort { screenOrder($0) < screenOrder($1) }
            out[at].screen = out[at].screens[0]
        }
        return out
    }

    /// What makes findings one defect: the key (or, for a rule about a whole screen, the screen), kind and message.
    struct GroupID: Hashable {
        var key: String?
        var screen: String
        var kind: FindingKind
        var message: String
    }

    /// The readable report: a summary, then findings by screen, worst first.
    public func text() -> String { text(groups: groups) }

    /// `text()` from groups already made.
    public func text(groups: [Group]) -> String {
        var out: [String] = []
        out.append("copy check: \(combinations) combination(s), \(screensRendered) screen(s) rendered")
        if let team = teamCatalog { out += team.lines() }
        if let lint = teamLint {
            out.append("")
            let only = lint.languages.count == lint.catalogLanguages.count ? "" : ", the swept languages only"
            out.append("lint of \(lint.file) (copy lint\(only)):")
            // As copy lint prints it: errors in full, warnings one line per rule and language.
            out += LintReport(files: [lint]).text().split(separator: "\n").map { "  " + $0 }
        }
        // Groups by screen and sorted as positions (a group is a dozen fields to copy).
        let screens = Dictionary(grouping: groups.indices, by: { groups[$0].screen })
        for screen in screens.keys.sorted(by: { screenOrder($0) < screenOrder($1) }) {
            let list = (screens[screen] ?? []).sorted {
                (groups[$0].severity, groups[$0].key ?? "") < (groups[$1].severity, groups[$1].key ?? "")
            }
            out.append("")
            out.append("\(screen)")
            for at in list {
                let group = groups[at]
                out.append("  \(group.severity.rawValue): \(group.key ?? "(screen)"): \(group.message)")
                out.append("    text: “\(group.text)”")
                if group.screens.count > 1 { out.append("    screens: \(group.screens.joined(separator: ", "))") }
                out.append("    in: \(summary(of: group))")
            }
        }
        out.append("")
        let (errors, warnings, infos) = counts(of: groups)
        let counts = "\(errors) error(s), \(warnings) warning(s), \(infos) note(s)"
        let seen = findingCount
        out.append(seen == 0 ? counts : counts + ": one per defect, seen \(seen) time(s) across screens, states and combinations")
        return out.joined(separator: "\n") + "\n"
    }

    /// Where a group was seen: `en, ko × dark, mono × 60x22 × A, C · state; state (12×)`, each
    /// dimension's values in the order first seen, its first four states, how many findings.
    func summary(of group: Group) -> String {
        // Each dimension's values in the order first seen (the combinations are in that order).
        // A dimension has a few values, seen over and over: a list search beats hashing each.
        func unique<T: Equatable>(_ value: (SweepCombination) -> T) -> [T] {
            var values: [T] = []
            for combination in group.combinations {
                let next = value(combination)
                if values.last != next, !values.contains(next) { values.append(next) }
            }
            return values
        }
        let sizes = unique { [$0.width, $0.height] }.map { "\($0[0])x\($0[1])" }
        let dims = [unique(\.locale), unique(\.theme), sizes, unique(\.offer.rawValue)].map { $0.joined(separator: ", ") }
        let states = group.states
        let shownStates = states.prefix(4).joined(separator: "; ") + (states.count > 4 ? "; … (\(states.count) states)" : "")
        return dims.joined(separator: " × ") + (states.isEmpty ? "" : " · \(shownStates)") + " (\(group.count)×)"
    }

    /// Screens in flow order; unknown names after, alphabetically.
    func screenOrder(_ screen: String) -> String { Self.screenRanks[screen] ?? "99" + screen }

    /// The screens of the flow and their places ("00", "01", …), made once: the report sorts by them.
    private static let screenRanks: [String: String] = {
        let screens: [ScreenName] = [.onboarding, .valuePreview, .proof, .paywall, .sheet, .purchasing, .purchased, .skipped, .error, .chat, .help, .debug, .tooSmall]
        let order = screens.map(\.rawValue) + [CopySweep.composedScreen]
        return Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, String(format: "%02d", $0.offset)) })
    }()

    /// The report as JSON for machines: summary counts, every finding, the team catalog's keys.
    public func json() -> String { json(groups: groups) }

    /// `json()` from groups already made.
    public func json(groups: [Group]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let (errors, warnings, infos) = counts(of: groups)
        let payload = JSONReport(combinations: combinations, screensRendered: screensRendered, errors: errors,
                                 warnings: warnings, infos: infos, occurrences: findings.count, findings: findings,
                                 teamCatalog: teamCatalog, teamLint: teamLint)
        let data = (try? encoder.encode(payload)) ?? Data(utf8: "{}")
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct JSONReport: Codable {
        var combinations: Int
        var screensRendered: Int
        var errors: Int
        var warnings: Int
        var infos: Int
        /// Findings in all (a defect seen on several screens or combinations counts each time here).
        var occurrences: Int
        var findings: [Finding]
        var teamCatalog: TeamCatalogKeys?
        var teamLint: LintReport.FileReport?
    }
}

/// A team catalog against the app: keys it lacks (shown from the default deck) and keys the app never uses.
public struct TeamCatalogKeys: Sendable, Codable, Hashable {
    public var origin: String
    /// App keys the team catalog lacks: these fell back to the default deck.
    public var missing: [String]
    /// Keys of the team catalog the app does not use.
    public var unused: [String]
    /// How many screen keys the team's file supplies (directly or through `copyKeys`).
    public var shown: Int
    /// How many keys the team's file has.
    public var teamKeys: Int
    /// `copyKeys` team keys the file does not have.
    public var unmapped: [String]

    /// `team` is the catalog swept (the file with `copyKeys` applied); `raw` the file as read.
    public init(team: StringCatalog, origin: String, appKeys: Set<String>, copyKeys: [String: String] = [:], raw: StringCatalog? = nil) {
        self.origin = origin
        let file = raw ?? team
        missing = CatalogLint.missingKeys(in: team, required: appKeys)
        let mappedTeamKeys = Set(copyKeys.values)
        unused = CatalogLint.unusedKeys(in: file, used: appKeys.union(mappedTeamKeys))
        shown = appKeys.filter { team.entries[$0] != nil }.count
        teamKeys = file.entries.count
        unmapped = copyKeys.values.filter { file.entries[$0] == nil }.sorted()
    }

    /// A key as one line: newlines and tabs escaped (real catalogs have keys that span lines).
    /// A long key list in one short line: keys that share a first part with two or more others
    /// as `chat.* (14)`, the rest in full, in order.
    public static func grouped(_ keys: [String]) -> String {
        var counts: [String: Int] = [:]
        for key in keys { counts[Self.prefix(of: key), default: 0] += 1 }
        var said = Set<String>()
        return keys.compactMap { key -> String? in
            let prefix = Self.prefix(of: key)
            guard let count = counts[prefix], count >= 3, !prefix.isEmpty else { return oneLine(key) }
            return said.insert(prefix).inserted ? "\(oneLine(prefix)).* (\(count))" : nil
        }.joined(separator: ", ")
    }

    /// A key's first dot-separated part ("" for a key without a dot).
    static func prefix(of key: String) -> String {
        guard let dot = key.firstIndex(of: ".") else { return "" }
        return String(key[..<dot])
    }

    static func oneLine(_ key: String) -> String {
        key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\t", with: "\\t")
    }

    func lines() -> [String] {
        var out = ["", "team catalog \(origin):"]
        if !unmapped.isEmpty {
            out.append("  copyKeys names \(unmapped.count) key(s) the file does not have: \(unmapped.map { "“\(Self.oneLine($0))”" }.joined(separator: ", "))")
        }
        if shown == 0 {
            out.append("  none of its \(teamKeys) key(s) is a key the screens show (such as paywall.title, paywall.cta.trial): the screens show the built-in copy, which is not checked here; "
                       + "map your keys onto screen slots with a profile file's \"copyKeys\" (docs/reference/profile-file.md)")
            return out
        }
        if !missing.isEmpty {
            out.append("  \(missing.count) key(s) the app uses are missing (shown from the default deck, not checked here): \(Self.grouped(missing))")
        }
        if !unused.isEmpty {
            out.append("  \(unused.count) key(s) the app does not use (unused): \(unused.map { "“\(Self.oneLine($0))”" }.joined(separator: ", "))")
        }
        return out
    }
}
