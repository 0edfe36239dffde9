import CopyDeck

/// Xcode's "Accented Pseudolanguage" for a deck: every letter of a translation replaced by an
/// accented one of the same width, format specifiers (`%lld`, `%1$@`, `%#@name@`) left as they are.
/// The 40-locale sweep benchmark gives each locale the deck lacks such a translation, so every
/// locale is translated, as a team's 40-language deck is.
enum PseudoLocalization {
    /// `catalog` with `locales` added, each an accented copy of the source language's copy.
    static func adding(_ locales: [String], to catalog: StringCatalog) -> StringCatalog {
        var out = catalog
        for key in catalog.keys {
            guard var entry = catalog[key], let source = entry.localizations[catalog.sourceLanguage] else { continue }
            for locale in locales where entry.localizations[locale] == nil { entry.localizations[locale] = accented(source) }
            out[key] = entry
        }
        return out
    }

    static func accented(_ localization: Localization) -> Localization {
        var out = localization
        out.stringUnit = localization.stringUnit.map { StringUnit(state: .translated, value: accented($0.value)) }
        out.variations = localization.variations.map(accented)
        out.substitutions = localization.substitutions.mapValues { substitution in
            var copy = substitution
            copy.variations = accented(substitution.variations)
            return copy
        }
        return out
    }

    static func accented(_ variations: Variations) -> Variations {
        Variations(plural: variations.plural?.mapValues(accented), device: variations.device?.mapValues(accented))
    }

    /// Letters accented; a `%` specifier is copied through its conversion (or a `%#@name@` through its closing `@`).
    static func accented(_ text: String) -> String {
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar != "%" else {
                out.unicodeScalars.append(scalar)
                var inName = false
                while let next = scalars.next() {
                    out.unicodeScalars.append(next)
                    if next == "#" { inName = true; continue }
                    if inName {
                        if next == "@" && !out.hasSuffix("#@") { break }
                        continue
                    }
                    if "@dDiuUxXoOfFeEgGcCsSaAp%".unicodeScalars.contains(next) { break }
                }
                continue
            }
            out.unicodeScalars.append(accents[scalar] ?? scalar)
        }
        return out
    }

    static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "aceinouyACEINOUY"
        let marked = "åçéîñöûýÅÇÉÎÑÖÛÝ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, marked.unicodeScalars))
    }()
}
