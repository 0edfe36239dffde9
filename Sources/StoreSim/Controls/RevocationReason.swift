/// Apple's revocation reason a refund carries (`revocationReason`): 0 other, 1 an issue in the app.
public enum RevocationReason: Int, Hashable, Sendable, CaseIterable {
    case other = 0
    case appIssue = 1

    /// How tapes, the CLI and the store's sentences write it: `other`, `appIssue`.
    public var name: String { self == .appIssue ? "appIssue" : "other" }

    /// The reason `word` names, in any case (`appissue`), or nil.
    public init?(word: String) {
        guard let reason = Self.allCases.first(where: { $0.name.lowercased() == word.lowercased() }) else { return nil }
        self = reason
    }
}
