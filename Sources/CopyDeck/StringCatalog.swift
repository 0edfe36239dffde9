import PaywallFoundation
import Foundation

/// A parsed String Catalog (`.xcstrings`): source language, format version and entries by key.
public struct StringCatalog: Sendable, Equatable {
    /// The language the keys and source values are written in (`en`, `zh-Hans`, …).
    public var sourceLanguage: String
    /// The format version, a string such as `"1.0"`.
    public var version: String
    /// Entries by key; a key may be `""` or start with spaces.
    public var entries: [String: CatalogEntry]
    /// Keys in the order the file listed them (new keys added through `entries` come last, sorted).
    public var keys: [String] {
        let known = keyOrder.filter { entries[$0] != nil }
        let knownSet = Set(known)
        return known + entries.keys.filter { !knownSet.contains($0) }.sorted()
    }
    private var keyOrder: [String]
    /// What reading the file accepted with a warning (a key given twice), `FILE:LINE:COL: warning: …`.
    public var warnings: [String] = []
    /// The line each key, localization and leaf unit starts on in the file read, by `placeKey`; empty for a
    /// catalog built in code. Not part of equality.
    public var lines: [String: Int] = [:]
    /// Keys a JSON object of the file gave twice (the last one is used); warnings, not errors.
    public var duplicates: [CatalogDuplicate] = []

    /// The `lines` key of an entry (`key`), a localization (`key`, `language`) or a leaf unit (`key`, `language`, `path`).
    public static func placeKey(_ key: String, _ language: String? = nil, _ path: String? = nil) -> String {
        guard let language else { return path.map { key + "\u{1F}" + $0 } ?? key }
        var place = key + "\u{1F}" + language
        if let path { place += "\u{1F}" + path }
        return place
    }

    /// The line of the most specific place known: the leaf, else the localization, else the key.
    public func line(of key: String, language: String? = nil, path: String? = nil) -> Int? {
        if let language, let path, let line = lines[Self.placeKey(key, language, path)] { return line }
        if let language, let line = lines[Self.placeKey(key, language)] { return line }
        return lines[Self.placeKey(key)]
    }

    public init(sourceLanguage: String, version: String = "1.0", entries: [String: CatalogEntry] = [:], keyOrder: [String] = []) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.keyOrder = keyOrder
    }

    public static func == (lhs: StringCatalog, rhs: StringCatalog) -> Bool {
        lhs.sourceLanguage == rhs.sourceLanguage && lhs.version == rhs.version && lhs.entries == rhs.entries
    }

    /// The entry for a key, if the catalog has it.
    public subscript(key: String) -> CatalogEntry? {
        get { entries[key] }
        set {
            if newValue != nil, entries[key] == nil { keyOrder.append(key) }
            entries[key] = newValue
        }
    }

    /// Every language with at least one localization, plus the source language, sorted.
    public var languages: [String] {
        var set: Set<String> = [sourceLanguage]
        for entry in entries.values { set.formUnion(entry.localizations.keys) }
        return set.sorted()
    }

    /// Reads and parses a catalog file; errors name the file, line and column.
    public static func load(contentsOf url: URL) throws(CatalogError) -> StringCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError(file: url.path, message: "cannot read the file (\(FileErrorText.reason(error))); expected a readable .xcstrings file")
        }
        return try decode(data, origin: url.path)
    }

    /// Parses catalog JSON; `origin` names the source in errors (a path or "<stdin>").
    public static func decode(_ data: Data, origin: String) throws(CatalogError) -> StringCatalog {
        let root: LocatedJSON
        do {
            root = try LocatedJSONParser.parse(data)
        } catch {
            throw CatalogError(file: origin, line: error.location.line, column: error.location.column,
                               message: "not valid JSON: \(error.message)")
        }
        return try CatalogDecoder(origin: origin).decodeCatalog(root)
    }

    /// Xcode-style JSON: 2-space indent, `"key" : value`, keys sorted case-insensitively, no trailing newline.
    public func encode() -> Data {
        Data(utf8: encodedString())
    }

    /// The same as `encode()`, as a string.
    public func encodedString() -> String {
        var writer = XcodeJSONWriter()
        writer.write(CatalogEncoder.json(for: self))
        return writer.output
    }
}

/// A key a JSON object of a catalog file gives twice, where it appears the second time.
public struct CatalogDuplicate: Sendable, Equatable {
    public var line: Int
    public var column: Int
    /// The object holding it (`strings`, `strings["Done"].localizations`); `""` for the top level.
    public var jsonPath: String
    /// The repeated key.
    public var key: String
}
