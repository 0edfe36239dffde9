/// A `%#@name@` substitution: which argument it formats, with which specifier, in which forms.
public struct Substitution: Sendable, Equatable {
    /// 1-based argument number; `nil` means the next argument in order.
    public var argNum: Int?
    /// The specifier for `%arg` without the `%` (`lld`, `@`, `.2f`).
    public var formatSpecifier: String
    /// The forms; `%arg` in their values stands for the argument.
    public var variations: Variations

    public init(argNum: Int? = nil, formatSpecifier: String = "lld", variations: Variations) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.variations = variations
    }
}
