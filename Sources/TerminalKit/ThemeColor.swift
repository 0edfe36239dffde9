/// A color as a theme names it for each depth: 256-color index, 16-color and 8-color fallbacks.
/// `nil` at a depth means the terminal's default color.
public struct ThemeColor: Hashable, Sendable {
    public var color256: Int?
    public var color16: Int?
    public var color8: Int?

    public init(color256: Int?, color16: Int?, color8: Int?) {
        self.color256 = color256
        self.color16 = color16
        self.color8 = color8
    }

    /// The terminal's default color at every depth.
    public static let terminalDefault = ThemeColor(color256: nil, color16: nil, color8: nil)

    /// The color index at a depth (nil: terminal default, and always nil without colors).
    public func index(at depth: ColorDepth) -> Int? {
        switch depth {
        case .none: return nil
        case .eight: return color8
        case .sixteen: return color16
        case .full256: return color256
        }
    }

    /// The ANSI color names, 0–15, as theme files spell them.
    public static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "brightblack", "brightred", "brightgreen", "brightyellow", "brightblue", "brightmagenta", "brightcyan", "brightwhite",
    ]

    /// Name of a 0–15 color, or its number.
    public static func name(of index: Int?) -> String {
        guard let index else { return "default" }
        return index < 16 ? names[index] : String(index)
    }

    /// The nearest of the 16 standard xterm colors to a 256-color index.
    public static func nearest16(to index: Int) -> Int {
        if index < 16 { return max(0, index) }
        let target = rgb(of: index)
        var best = 0, bestDistance = Int.max
        for candidate in 0..<16 {
            let c = rgb(of: candidate)
            let d = (c.0 - target.0) * (c.0 - target.0) + (c.1 - target.1) * (c.1 - target.1) + (c.2 - target.2) * (c.2 - target.2)
            if d < bestDistance { best = candidate; bestDistance = d }
        }
        return best
    }

    /// The 8-color version of a 16-color index: bright colors lose their brightness.
    public static func to8(_ index: Int) -> Int { index >= 8 ? index - 8 : index }

    /// xterm's RGB for a 256-color index.
    static func rgb(of index: Int) -> (Int, Int, Int) {
        let base16: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if index < 16 { return base16[max(0, index)] }
        if index < 232 {
            let i = index - 16
            let level = { (n: Int) in n == 0 ? 0 : 55 + n * 40 }
            return (level(i / 36), level((i / 6) % 6), level(i % 6))
        }
        let gray = 8 + (min(index, 255) - 232) * 10
        return (gray, gray, gray)
    }
}
