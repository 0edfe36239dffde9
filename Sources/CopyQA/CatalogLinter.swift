import CopyDeck
import Foundation
import PaywallFoundation

/// `copy lint`: a String Catalog checked in its own right, every key in every language.
///
/// Errors are what shows wrong text on a device (a plural form a language needs, placeholders that
/// take other arguments than the source's, a `%#@name@` with no substitution); warnings are what a
/// translator should look at (missing, stale, `needs_review`, identical to the source, empty,
/// a key given twice, a plural form only millions or decimals reach).
public struct CatalogLinter: Sendable {
    /// Texts that are the same in every language (brand and product names): never "identical to the source".
    public var allowed: Set<String>
    /// Only these languages (as the catalog writes them or any variant of them); nil: every language.
    public var languages: [String]?

    public init(allowed: Set<String> = [], languages: [String]? = nil) {
        self.allowed = allowed
        self.languages = languages
    }

    /// Every finding for `catalog` read from `file`, in key order (the file's), then language, then rule.
    public func lint(_ catalog: StringCatalog, file: String) -> [LintFinding] {
        var out: [LintFinding] = []
        let wanted = wantedLanguages(of: catalog)
        func line(_ key: String, _ language: String? = nil, _ path: String? = nil) -> Int {
            catalog.line(of: key, language: language, path: path) ?? 0
        }
        for duplicate in catalog.duplicates {
            let where_ = duplicate.jsonPath.isEmpty ? "the top level" : duplicate.jsonPath
            out.append(LintFinding(severity: .warning, rule: .duplicateKey, file: file, line: duplicate.line, key: duplicate.key,
                                   message: "given twice in \(where_); the last one is used (as Xcode and Foundation read it)"))
        }
        let missing = CatalogLint.missingTranslations(in: catalog, languages: wanted.filter { !CatalogLint.isSource($0, of: catalog) })
        var missingByKey: [String: [String]] = [:]
        for (language, keys) in missing {
            for key in keys { missingByKey[key, default: []].append(language) }
        }
        for key in catalog.keys {
            guard let entry = catalog.entries[key] else { continue }
            if entry.isStale {
                out.append(LintFinding(severity: .warning, rule: .stale, file: file, line: line(key), key: key,
                                       message: "stale: Xcode no longer finds this key in the code; delete it or mark it manual"))
                continue
            }
            for language in (missingByKey[key] ?? []).sorted() {
                out.append(LintFinding(severity: .warning, rule: .missingTranslation, file: file, line: line(key), key: key,
                                       language: language, message: "no \(language) translation: iOS shows the \(catalog.sourceLanguage) text"))
            }
            for language in entry.localizations.keys.sorted() where wanted.contains(language) {
                guard let localization = entry.localizations[language] else { continue }
                out += lintLocalization(localization, key: key, language: language, entry: entry, catalog: catalog, file: file, line: line)
            }
        }
        return out
    }

    /// An App Shortcuts phrase set (`stringSet`): its review state, no phrases where the source has
    /// some, and `${parameter}` names that are not the source phrases' (App Intents match the names).
    private func phraseFindings(_ phrases: StringSet, key: String, isSource: Bool, source: StringSet?, catalog: StringCatalog,
                                finding: (Severity, LintRule, String?, String) -> LintFinding) -> [LintFinding] {
        guard !isSource else { return [] }
        var out: [LintFinding] = []
        let sourcePhrases = source?.values.filter { !$0.isEmpty } ?? []
        if phrases.state.needsWork {
            out.append(finding(.warning, .needsReview, nil, phrases.state == .new ? "phrases in state new: not translated or reviewed yet"
                               : "phrases in state needs_review: the source changed since they were translated"))
        }
        if phrases.values.allSatisfy(\.isEmpty), !sourcePhrases.isEmpty {
            out.append(finding(.warning, .emptyTranslation, nil, "no phrase, where the \(catalog.sourceLanguage) has \(sourcePhrases.count)"))
        }
        let sourceParameters = PlaceholderSlips.intentParameters(in: sourcePhrases.isEmpty ? [key] : sourcePhrases)
        for name in PlaceholderSlips.intentParameters(in: phrases.values) where !sourceParameters.contains(name) {
            out.append(finding(.error, .placeholders, nil,
                               "${\(name)} in a phrase is no parameter of the \(catalog.sourceLanguage) phrases (\(sourceParameters.isEmpty ? "none" : sourceParameters.map { "${\($0)}" }.joined(separator: " "))): App Intents parameter names are not translated"))
        }
        return out
    }

