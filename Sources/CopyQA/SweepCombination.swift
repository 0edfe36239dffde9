import Foundation
import PaywallCore
import PaywallScreens
import TerminalKit

/// One variant the sweep renders every screen in: locale, theme, terminal size and offer.
public struct SweepCombination: Sendable, Hashable, Codable, CustomStringConvertible {
    public var locale: String
    public var theme: String
    public var width: Int
    public var height: Int
    public var offer: OfferID

    public init(locale: String, theme: String, size: TerminalSize, offer: OfferID) {
        self.locale = locale
        self.theme = theme
        self.width = size.width
        self.height = size.height
        self.offer = offer
    }

    public var size: TerminalSize { TerminalSize(width: width, height: height) }

    /// `en/dark/A/80x24`.
    public var description: String { "\(locale)/\(theme)/\(offer.rawValue)/\(width)x\(height)" }

    /// `en-dark-A-80x24`, the file name `copy screens` writes.
    public var fileStem: String { "\(locale)-\(theme)-\(offer.rawValue)-\(width)x\(height)" }
}

/// The lists of locales, themes, sizes and offers a sweep multiplies out.
public struct SweepMatrix: Sendable, Hashable {
    public var locales: [String]
    public var themes: [String]
    public var sizes: [TerminalSize]
    public var offers: [OfferID]

    /// The shipped locales.
    public static let defaultLocales = ["en", "zh-Hans", "ko"]
    /// 80×24, 100×30 and the renderer's minimum.
    public static let defaultSizes = [TerminalSize(width: 80, height: 24), TerminalSize(width: 100, height: 30), ScreenRenderer.minimumSize]

    /// Empty lists take the defaults: en, zh-Hans, ko × dark, light, mono × 80x24, 100x30, minimum × A, B, C.
    public init(locales: [String] = [], themes: [String] = [], sizes: [TerminalSize] = [], offers: [OfferID] = []) {
        self.locales = locales.isEmpty ? Self.defaultLocales : locales
        self.themes = themes.isEmpty ? Theme.builtInNames : themes
        self.sizes = sizes.isEmpty ? Self.defaultSizes : sizes
        self.offers = offers.isEmpty ? OfferID.allCases : offers
    }

    /// Every combination, locale first (then theme, size, offer).
    public var combinations: [SweepCombination] {
        var out: [SweepCombination] = []
        for locale in locales {
            for theme in themes {
                for size in sizes {
                    for offer in offers { out.append(SweepCombination(locale: locale, theme: theme, size: size, offer: offer)) }
                }
            }
        }
        return out
    }

    /// Parses `80x24` (or `80×24`); nil when it is not two positive numbers.
    public static func parseSize(_ text: String) -> TerminalSize? {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 1000, h <= 1000 else { return nil }
        return TerminalSize(width: w, height: h)
    }
}
