import CopyDeck
import PaywallFoundation

/// Plural forms against CLDR, in every plural group (`plural.`, `device.mac.plural.`,
/// `substitutions.n.plural.`): a form the language needs (an error, or a warning when every form
/// present reads the same), a rare one (millions, decimals), one it never chooses, and one form
/// for every number where the source varies by plural.
public struct PluralFormsRule: CatalogRule {
    public init() {}

    public func check(localization unit: LocalizationSubject, in context: CatalogRuleContext) -> [CatalogFinding]  {
        func finding(_ severity: Severity, _ rule: LintRule, _ path: String?, _ message: String) -> CatalogFinding {
            unit.finding(severity, .lint(rule), path, message, in: context)
        }
        let leaves = unit.localization.leaves
        return pluralFindings(leaves.map(\.path), texts: Dictionary(leaves.map { ($0.path, $0.unit.value) }, uniquingKeysWith: { first, _ in first }),
                              sourcePaths: unit.isSource ? nil : unit.source?.leaves.map(\.path),
                              language: unit.language, sourceLanguage: context.catalog.sourceLanguage, finding: finding)
    }

    /// Plural forms against CLDR: every plural group (`plural.`, `device.mac.plural.`, `substitutions.n.plural.`).
    /// A missing form is an error, unless every form present reads the same (German "%lld Byte"):
    /// the other form iOS shows then reads as the missing one would, so it is a warning.
    func pluralFindings(_ paths: [String], texts: [String: String], sourcePaths: [String]?, language: String, sourceLanguage: String,
                                finding: (Severity, LintRule, String?, String) -> CatalogFinding) -> [CatalogFinding] {
        guard let shape = PluralCategorySet.of(language) else { return [] }
        let name = PluralCategorySet.languageName(language)
        let needs = shape.all.map(\.rawValue).joined(separator: ", ")
        var out: [CatalogFinding] = []
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

    func list(_ categories: [PluralCategory]) -> String {
        categories.map(\.rawValue).joined(separator: ", ")
    }

    func rareUse(_ language: String) -> String {
        switch LocaleCode.language(of: language) {
        case "cs", "sk", "lt", "gv": return "decimals (1.5)"
        default: return "millions (1 000 000)"
        }
    }
}
