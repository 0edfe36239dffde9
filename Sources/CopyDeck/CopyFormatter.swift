import Foundation

/// Fills printf-style placeholders and picks plural forms; never traps on bad input.
public struct CopyFormatter: Sendable {
    /// The locale whose plural rules apply.
    public var locale: String
    /// Whole numbers in `%lld`/`%d` grouped in this locale's way ("12,480"), as SwiftUI's `Text`
    /// shows an interpolated integer; off, they are plain, as `String(format:)` writes them.
    public var groupsWholeNumbers: Bool

    public init(locale: String, groupsWholeNumbers: Bool = false) {
        self.locale = locale
        self.groupsWholeNumbers = groupsWholeNumbers
    }

    /// The result of rendering: text, the state of the least-finished unit used, and problems.
    public struct Rendered: Sendable, Equatable {
        public var text: String
        public var state: UnitState?
        public var problems: [CopyProblem]
    }

    /// Formats a plain value. With no arguments a value without placeholders is returned as written.
    public func format(_ value: String, _ args: [CopyArgument]) -> Rendered {
        var problems: [CopyProblem] = []
        let text = format(value, args, substitutions: [:], problems: &problems, depth: 0, state: nil).text
        return Rendered(text: text, state: nil, problems: problems)
    }

    /// Renders a localization: chooses device and plural forms, then formats the unit's value.
    public func render(_ localization: Localization, language: String, _ args: [CopyArgument]) -> Rendered {
        var problems: [CopyProblem] = []
        guard let (unit, chosen) = pickUnit(localization, language: language, args: args, problems: &problems) else {
            return Rendered(text: "", state: nil, problems: [.emptyLocalization(language: language)])
        }
        let substitutions = localization.substitutions.isEmpty ? chosen.substitutions
            : chosen.substitutions.merging(localization.substitutions) { inner, _ in inner }
        let result = format(unit.value, args, substitutions: substitutions,
                            problems: &problems, depth: 0, state: unit.state)
        return Rendered(text: result.text, state: result.state, problems: problems)
    }

    /// The device forms the simulated app reads, in order: it is an iPhone app, and iOS takes the
    /// running device's own form (`iphone`) when the catalog has one, else `other`, as Apple's
    /// String Catalog documentation describes "Vary by Device". A catalog with neither takes its
    /// first device by name (a catalog of `ipad` and `mac` forms only).
    static let devicePreference = ["iphone", "other"]

    /// Follows device (`devicePreference`) and plural variations down to one unit.
    func pickUnit(_ localization: Localization, language: String, args: [CopyArgument],
                  problems: inout [CopyProblem]) -> (StringUnit, Localization)? {
        var node = localization
        for _ in 0..<8 {
            if let unit = node.stringUnit, node.variations == nil { return (unit, node) }
            if let device = node.variations?.device, !device.isEmpty {
                let name = Self.devicePreference.first { device[$0] != nil } ?? device.keys.sorted()[0]
                guard let next = device[name] else { return nil }
                node = next
                continue
            }
            if let plural = node.variations?.plural, !plural.isEmpty {
                let sample = plural[.other]?.stringUnit?.value ?? plural.values.compactMap { $0.stringUnit?.value }.first ?? ""
                let category = pluralCategory(sampleFormat: sample, args: args)
                if let form = plural[category] {
                    node = form
                } else {
                    problems.append(.missingPluralForm(category: category, language: language))
                    guard let fallback = plural[.other] ?? plural.keys.sorted().first.flatMap({ plural[$0] }) else { return nil }
                    node = fallback
                }
                continue
            }
            if let unit = node.stringUnit { return (unit, node) }
            return nil
        }
        return nil
    }

    /// The category for a plural variation: read from the first numeric placeholder's argument, else the first number given.
    func pluralCategory(sampleFormat: String, args: [CopyArgument]) -> PluralCategory {
        let numericSpec = FormatSpecifier.parse(sampleFormat).first { $0.kind == .integer || $0.kind == .double }
        if let spec = numericSpec, spec.argumentIndex >= 1, spec.argumentIndex <= args.count,
           let operands = operands(args[spec.argumentIndex - 1], precision: spec.kind == .double ? (spec.precision ?? 6) : nil) {
            return PluralRules.category(for: operands, locale: locale)
        }
        for arg in args {
            if let operands = operands(arg, precision: nil) { return PluralRules.category(for: operands, locale: locale) }
        }
        return .other
    }

