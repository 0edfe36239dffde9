import CopyDeck
import Foundation
import PaywallFoundation

/// The outcome of `copy lint` for one or more String Catalogs, as text or JSON.
public struct LintReport: Sendable, Codable {
    /// One linted file.
    public struct FileReport: Sendable, Codable {
        public var file: String
        public var sourceLanguage: String
        public var keys: Int
        /// The languages linted (all of the catalog's unless the linter was given some).
        public var languages: [String]
        /// Every language the catalog has.
        public var catalogLanguages: [String]
        public var errors: Int
        public var warnings: Int
        public var findings: [LintFinding]

        /// `catalog` read from `file`, linted by `linter`.
        public init(file: String, catalog: StringCatalog, linter: CatalogLinter) {
            self.init(file: file, catalog: catalog, findings: linter.lint(catalog, file: file),
                      languages: linter.wantedLanguages(of: catalog))
        }

        public init(file: String, catalog: StringCatalog, findings: [LintFinding], languages: [String]? = nil) {
            self.file = file
            sourceLanguage = catalog.sourceLanguage
            keys = catalog.entries.count
            catalogLanguages = catalog.languages
            self.languages = languages ?? catalog.languages
            self.findings = findings
            errors = findings.filter { $0.severity == .error }.count
            warnings = findings.filter { $0.severity == .warning }.count
        }
    }

    public var files: [FileReport]
    public var errors: Int { files.reduce(0) { $0 + $1.errors } }
    public var warnings: Int { files.reduce(0) { $0 + $1.warnings } }

    public init(files: [FileReport]) {
        self.files = files
    }

    /// Only the findings of `rules` (all when empty) at `minimum` severity or worse; counts follow.
    public func filtered(rules: Set<LintRule>, minimum: Severity) -> LintReport {
        LintReport(files: files.map { file in
            var copy = file
            copy.findings = file.findings.filter { (rules.isEmpty || rules.contains($0.rule)) && $0.severity <= minimum }
            copy.errors = copy.findings.filter { $0.severity == .error }.count
            copy.warnings = copy.findings.filter { $0.severity == .warning }.count
            return copy
        })
    }

    /// Lints each catalog with `linter`.
    public static func lint(_ catalogs: [(file: String, catalog: StringCatalog)], linter: CatalogLinter) -> LintReport {
        LintReport(files: catalogs.map { FileReport(file: $0.file, catalog: $0.catalog, linter: linter) })
    }

    /// Errors one line each; warnings one line each with `verbose`, else one line per rule and
    /// language (how many, the first few keys), so a real defect is not buried under hundreds of
    /// "missing" and "identical" lines; then a summary per file and in all.
    public func text(verbose: Bool = false) -> String {
        var out: [String] = []
        for file in files {
            let sorted = file.findings.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
            if verbose {
                out += sorted.map(\.text)
            } else {
                out += sorted.filter { $0.severity == .error }.map(\.text)
                out += Self.warningSummaries(sorted.filter { $0.severity == .warning }, file: file.file)
            }
            out.append(summary(of: file))
        }
        if files.count > 1 {
            out.append("copy lint: \(files.count) files: \(errors) error(s), \(warnings) warning(s)")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One line per rule and language: `FILE: warning: missingTranslation [uk]: 52 key(s), first
    /// “Send”, “Image”, “Post” (--verbose lists each)`, rules in their order, languages as met.
    static func warningSummaries(_ warnings: [LintFinding], file: String) -> [String] {
        var order: [String] = []
        var groups: [String: [LintFinding]] = [:]
        for finding in warnings {
            let id = "\(finding.rule.rawValue)\u{1}\(finding.language ?? "")"
            if groups[id] == nil { order.append(id) }
            groups[id, default: []].append(finding)
        }
        let rank = Dictionary(uniqueKeysWithValues: LintRule.allCases.enumerated().map { ($1.rawValue, $0) })
        order.sort { (rank[$0.components(separatedBy: "\u{1}")[0]] ?? 0) < (rank[$1.components(separatedBy: "\u{1}")[0]] ?? 0) }
        return order.compactMap { id in
            guard let found = groups[id], let first = found.first else { return nil }
            var keys: [String] = []
            for finding in found where !keys.contains(finding.key) { keys.append(finding.key) }
            let shown = keys.prefix(3).map { "“\(TeamCatalogKeys.oneLine($0))”" }.joined(separator: ", ")
            let language = first.language.map { " [\($0)]" } ?? ""
            if found.count == 1 { return first.text }
            return "\(file): warning: \(first.rule.rawValue)\(language): \(found.count) finding(s) in \(keys.count) key(s), first \(shown) (--verbose lists each)"
        }
    }

    /// `FILE: 733 keys, 19 languages (en source): 12 error(s) (pluralForms 12), 900 warning(s) (missingTranslation 880, …)`.
    func summary(of file: FileReport) -> String {
        func byRule(_ severity: Severity) -> String {
            let found = file.findings.filter { $0.severity == severity }
            guard !found.isEmpty else { return "" }
            let counts = Dictionary(grouping: found, by: \.rule).mapValues(\.count)
            let parts = LintRule.allCases.compactMap { rule in counts[rule].map { "\(rule.rawValue) \($0)" } }
            return " (\(parts.joined(separator: ", ")))"
        }
        let languages = file.languages.count == file.catalogLanguages.count ? "\(file.languages.count) language(s)"
            : "\(file.languages.count) of its \(file.catalogLanguages.count) languages linted (\(file.languages.joined(separator: ", ")))"
        return "\(file.file): \(file.keys) key(s), \(languages) (source \(file.sourceLanguage)): "
            + "\(file.errors) error(s)\(byRule(.error)), \(file.warnings) warning(s)\(byRule(.warning))"
    }

    /// The report as JSON: per file its keys, languages, counts and findings; totals.
    public func json() -> String {
        struct Payload: Codable {
            var files: [FileReport]
            var errors: Int
            var warnings: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Payload(files: files, errors: errors, warnings: warnings))) ?? Data(utf8: "{}")
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
