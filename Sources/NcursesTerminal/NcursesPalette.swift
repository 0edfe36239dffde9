import CNcurses
import TerminalKit

/// Maps text styles to ncurses attributes and color pairs, creating a pair per (fg, bg) in use.
final class NcursesPalette {
    private let theme: Theme
    private let depth: ColorDepth
    private let hasDefaultColors: Bool
    private let maxPairs: Int
    private var pairs: [ColorKey: Int16] = [:]
    private var cache: [TextStyle: (attr_t, Int16)] = [:]

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
        let resolved = theme.resolve(style, depth: depth)
        var attrs = paywallsim_a_normal()
        if resolved.bold { attrs |= paywallsim_a_bold() }
        if resolved.underline { attrs |= paywallsim_a_underline() }
        if resolved.reverse { attrs |= paywallsim_a_reverse() }
        let pair = depth == .none ? 0 : pair(fg: resolved.foreground, bg: resolved.background)
        cache[style] = (attrs, pair)
        return (attrs, pair)
    }

    private func pair(fg: Int?, bg: Int?) -> Int16 {
        let key = ColorKey(fg: Int32(fg ?? (hasDefaultColors ? -1 : 7)), bg: Int32(bg ?? (hasDefaultColors ? -1 : 0)))
        if key.fg == -1, key.bg == -1 { return 0 }
        if let existing = pairs[key] { return existing }
        let number = pairs.count + 1
        guard number < maxPairs, number <= Int(Int16.max) else { return 0 }
        init_pair(Int16(number), Int16(key.fg), Int16(key.bg))
        pairs[key] = Int16(number)
        return Int16(number)
    }
}
