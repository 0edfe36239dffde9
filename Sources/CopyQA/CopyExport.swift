import PaywallFoundation
import CopyDeck
import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// Every string as it appears on each screen per locale: a copy deck as Markdown, CSV or a String Catalog.
public enum CopyExport {
    /// Export formats.
    public enum Format: String, Sendable, CaseIterable {
        case md, csv, xcstrings
    }

    /// One string on one screen state in one locale.
    public struct Row: Sendable, Hashable {
        public var screen: String
        public var state: String
        public var locale: String
        public var key: String
        public var text: String
    }

    /// The rows of every state in every locale of `matrix`, drawn in its first theme and size, for all its offers.
    /// The text is the whole string (before any wrapping or cutting), in screen order then locale order.
    public static func rows(_ sweep: CopySweep, matrix: SweepMatrix) -> [Row] {
        var rows: [Row] = []
        var seen = Set<Row>()
        let theme = matrix.themes.first ?? Theme.defaultName
        let size = matrix.sizes.first ?? SweepMatrix.defaultSizes[0]
        let combinations = matrix.locales.flatMap { locale in
            matrix.offers.map { SweepCombination(locale: locale, theme: theme, size: size, offer: $0) }
        }
        sweep.render(combinations) { combination, state, screen in
            for text in screen.drawn {
                guard let key = text.key else { continue }
                let row = Row(screen: state.screen, state: state.state, locale: combination.locale, key: key, text: text.text)
                if seen.insert(row).inserted { rows.append(row) }
            }
        }
        return rows
    }

    /// The rows in `format`.
    public static func render(_ rows: [Row], format: Format, sweep: CopySweep) -> String {
        switch format {
        case .csv: return csv(rows)
        case .md: return markdown(rows)
        case .xcstrings: return catalog(rows, sweep: sweep).encodedString() + "\n"
        }
    }

    /// `screen,state,locale,key,text`, RFC 4180 quoting.
    public static func csv(_ rows: [Row]) -> String {
        func field(_ text: String) -> String {
            text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }
        return (["screen,state,locale,key,text"] + rows.map { [$0.screen, $0.state, $0.locale, $0.key, $0.text].map(field).joined(separator: ",") })
            .joined(separator: "\n") + "\n"
    }

    /// By screen, then state: one table per state with a column per locale.
    public static func markdown(_ rows: [Row]) -> String {
        let locales = unique(rows.map(\.locale))
        var out = ["# Copy deck", "", "Every string as it appears on each screen, in \(locales.joined(separator: ", ")).", ""]
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
        }
        for screen in unique(rows.map(\.screen)) {
            out += ["## \(screen)", ""]
            let screenRows = rows.filter { $0.screen == screen }
            for state in unique(screenRows.map(\.state)) {
                if !state.isEmpty { out += ["### \(state)", ""] }
                let stateRows = screenRows.filter { $0.state == state }
                out.append("| key | " + locales.joined(separator: " | ") + " |")
                out.append("|---|" + locales.map { _ in "---" }.joined(separator: "|") + "|")
                for key in unique(stateRows.map(\.key)) {
                    let texts = locales.map { locale in stateRows.first { $0.key == key && $0.locale == locale }.map { cell($0.text) } ?? "" }
                    out.append("| `\(key)` | " + texts.joined(separator: " | ") + " |")
                }
                out.append("")
            }
        }
        return out.joined(separator: "\n")
    }

    /// The entries of the keys on screen, with the exported locales (and the source language), from the deck that has them.
    public static func catalog(_ rows: [Row], sweep: CopySweep) -> StringCatalog {
        let keys = unique(rows.map(\.key))
        let locales = Set(rows.map(\.locale))
        let source = sweep.fallback?.sourceLanguage ?? sweep.primary.sourceLanguage
        var entries: [String: CatalogEntry] = [:]
        for key in keys {
            guard var entry = sweep.primary[key] ?? sweep.fallback?[key] else { continue }
            entry.localizations = entry.localizations.filter { language, _ in
                language == source || locales.contains(language) || locales.contains(LocaleCode.normalize(language))
            }
            entries[key] = entry
        }
        return StringCatalog(sourceLanguage: source, entries: entries, keyOrder: keys.sorted(by: { $0.lowercased() < $1.lowercased() }))
    }

    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}

/// The rendered screens as text files, one per screen and combination, every state of the screen in it.
public enum ScreenFiles {
    /// A file to write: a relative path and its text.
    public struct File: Sendable, Hashable {
        public var path: String
        public var text: String
    }

    /// `<screen>/<locale>-<theme>-<offer>-<W>x<H>.txt`; screens that look the same for every offer are written
    /// under the first offer of each locale, theme and size.
    public static func files(_ sweep: CopySweep, matrix: SweepMatrix) -> [File] {
        var order: [String] = []
        var texts: [String: String] = [:]
        sweep.render(matrix.combinations) { combination, state, screen in
            let path = "\(state.screen)/\(combination.fileStem).txt"
            if texts[path] == nil { order.append(path) }
            texts[path, default: ""] += "── \(state.label) ──\n" + screen.plainText + "\n\n"
        }
        return order.map { File(path: $0, text: texts[$0] ?? "") }
    }

    /// Each state of each screen as a still SVG in its theme's colours:
    /// `<screen>/<locale>-<theme>-<offer>-<W>x<H>-<N>.svg`, N counting the screen's states from 1.
    public static func svgFiles(_ sweep: CopySweep, matrix: SweepMatrix) -> [File] {
        images(sweep, matrix: matrix, extension: "svg") { grid, theme, title in SVGScreen.document(grid, theme: theme, title: title) }
            .map { File(path: $0.path, text: $0.image) }
    }

    /// Each state of each screen as an image `draw` makes of its grid, theme and title:
    /// `<screen>/<locale>-<theme>-<offer>-<W>x<H>-<N>.<extension>`, N counting the screen's states from 1.
    public static func images<Image>(_ sweep: CopySweep, matrix: SweepMatrix, extension ext: String,
                                     draw: (CellGrid, Theme, String) -> Image) -> [(path: String, image: Image)] {
        var files: [(path: String, image: Image)] = []
        var counts: [String: Int] = [:]
        sweep.render(matrix.combinations) { combination, state, screen in
            let stem = "\(state.screen)/\(combination.fileStem)"
            counts[stem, default: 0] += 1
            let title = "\(state.screen) · \(state.label) · \(combination.fileStem)"
            files.append(("\(stem)-\(counts[stem]!).\(ext)", draw(screen.grid, sweep.theme(named: combination.theme), title)))
        }
        return files
    }
}
