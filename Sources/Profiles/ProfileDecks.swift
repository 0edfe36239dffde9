import BuiltInCopy
import CopyDeck
import Foundation
import PaywallFoundation

/// The built-in profiles' own copy decks (Themes/profiles/NAME.xcstrings), embedded in the binary.
///
/// Each holds only keys the default deck lacks; layer it over the default deck.
public enum ProfileDecks {
    /// The exact text of Themes/profiles/`name`.xcstrings, if that profile has a deck.
    public static func catalogText(_ name: String) -> String? { EmbeddedProfileDecks.sources[name] }

    /// The parsed deck of a built-in profile; nil if it has none (or, never in practice, if it did not parse:
    /// a test proves every embedded deck parses).
    public static func catalog(_ name: String) -> StringCatalog? {
        guard let text = catalogText(name) else { return nil }
        return try? StringCatalog.decode(Data(utf8: text), origin: "profiles/\(name).xcstrings (built in)")
    }

    /// Every key a screen may show: the default deck's and each built-in profile's deck's.
    public static let screenKeys: Set<String> = {
        var keys = Set(DefaultCopyDeck.catalog?.entries.keys.map { $0 } ?? [])
        for name in EmbeddedProfileDecks.sources.keys { keys.formUnion(catalog(name)?.entries.keys.map { $0 } ?? []) }
        return keys
    }()
}
