import CopyDeck
import Foundation

/// Placeholder slips a translator or developer makes that Foundation does not report: one
/// argument read as two types, a positional argument skipped, and App Intents `${parameter}`
/// names changed in a translation.
enum PlaceholderSlips {
    /// Each argument read with more than one type across `texts` (`%1$lld or %1$@`): number → the
    /// placeholders that read it, as written.
    static func conflictingTypes(in texts: [String]) -> [Int: [String]] {
        var kinds: [Int: [String: String]] = [:]   // argument → kind → first placeholder of it
        for text in texts {
            for spec in FormatSpecifier.parse(text) where spec.kind != .unknown {
                if case .substitution = spec.kind { continue }
                if kinds[spec.argumentIndex, default: [:]][spec.signatureKind] == nil {
                    kinds[spec.argumentIndex, default: [:]][spec.signatureKind] = spec.text
                }
            }
        }
        return kinds.filter { $0.value.count > 1 }.mapValues { $0.values.sorted() }
    }

    /// The argument numbers below the highest one read that nothing reads (`%2$@, %3$@` skips 1).
    static func skippedArguments(_ read: some Collection<Int>) -> [Int] {
        guard let highest = read.max() else { return [] }
        let present = Set(read)
        return (1..<highest).filter { !present.contains($0) }
    }

    /// The App Intents parameter names `${name}` in `texts`, in order of first use.
    static func intentParameters(in texts: [String]) -> [String] {
        var names: [String] = []
        for text in texts {
            var rest = text[...]
            while let open = rest.range(of: "${") {
                guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
                let name = String(rest[open.upperBound..<close])
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !names.contains(name) { names.append(name) }
                rest = rest[rest.index(after: close)...]
            }
        }
        return names
    }
}
