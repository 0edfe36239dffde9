/// A localization's set of alternative texts (`"stringSet" : {"state", "values"}`): how an App
/// Shortcuts catalog (`AppShortcuts.xcstrings`) keeps the phrases that run one shortcut.
public struct StringSet: Sendable, Equatable {
    /// Translation state of the whole set.
    public var state: UnitState
    /// The phrases, in the file's order (`${applicationName}` and `${parameter}` tokens kept as written).
    public var values: [String]

    public init(state: UnitState = .translated, values: [String]) {
        self.state = state
        self.values = values
    }
}
