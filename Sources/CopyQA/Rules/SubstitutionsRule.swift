import CopyDeck

/// Substitutions (`%#@name@`) each localization uses and defines, and their agreement with the
/// source's: argument and format specifier.
public struct SubstitutionsRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding] {
        func finding(_ severity: Severity, _ rule: LintRule, _ path: String?, _ message: String) -> CatalogFinding {
            unit.finding(severity, .lint(rule), path, message, in: context)
        }
        return substitutionFindings(unit.localization, source: unit.isSource ? nil : unit.source, finding: finding)
    }

    /// Substitutions each localization uses and defines, and their agreement with the source's.
    func substitutionFindings(_ localization: Localization, source: Localization?,
                                      finding: (Severity, LintRule, String?, String) -> CatalogFinding) -> [CatalogFinding] {
        var out: [CatalogFinding] = []
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
                if ArgumentUse.kind(substitution.formatSpecifier) != ArgumentUse.kind(theirs.formatSpecifier) {
                    out.append(finding(.error, .substitutions, "substitutions.\(name)",
                                       "formatSpecifier %\(substitution.formatSpecifier) differs from the source's %\(theirs.formatSpecifier)"))
                }
            }
        }
        return out
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

}
