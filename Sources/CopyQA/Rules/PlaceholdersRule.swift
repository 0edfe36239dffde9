import CopyDeck

/// Placeholders as arguments: what each localization reads against what the source reads and the
/// key names (a stray `%`, a loose placeholder in a substitution's form, a plural form adding an
/// argument, one argument read as two types, a skipped argument, App Intents parameters).
public struct PlaceholdersRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        func finding(_ severity: Severity, _ rule: LintRule, _ path: String?, _ message: String) -> CatalogFinding {
            unit.finding(severity, .lint(rule), path, message, in: context)
        }
        return placeholderFindings(unit.localization, source: unit.source, key: unit.key, isSource: unit.isSource,
                                   catalog: context.catalog, finding: finding)
    }

    /// Placeholders as arguments: what each localization reads (a `%#@name@` reads its substitution's
    /// argument as its `formatSpecifier` says) against what the source reads and the key names.
    func placeholderFindings(_ localization: Localization, source: Localization?, key: String, isSource: Bool,
                                     catalog: StringCatalog,
                                     finding: (Severity, LintRule, String?, String) -> CatalogFinding) -> [CatalogFinding] {
        var out: [CatalogFinding] = []
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

    static func written(_ text: String) -> String {
        let specs = FormatSpecifier.parse(text).map(\.text)
        return specs.isEmpty ? "(none)" : specs.joined(separator: " ")
    }

}
