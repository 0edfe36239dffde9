import CopyDeck

/// A line of copy to show: a deck key and the arguments for its placeholders.
public struct CopyLine: Sendable, Equatable {
    public var key: String
    public var arguments: [CopyArgument]

    public init(_ key: String, _ arguments: CopyArgument...) {
        self.key = key
        self.arguments = arguments
    }

    public init(key: String, arguments: [CopyArgument]) {
        self.key = key
        self.arguments = arguments
    }

    /// The text in `deck` (formatted in the deck's locale).
    public func text(in deck: CopyDeck) -> String {
        deck.resolve(key, locale: deck.locale, arguments).text
    }
}