    /// The catalog's languages this lint covers.
    public func wantedLanguages(of catalog: StringCatalog) -> [String] {
        guard let languages else { return catalog.languages }
        return catalog.languages.filter { present in
            languages.contains { LocaleCode.languageAndScript(of: $0) == LocaleCode.languageAndScript(of: present) }
        }
    }

    private func lintLocalization(_ localization: Localization, key: String, language: String, entry: CatalogEntry,
                                  catalog: StringCatalog, file: String,
                                  line: (String, String?, String?) -> Int) -> [LintFinding] {
        var out: [LintFinding] = []
        let isSource = CatalogLint.isSource(language, of: catalog)
        let sourceLanguage = LocaleCode.bestMatch(for: catalog.sourceLanguage, in: entry.localizations.keys)
        let source = sourceLanguage.flatMap { entry.localizations[$0] }
        func finding(_ severity: Severity, _ rule: LintRule, _ path: String?, _ message: String) -> LintFinding {
            LintFinding(severity: severity, rule: rule, file: file, line: line(key, language, path), key: key,
                        language: language, path: path, message: message)
        }
        let leaves = localization.leaves
        // Review states and empty texts.
        for leaf in leaves where leaf.unit.state.needsWork {
            // A source value in state new is how Xcode keeps text it extracted (Interface Builder,
            // Info.plist): it is the source, nobody translates it. A key whose source has no words
            // (an empty key, "%lld") has nothing to translate or review.
            if leaf.unit.state == .new, isSource { continue }
            if !CatalogLint.hasLetters(CatalogLint.sourceText(of: key, path: leaf.path, in: catalog)) { continue }
            let what = leaf.unit.state == .new ? "state new: not translated or reviewed yet" : "state needs_review: the source changed since it was translated"
            out.append(finding(.warning, .needsReview, leaf.path, what))
        }
        if let phrases = localization.stringSet {
            out += phraseFindings(phrases, key: key, isSource: isSource, source: source?.stringSet, catalog: catalog, finding: finding)
        }
        if !isSource {
            for leaf in leaves where leaf.unit.value.isEmpty {
                let sourceText = CatalogLint.sourceText(of: key, path: leaf.path, in: catalog)
                // Only where the source has its own text: a key nobody wrote text for shows itself everywhere.
                if source?.leaves.contains(where: { !$0.unit.value.isEmpty }) == true, CatalogLint.hasLetters(sourceText) {
                    out.append(finding(.warning, .emptyTranslation, leaf.path, "empty, where the \(catalog.sourceLanguage) text is “\(sourceText)”"))
                }
            }
        }
        out += pluralFindings(leaves.map(\.path), texts: Dictionary(leaves.map { ($0.path, $0.unit.value) }, uniquingKeysWith: { first, _ in first }),
                              sourcePaths: isSource ? nil : source?.leaves.map(\.path),
                              language: language, sourceLanguage: catalog.sourceLanguage, finding: finding)
        out += substitutionFindings(localization, source: isSource ? nil : source, finding: finding)
        out += placeholderFindings(localization, source: source, key: key, isSource: isSource, catalog: catalog, finding: finding)
        if !isSource {
            for leaf in leaves where IdenticalToSource.isUntranslated(
                leaf.unit.value, source: CatalogLint.sourceText(of: key, path: leaf.path, in: catalog), language: language,
                sourceLanguage: catalog.sourceLanguage, entry: entry, allowed: allowed) {
                out.append(finding(.warning, .identicalToSource, leaf.path,
                                   "identical to the \(catalog.sourceLanguage) text “\(leaf.unit.value)”: untranslated? (allow names with --allow)"))
            }
        }
        return out
    }

