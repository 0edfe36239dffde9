import CopyDeck
import Foundation

/// The default copy deck (Themes/PaywallSim.xcstrings), embedded in the binary.
public enum DefaultCopyDeck {
    /// The exact text of the embedded String Catalog.
    public static var catalogText: String { EmbeddedCopyDeck.source }

    /// The embedded catalog, parsed; nil only if the embedded text were broken (a test proves it is not).
    public static let catalog: StringCatalog? = try? StringCatalog.decode(Data(EmbeddedCopyDeck.source.utf8),
                                                                         origin: "PaywallSim.xcstrings (built in)")

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
