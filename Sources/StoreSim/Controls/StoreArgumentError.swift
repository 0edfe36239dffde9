/// A control's arguments that say no command (`AutoRenew maybe`), found before anything is
/// performed: the message and which word is wrong, so a tape can point at its column.
public struct StoreArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    /// The index of the wrong word among the control's arguments; nil when one is missing.
    public var word: Int?

    public init(_ description: String, word: Int? = nil) {
        self.description = description
        self.word = word
    }
}
