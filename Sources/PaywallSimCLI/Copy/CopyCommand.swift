import ArgumentParser
import CopyDeck
import CopyQA
import BuiltInCopy
import Foundation
import PaywallFoundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// `paywall-sim copy`: check, export, render and diff the copy of every screen.
public struct CopyCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "QA the copy of every screen (check, export, screens, diff) and lint String Catalogs (lint).",
        subcommands: [CopyCheckCommand.self, CopyLintCommand.self, CopyExportCommand.self, CopyScreensCommand.self, CopyDiffCommand.self])

    public init() {}
}

/// The combinations and files every `copy` subcommand sweeps over.
public struct CopySweepOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A locale to sweep (repeatable, or a comma list: en,ko); default: the languages of the --copy catalog, else en, zh-Hans, ko.", valueName: "LOCALE"))
    public var locale: [String] = []

    @Option(name: .long, help: ArgumentHelp("A theme name or .theme file (repeatable, or a comma list); default: dark, light, mono.", valueName: "THEME"))
    public var theme: [String] = []

    @Option(name: .long, help: ArgumentHelp("A terminal size (repeatable, or a comma list: 80x24,60x22); default: 80x24, 100x30 and the minimum 60x22.", valueName: "WxH"))
    public var size: [String] = []

    @Option(name: .long, help: ArgumentHelp("An offer (repeatable, or a comma list: A,B); default: A, B, C.", valueName: "A|B|C"))
    public var offer: [String] = []

    @OptionGroup public var app: AppOptions
    @OptionGroup public var files: CopyFilesOptions

    public init() {}

    public func validate() throws {
        let minimum = ScreenRenderer.minimumSize
        for text in Self.list(size) {
            guard let parsed = SweepMatrix.parseSize(text) else {
                throw ValidationError("--size \(text): expected WIDTHxHEIGHT such as 80x24")
            }
            // Below the minimum every screen is "enlarge the window": nothing would be checked.
            guard parsed.width >= minimum.width, parsed.height >= minimum.height else {
                throw ValidationError("--size \(text): below the minimum \(minimum.width)x\(minimum.height), where every screen only asks to enlarge the window and nothing would be checked")
            }
        }
        // A code that is no language is refused as `run --locale` refuses it: a sweep of it would
        // only report every key as untranslated.
        for code in Self.list(locale) {
            if let refusal = UnknownLanguage.refusal(code, deckLanguages: DefaultCopyDeck.load().languages) {
                throw ValidationError("--locale \(code): \(refusal)")
            }
        }
        for text in Self.list(offer) where OfferID(rawValue: text.uppercased()) == nil {
            throw ValidationError("--offer \(text): expected A, B or C")
        }
    }

    /// The matrix the options ask for.
    public var matrix: SweepMatrix {
        SweepMatrix(locales: Self.list(locale), themes: Self.list(theme), sizes: Self.list(size).compactMap(SweepMatrix.parseSize),
                    offers: Self.list(offer).compactMap { OfferID(rawValue: $0.uppercased()) })
    }

    /// Repeated values and comma lists alike (`--locale en,ko --locale ja`), blanks left out.
    static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
    }

    /// The inputs, files not yet loaded but the team's catalog's languages: with `--copy` and no
    /// `--locale`, the locales swept are the languages that catalog has (it is their copy that is checked).
    public var inputs: CopyQAInputs {
        var matrix = self.matrix
        if Self.list(locale).isEmpty, let languages = teamLanguages { matrix.locales = languages }
        return CopyQAInputs(copyPath: files.copy, storekitPath: app.storekit, configPath: files.config, profile: app.profile, matrix: matrix)
    }

    /// The languages of the `--copy` catalog, its source language first; nil without one, or when
    /// it does not load (the sweep then stops on it, naming the file).
    var teamLanguages: [String]? {
        guard let path = files.copy, let catalog = try? StringCatalog.load(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return [catalog.sourceLanguage] + catalog.languages.filter { $0 != catalog.sourceLanguage }
    }
}

/// Prints an input error the way a person can act on it and exits with status 2.
func failInput(_ error: Error) -> ExitCode {
    Console.err("paywall-sim copy: \(error)")
    return ExitCode(2)
}

/// Writes `text` to `path`, creating folders; the error names the file.
func writeFile(_ text: String, to path: String) throws {
    try writeFile(Data(utf8: text), to: path)
}

/// Writes `bytes` to `path`, creating folders; the error names the file.
func writeFile(_ bytes: Data, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url, options: .atomic)
    } catch {
        throw Diagnostic("\(path): cannot write (\(FileErrorText.reason(error)))")
    }
}
