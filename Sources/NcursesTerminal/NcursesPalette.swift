import CNcurses
import TerminalKit

/// Maps text styles to ncurses attributes and color pairs, creating a pair per (fg, bg) in use.
final class NcursesPalette {
    private let theme: Theme
    private let depth: ColorDepth
    private let hasDefaultColors: Bool
    private let maxPairs: Int
    private var pairs: [ColorKey: Int16] = [:]
    /// The background each pair made shows (pair 0: the terminal's own).
    private var pairBackgrounds: [Int16: Int32] = [:]
    private var cache: [TextStyle: (attr_t, Int16)] = [:]
    private var resolved: [TextStyle: ResolvedStyle] = [:]

    private struct ColorKey: Hashable { var fg: Int32; var bg: Int32 }

    init(theme: Theme, depth: ColorDepth, hasDefaultColors: Bool, maxPairs: Int) {
        self.theme = theme
        self.depth = depth
        self.hasDefaultColors = hasDefaultColors
        self.maxPairs = maxPairs
        for role in StyleRole.allCases { _ = attributes(for: TextStyle(role)) }
    }

    /// Attributes and color pair for a style.
    func attributes(for style: TextStyle) -> (attr_t, Int16) {
        if let hit = cache[style] { return hit }
        let look = resolve(style)
        var attrs = paywallsim_a_normal()
        if look.bold { attrs |= paywallsim_a_bold() }
        if look.underline { attrs |= paywallsim_a_underline() }
        if look.reverse { attrs |= paywallsim_a_reverse() }
        let pair = depth == .none ? 0 : pair(fg: look.foreground, bg: look.background)
        cache[style] = (attrs, pair)
        return (attrs, pair)
    }

    /// Attributes and color pair for a blank cell (a space) in `style`.
    ///
    /// A space shows only its background, underline and reverse. So, where those agree, a blank is
    /// drawn in the attributes of the glyph it is given (`glyphStyle`: the glyph before a short gap,
    /// `BlankPlacement.gap`, or the glyph a changed blank is written beside, `BlankStretch`), and any other
    /// blank on the terminal's own background in plain attributes: the terminal then needs no
    /// attribute change inside a line like "▸ ◉ Weekly", and can still erase and skip plain blanks.
    /// Blanks on a painted background (a button, a sheet) keep their style. Each looks exactly as
    /// its style would.
    func blankAttributes(for style: TextStyle, glyphStyle: TextStyle?) -> (attr_t, Int16) {
        let own = resolve(style)
        guard !own.underline, !own.reverse else { return attributes(for: style) }
        if let glyphStyle {
            let glyph = resolve(glyphStyle)
            if !glyph.underline, !glyph.reverse, glyph.background == own.background {
                // The backgrounds the two pairs really show: when pairs ran out, a style falls
                // back to pair 0, and a blank must not take that from its glyph.
                let borrowed = attributes(for: glyphStyle)
                if depth == .none || background(ofPair: borrowed.1) == background(ofPair: attributes(for: style).1) { return borrowed }
            }
        }
        guard own.background == nil else { return attributes(for: style) }
        // The terminal's own background: pair 0 with default colours, else the pair every plain cell uses.
        return (paywallsim_a_normal(), depth == .none ? 0 : pair(fg: nil, bg: nil))
    }

    private func resolve(_ style: TextStyle) -> ResolvedStyle {
        if let hit = resolved[style] { return hit }
        let result = theme.resolve(style, depth: depth)
        resolved[style] = result
        return result
    }

    private func pair(fg: Int?, bg: Int?) -> Int16 {
        let key = ColorKey(fg: Int32(fg ?? (hasDefaultColors ? -1 : 7)), bg: Int32(bg ?? (hasDefaultColors ? -1 : 0)))
        if key.fg == -1, key.bg == -1 { return 0 }
        if let existing = pairs[key] { return existing }
        let number = pairs.count + 1
        guard number < maxPairs, number <= Int(Int16.max) else { return 0 }
        init_pair(Int16(number), Int16(key.fg), Int16(key.bg))
        pairs[key] = Int16(number)
        pairBackgrounds[Int16(number)] = key.bg
        return Int16(number)
    }

    private func background(ofPair pair: Int16) -> Int32 { pairBackgrounds[pair] ?? (hasDefaultColors ? -1 : 0) }
}
