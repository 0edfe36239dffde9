/// What a driver needs to draw a style at a depth: color indices (nil = default) and attributes.
public struct ResolvedStyle: Hashable, Sendable {
    public var foreground: Int?
    public var background: Int?
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(foreground: Int?, background: Int?, bold: Bool, underline: Bool, reverse: Bool) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
    }
}