    /// Plural forms against CLDR: every plural group (`plural.`, `device.mac.plural.`, `substitutions.n.plural.`).
    /// A missing form is an error, unless every form present reads the same (German "%lld Byte"):
    /// the other form iOS shows then reads as the missing one would, so it is a warning.
    private func pluralFindings(_ paths: [String], texts: [String: String], sourcePaths: [String]?, language: String, sourceLanguage: String,
                                finding: (Severity, LintRule, String?, String) -> LintFinding) -> [LintFinding] {
        guard let shape = PluralCategorySet.of(language) else { return [] }
        let name = PluralCategorySet.languageName(language)
        let needs = shape.all.map(\.rawValue).joined(separator: ", ")
        var out: [LintFinding] = []
        let groups = Self.pluralGroups(paths)
        for prefix in groups.keys.sorted() {
            let present = groups[prefix] ?? []
            let path = prefix + "plural"
            let missingWhole = shape.whole.filter { !present.contains($0) }
            if !missingWhole.isEmpty {
                let forms = Set(present.compactMap { texts[path + "." + $0.rawValue] })
                let readsTheSame = forms.count == 1 && present.count > 1
                out.append(finding(readsTheSame ? .warning : .error, .pluralForms, path,
                                   "no \(list(missingWhole)) form: \(name) needs \(needs); iOS shows the other form for those numbers"
                                   + (readsTheSame ? ", which reads the same as every form here" : "")))
            }
            let missingRare = shape.rare.filter { !present.contains($0) }
            if !missingRare.isEmpty {
                out.append(finding(.warning, .pluralForms, path,
                                   "no \(list(missingRare)) form: \(name) uses it for \(rareUse(language)); iOS shows the other form there"))
            }
            let extra = present.filter { $0 != .zero && !shape.all.contains($0) }.sorted()
            if !extra.isEmpty {
                out.append(finding(.warning, .pluralForms, path,
                                   "\(list(extra)) form never chosen: \(name) has only \(needs)"))
            }
        }
        if let sourcePaths, groups.isEmpty, shape.whole.count > 1 {
            let sourceGroups = Self.pluralGroups(sourcePaths)
            if let prefix = sourceGroups.keys.sorted().first {
                out.append(finding(.error, .pluralForms, nil,
                                   "one form for every number, but the \(sourceLanguage) text varies by plural (\(prefix)plural): \(name) needs \(needs)"))
            }
        }
        return out
    }

    /// Substitutions each localization uses and defines, and their agreement with the source's.
    private func substitutionFindings(_ localization: Localization, source: Localization?,
                                      finding: (Severity, LintRule, String?, String) -> LintFinding) -> [LintFinding] {
        var out: [LintFinding] = []
        var used: Set<String> = []
        var outerLeaves: [(path: String, unit: StringUnit)] = []
        if let unit = localization.stringUnit { outerLeaves.append(("", unit)) }
        if let variations = localization.variations { outerLeaves += Localization(variations: variations).leaves }
        for leaf in outerLeaves {
            for spec in FormatSpecifier.parse(leaf.unit.value) {
                guard case .substitution(let name) = spec.kind else { continue }
                used.insert(name)
                if localization.substitutions[name] == nil {
                    out.append(finding(.error, .substitutions, leaf.path.isEmpty ? nil : leaf.path,
                                       "uses %#@\(name)@ but defines no substitution “\(name)”: iOS shows the placeholder"))
                }
            }
        }
        for name in localization.substitutions.keys.sorted() {
            guard let substitution = localization.substitutions[name] else { continue }
            if !used.contains(name) {
                out.append(finding(.warning, .substitutions, "substitutions.\(name)", "substitution “\(name)” is defined but no text uses %#@\(name)@"))
            }
            if let theirs = source?.substitutions[name] {
                let myArgument = Self.argument(of: name, in: localization), theirArgument = source.flatMap { Self.argument(of: name, in: $0) }
                if let myArgument, let theirArgument, myArgument != theirArgument {
                    out.append(finding(.error, .substitutions, "substitutions.\(name)",
                                       "formats argument \(myArgument) but the source's “\(name)” formats argument \(theirArgument) (argNum or order)"))
                }
                if Self.specifierKind(substitution.formatSpecifier) != Self.specifierKind(theirs.formatSpecifier) {
                    out.append(finding(.error, .substitutions, "substitutions.\(name)",
                                       "formatSpecifier %\(substitution.formatSpecifier) differs from the source's %\(theirs.formatSpecifier)"))
                }
            }
        }
        return out
    }

