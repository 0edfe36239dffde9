import CopyDeck
import Foundation

/// The default copy deck (Themes/PaywallSim.xcstrings), embedded in the binary.
public enum DefaultCopyDeck {
    /// The exact text of the embedded String Catalog.
    public static var catalogText: String { EmbeddedCopyDeck.source }

    /// The embedded catalog, built from Swift values that `embed-resources` generates from the same
    /// file (decoding the JSON text was a twentieth of a tape's start-up); a test checks it equals
    /// decoding `catalogText`, with the same key order and lines. Never nil.
    public static let catalog: StringCatalog? = EmbeddedCopyDeckCatalog.make()

    /// The default deck in `locale` (the source language, English, when nil).
    ///
    /// Never fails: should the embedded catalog not parse, an empty English catalog is used and
    /// every lookup shows its key (which `ResolvedCopy` reports as missing).
    public static func load(locale: String? = nil) -> CopyDeck {
        CopyDeck(catalog ?? StringCatalog(sourceLanguage: "en"), locale: locale)
    }

    /// A team's catalog layered over the default deck: keys it lacks come from the default deck.
    public static func layered(over team: StringCatalog, locale: String? = nil) -> CopyDeck {
        CopyDeck(primary: team, fallback: catalog, locale: locale)
    }
}
