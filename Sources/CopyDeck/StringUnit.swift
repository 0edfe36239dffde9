/// A leaf value and its translation state.
public struct StringUnit: Sendable, Equatable {
    /// Translation state (`translated`, `new`, `needs_review`, `stale`, …).
    public var state: UnitState
    /// The text, with printf-style specifiers.
    public var value: String

    public init(state: UnitState = .translated, value: String) {
        self.state = state
        self.value = value
    }
}

/// The state of one string unit; unknown states are kept as written.
public struct UnitState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let translated = UnitState(rawValue: "translated")
    public static let new = UnitState(rawValue: "new")
    public static let needsReview = UnitState(rawValue: "needs_review")
    public static let stale = UnitState(rawValue: "stale")

    /// Whether a person still has to look at it (`new` or `needs_review`).
    public var needsWork: Bool { self == .new || self == .needsReview }
    public var description: String { rawValue }
}