    /// Placeholders as arguments: what each localization reads (a `%#@name@` reads its substitution's
    /// argument as its `formatSpecifier` says) against what the source reads and the key names.
    private func placeholderFindings(_ localization: Localization, source: Localization?, key: String, isSource: Bool,
                                     catalog: StringCatalog,
                                     finding: (Severity, LintRule, String?, String) -> LintFinding) -> [LintFinding] {
        var out: [LintFinding] = []
        let leaves = localization.leaves
        let mine = ArgumentUse(localization)
        let keyArgs = ArgumentUse(text: key)
        let sourceUse = source.map(ArgumentUse.init).flatMap { $0.hasText ? $0 : nil } ?? keyArgs
        let formatted = !mine.kinds.isEmpty || !sourceUse.kinds.isEmpty || !keyArgs.kinds.isEmpty
        // A `%` that is no placeholder, in a text that is formatted: Foundation reads it as one (`% p`, `% lld`).
        if formatted {
            for leaf in leaves {
                let stray = FormatSpecifier.parse(leaf.unit.value).filter { $0.kind == .unknown }
                if !stray.isEmpty {
                    out.append(finding(.error, .placeholders, leaf.path.isEmpty ? nil : leaf.path,
                                       "“\(stray.map(\.text).joined(separator: " "))” is no placeholder, in a text formatted with arguments: write %% for a percent sign, or the placeholder in full (%@, %lld)"))
                }
            }
        }
        // Inside a substitution's forms, a placeholder without a position reads the next argument, not the substitution's own.
        if mine.kinds.count > 1 {
            for leaf in leaves where leaf.path.hasPrefix("substitutions.") {
                let loose = FormatSpecifier.parse(leaf.unit.value.replacingOccurrences(of: "%arg", with: ""))
                    .filter { $0.position == nil && $0.kind != .unknown }
                if !loose.isEmpty {
                    out.append(finding(.error, .placeholders, leaf.path,
                                       "\(loose.map(\.text).joined(separator: " ")) in a substitution's form reads the next argument in order, not this substitution's number: write %arg"))
                }
            }
        }
        // A plural form such as `one` may leave the number out ("One more day") but may add nothing to its `other` form.
        let byPath = Dictionary(leaves.map { ($0.path, $0.unit.value) }, uniquingKeysWith: { first, _ in first })
        for leaf in leaves where !leaf.unit.value.isEmpty && CatalogLint.isPartialForm(leaf.path) {
            guard let other = byPath[CatalogLint.otherPath(of: leaf.path)] else { continue }
            let clean = { (text: String) in text.replacingOccurrences(of: "%arg", with: "") }
            let form = Self.known(clean(leaf.unit.value)), others = Self.known(clean(other))
            if form.contains(where: { others[$0.key, default: 0] < $0.value }) {
                out.append(finding(.error, .placeholders, leaf.path,
                                   "placeholders \(Self.written(clean(leaf.unit.value))) are not all in the other form's \(Self.written(clean(other)))"))
            }
        }
        // One argument read as two types (`%1$lld or %1$@`): Foundation reads it as one of them.
        let texts = leaves.map { $0.unit.value.replacingOccurrences(of: "%arg", with: "") }
        for (index, written) in PlaceholderSlips.conflictingTypes(in: texts).sorted(by: { $0.key < $1.key }) {
            out.append(finding(.error, .placeholders, nil,
                               "argument \(index) is read with two types (\(written.joined(separator: " and "))): each argument has one type"))
        }
        // The source (or the key) sets the arguments: one it skips (`%2$@, %3$@`) has no type to be read as.
        if isSource || !mine.hasText {
            let skipped = PlaceholderSlips.skippedArguments((isSource ? mine : keyArgs).kinds.keys)
            if !skipped.isEmpty {
                out.append(finding(.error, .placeholders, nil,
                                   "argument\(skipped.count == 1 ? "" : "s") \(skipped.map(String.init).joined(separator: ", ")) never read (\((isSource ? mine : keyArgs).written)): number the placeholders from 1, or the argument has no type"))
            }
        }
        guard !isSource, mine.hasText else { return out }
        // App Intents parameters (`${name}`) name the intent's parameters: a translation keeps the names.
        let sourceTexts = source.map { $0.leaves.map(\.unit.value) }.flatMap { $0.contains(where: { !$0.isEmpty }) ? $0 : nil } ?? [key]
        let sourceParameters = PlaceholderSlips.intentParameters(in: sourceTexts)
        let parameters = PlaceholderSlips.intentParameters(in: leaves.map(\.unit.value))
        for name in parameters where !sourceParameters.contains(name) {
            out.append(finding(.error, .placeholders, nil,
                               "${\(name)} is no parameter of the \(catalog.sourceLanguage) text (\(sourceParameters.isEmpty ? "none" : sourceParameters.map { "${\($0)}" }.joined(separator: " "))): App Intents parameter names are not translated"))
        }
        let available = sourceUse.kinds.merging(keyArgs.kinds) { sourceKind, _ in sourceKind }
        for (index, kind) in mine.kinds.sorted(by: { $0.key < $1.key }) {
            if let expected = available[index] {
                if expected != kind {
                    out.append(finding(.error, .placeholders, nil,
                                       "argument \(index) is read as \(kind) but the \(catalog.sourceLanguage) text reads it as \(expected) (\(mine.written) vs \(sourceUse.written))"))
                }
            } else {
                out.append(finding(.error, .placeholders, nil,
                                   "reads argument \(index) (\(kind)), which the \(catalog.sourceLanguage) text does not pass (\(mine.written) vs \(sourceUse.written))"))
            }
        }
        for (index, kind) in sourceUse.kinds.sorted(by: { $0.key < $1.key }) where mine.kinds[index] == nil {
            out.append(finding(.warning, .placeholders, nil,
                               "never shows argument \(index) (\(kind)) that the \(catalog.sourceLanguage) text shows (\(mine.written) vs \(sourceUse.written))"))
        }
        return out
    }

