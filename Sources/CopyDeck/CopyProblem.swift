/// Something that kept a piece of copy from resolving cleanly; the text still shows, with a visible marker.
public enum CopyProblem: Sendable, Hashable, CustomStringConvertible {
    /// The key is in no deck; the key itself is shown.
    case missingKey(String)
    /// A placeholder reads an argument that was not given; the placeholder is left in the text.
    case missingArgument(specifier: String, index: Int)
    /// A placeholder the formatter does not understand; it is left in the text.
    case unknownSpecifier(String)
    /// The argument does not fit the placeholder (text for `%lld`); it is shown as text.
    case argumentTypeMismatch(specifier: String, index: Int, argument: String)
    /// `%#@name@` names no substitution of the localization; it is left in the text.
    case unknownSubstitution(String)
    /// The plural form for a category is missing; `other` (or another form) was used instead.
    case missingPluralForm(category: PluralCategory, language: String)
    /// A localization has neither a value nor usable variations; the key is shown.
    case emptyLocalization(language: String)

    public var description: String {
        switch self {
        case .missingKey(let key): return "key \"\(key)\" is in no copy deck"
        case .missingArgument(let spec, let index): return "\(spec) needs argument \(index), which was not given"
        case .unknownSpecifier(let spec): return "unknown format specifier \(spec)"
        case .argumentTypeMismatch(let spec, let index, let argument):
            return "argument \(index) (\(argument)) does not fit \(spec)"
        case .unknownSubstitution(let name): return "substitution %#@\(name)@ is not defined"
        case .missingPluralForm(let category, let language):
            return "plural form \"\(category.rawValue)\" missing for \(language)"
        case .emptyLocalization(let language): return "localization \(language) has no value"
        }
    }
}
