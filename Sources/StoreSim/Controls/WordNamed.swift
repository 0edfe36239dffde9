/// A value named by one word in any case, as tapes and the CLI write it (`legal`, `grant_prorated`):
/// its raw value is the name Apple gives it.
public protocol WordNamed: RawRepresentable, CaseIterable where RawValue == String {}

extension WordNamed {
    /// The case `word` names, in any case, or nil.
    public init?(word: String) {
        guard let named = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(word) == .orderedSame }) else { return nil }
        self = named
    }
}