    /// Placeholder counts by argument and kind, unknown `%`s left out.
    static func known(_ text: String) -> [String: Int] {
        FormatSpecifier.signature(of: text).filter { !$0.key.hasPrefix("unknown:") }
    }

    /// The argument a substitution formats: its `argNum`, else the place of its `%#@name@` in the text.
    static func argument(of name: String, in localization: Localization) -> Int? {
        if let number = localization.substitutions[name]?.argNum { return number }
        var texts: [String] = localization.stringUnit.map { [$0.value] } ?? []
        if let variations = localization.variations { texts += variations.leaves(prefix: "").map(\.unit.value) }
        for text in texts {
            for spec in FormatSpecifier.parse(text) where spec.kind == .substitution(name) { return spec.argumentIndex }
        }
        return nil
    }

    /// Plural groups of a localization's leaf paths: prefix before `plural.` → categories present.
    static func pluralGroups(_ paths: [String]) -> [String: Set<PluralCategory>] {
        var out: [String: Set<PluralCategory>] = [:]
        for path in paths {
            guard let range = path.range(of: "plural.", options: .backwards) else { continue }
            let prefix = String(path[..<range.lowerBound])
            let rest = path[range.upperBound...]
            let name = rest.split(separator: ".").first.map(String.init) ?? ""
            if let category = PluralCategory(rawValue: name) { out[prefix, default: []].insert(category) }
        }
        return out
    }

    static func written(_ text: String) -> String {
        let specs = FormatSpecifier.parse(text).map(\.text)
        return specs.isEmpty ? "(none)" : specs.joined(separator: " ")
    }

    /// `lld`, `ld`, `d` → integer; `@` → text; `f`, `.2f` → decimal.
    static func specifierKind(_ specifier: String) -> String {
        FormatSpecifier.parse("%" + specifier).first.map(\.signatureKind) ?? specifier
    }

    private func list(_ categories: [PluralCategory]) -> String {
        categories.map(\.rawValue).joined(separator: ", ")
    }

    private func rareUse(_ language: String) -> String {
        switch LocaleCode.language(of: language) {
        case "cs", "sk", "lt", "gv": return "decimals (1.5)"
        default: return "millions (1 000 000)"
        }
    }
}