    /// The form of a substitution for `category`, falling back to `other`.
    func substitutionUnit(_ variations: Variations, category: PluralCategory, args: [CopyArgument],
                          problems: inout [CopyProblem]) -> StringUnit? {
        if let plural = variations.plural, !plural.isEmpty {
            if let form = plural[category]?.stringUnit { return form }
            problems.append(.missingPluralForm(category: category, language: locale))
            return plural[.other]?.stringUnit ?? plural.values.compactMap(\.stringUnit).first
        }
        return pickUnit(Localization(variations: variations), language: locale, args: args, problems: &problems)?.0
    }

    func operands(_ arg: CopyArgument, precision: Int?) -> PluralOperands? {
        switch arg {
        case .integer(let number):
            return precision.map { PluralOperands(Double(number), fractionDigits: $0) } ?? PluralOperands(number)
        case .double(let number):
            if let precision { return PluralOperands(number, fractionDigits: precision) }
            let shown = arg.description
            let digits = shown.split(separator: ".").dropFirst().first?.count ?? 0
            return PluralOperands(number, fractionDigits: digits)
        case .string(let text):
            if let number = Int(text) { return PluralOperands(number) }
            return nil
        }
    }

    private func format(_ value: String, _ args: [CopyArgument], substitutions: [String: Substitution],
                        problems: inout [CopyProblem], depth: Int, state: UnitState?) -> (text: String, state: UnitState?) {
        // Most copy has no '%' at all: nothing to fill.
        if !value.utf8.contains(UInt8(ascii: "%")) { return (value, state) }
        let tokens = FormatTokenizer.tokens(of: value)
        let hasPlaceholders = tokens.contains {
            if case .specifier(let spec) = $0 { return spec.kind != .unknown }
            return false
        }
        // Without arguments and placeholders the value is plain text, as Xcode treats it ("50% off").
        if args.isEmpty && !hasPlaceholders { return (value, state) }
        var out = ""
        var worst = state
        for token in tokens {
            switch token {
            case .literal(let text): out += text
            case .percent: out += "%"
            case .specifier(let spec):
                switch spec.kind {
                case .unknown:
                    if hasPlaceholders || !args.isEmpty { problems.append(.unknownSpecifier(spec.text)) }
                    out += spec.text
                case .substitution(let name):
                    guard depth < 4, let substitution = substitutions[name] else {
                        problems.append(.unknownSubstitution(name))
                        out += spec.text
                        continue
                    }
                    let index = substitution.argNum ?? spec.argumentIndex
                    guard index >= 1, index <= args.count else {
                        problems.append(.missingArgument(specifier: spec.text, index: index))
                        out += spec.text
                        continue
                    }
                    let innerFormat = "%\(index)$\(substitution.formatSpecifier)"
                    let innerSpec = FormatSpecifier.parse(innerFormat).first
                    let precision = innerSpec?.kind == .double ? (innerSpec?.precision ?? 6) : nil
                    let category = operands(args[index - 1], precision: precision)
                        .map { PluralRules.category(for: $0, locale: locale) } ?? .other
                    guard let unit = substitutionUnit(substitution.variations, category: category, args: args, problems: &problems) else {
                        problems.append(.unknownSubstitution(name))
                        out += spec.text
                        continue
                    }
                    if unit.state.needsWork, worst == nil || worst == .translated { worst = unit.state }
                    let expanded = unit.value.replacingOccurrences(of: "%arg", with: innerFormat)
                    out += format(expanded, args, substitutions: substitutions, problems: &problems, depth: depth + 1, state: nil).text
                default:
                    guard spec.argumentIndex >= 1, spec.argumentIndex <= args.count else {
                        problems.append(.missingArgument(specifier: spec.text, index: spec.argumentIndex))
                        out += spec.text
                        continue
                    }
                    out += SpecifierRenderer.render(spec, args[spec.argumentIndex - 1], groupingIn: groupsWholeNumbers ? locale : nil,
                                                    problems: &problems)
                }
            }
        }
        return (out, worst)
    }
}
