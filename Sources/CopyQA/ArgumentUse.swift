import CopyDeck

/// The arguments a localization reads: argument number → kind (`text`, `integer`, `decimal`, …).
///
/// A `%#@name@` reads its substitution's argument (`argNum`, else its place in order) as the
/// substitution's `formatSpecifier`; placeholders inside substitution forms other than `%arg` count too.
struct ArgumentUse: Sendable, Equatable {
    var kinds: [Int: String] = [:]
    /// Whether any text is non-empty (an empty source falls back to the key).
    var hasText = false
    /// Every placeholder as written (each once), for messages.
    var written: String { placeholders.isEmpty ? "(none)" : placeholders.joined(separator: " ") }
    private var placeholders: [String] = []

    init(_ localization: Localization) {
        var outer: [String] = []
        if let unit = localization.stringUnit { outer.append(unit.value) }
        if let variations = localization.variations { outer += Localization(variations: variations).leaves.map(\.unit.value) }
        for text in outer {
            read(text) { name, index in
                guard let substitution = localization.substitutions[name] else { return nil }
                return (substitution.argNum ?? index, Self.kind(substitution.formatSpecifier))
            }
        }
        for name in localization.substitutions.keys.sorted() {
            guard let substitution = localization.substitutions[name] else { continue }
            for leaf in substitution.variations.leaves(prefix: "") {
                read(leaf.unit.value.replacingOccurrences(of: "%arg", with: "")) { _, _ in nil }
            }
        }
    }

    /// A format specifier's kind: `lld`, `ld`, `d` → integer; `@` → text; `f`, `.2f` → decimal.
    static func kind(_ specifier: String) -> String {
        FormatSpecifier.parse("%" + specifier).first.map(\.signatureKind) ?? specifier
    }

    /// The arguments a plain text reads (a key's placeholders).
    init(text: String) {
        read(text) { _, _ in nil }
    }

    private mutating func read(_ text: String, substitution: (String, Int) -> (Int, String)?) {
        if !text.isEmpty { hasText = true }
        for spec in FormatSpecifier.parse(text) where spec.kind != .unknown {
            if !placeholders.contains(spec.text) { placeholders.append(spec.text) }
            if case .substitution(let name) = spec.kind {
                if let (index, kind) = substitution(name, spec.argumentIndex) { kinds[index] = kind }
            } else {
                kinds[spec.argumentIndex] = spec.signatureKind
            }
        }
    }
}
