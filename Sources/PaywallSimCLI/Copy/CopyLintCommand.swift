import ArgumentParser
import CopyDeck
import CopyQA
import Foundation
import PaywallFoundation

/// `paywall-sim copy lint FILE.xcstrings…`: a String Catalog checked in its own right (exit 1 on errors).
struct CopyLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint String Catalogs: plural forms, placeholders, substitutions, missing, stale and unreviewed text (exit 1 on errors).",
        discussion: """
        Every key in every language: CLDR plural categories per language, placeholders (count, type, \
        position) across languages and forms, substitutions, missing translations, stale entries, \
        needs_review and new states, translations identical to the source, empty translations and keys \
        given twice. A file that cannot be read is named with its line and column (exit 2).
        """)

    @Argument(help: ArgumentHelp("String Catalogs to lint.", valueName: "FILE.xcstrings"))
    var files: [String]

    @Option(name: .long, help: ArgumentHelp("Report format: text or json.", valueName: "text|json"))
    var format: String = "text"

    @Option(name: .long, help: ArgumentHelp("Only this language and its regional variants (repeatable); default: every language.", valueName: "LANG"))
    var language: [String] = []

    @Option(name: .long, help: ArgumentHelp("A text that stays the same in every language, e.g. the app's name (repeatable).", valueName: "TEXT"))
    var allow: [String] = []

    @Flag(name: .long, help: "Every warning on its own line (by default warnings are one line per rule and language).")
    var verbose = false

    @Option(name: .long, help: ArgumentHelp("Only this rule's findings (repeatable): \(LintRule.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "RULE"))
    var only: [String] = []

    @Option(name: .long, help: ArgumentHelp("The least severe findings shown: error or warning.", valueName: "error|warning"))
    var severity: String = "warning"

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format \(format): expected text or json") }
        guard !files.isEmpty else { throw ValidationError("give at least one .xcstrings file") }
        for rule in only where LintRule(rawValue: rule) == nil {
            throw ValidationError("--only \(rule): expected one of \(LintRule.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard ["error", "warning"].contains(severity) else { throw ValidationError("--severity \(severity): expected error or warning") }
        for code in language where code.isEmpty || !CopyDeck.isKnownLanguage(code) {
            throw ValidationError("--language \(code.isEmpty ? "\"\"" : code): expected a language code such as de, uk or zh-Hant")
        }
    }

    func run() throws {
        var catalogs: [(file: String, catalog: StringCatalog)] = []
        var unreadable = false
        for file in files {
            do {
                catalogs.append((file, try StringCatalog.load(contentsOf: URL(fileURLWithPath: file))))
            } catch {
                Console.err("paywall-sim copy lint: \(error)")
                unreadable = true
            }
        }
        let linter = CatalogLinter(allowed: Set(allow), languages: language.isEmpty ? nil : language)
        let report = LintReport.lint(catalogs, linter: linter)
            .filtered(rules: Set(only.compactMap(LintRule.init(rawValue:))), minimum: severity == "error" ? .error : .warning)
        if !catalogs.isEmpty { Console.out(format == "json" ? report.json() : report.text(verbose: verbose), terminator: "") }
        if unreadable { throw ExitCode(2) }
        if report.errors > 0 { throw ExitCode(1) }
    }
}
