/// A role's look in a theme: foreground, background, attributes, and attributes for monochrome.
public struct RoleStyle: Hashable, Sendable {
    public var foreground: ThemeColor
    public var background: ThemeColor
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool
    /// Attributes used instead of colors when the depth is none (`mono:` in theme files);
    /// nil means the role's own attributes.
    public var mono: Attributes?

    /// Bold, underline and reverse, as a set of switches.
    public struct Attributes: Hashable, Sendable {
        public var bold = false, underline = false, reverse = false
        public init(bold: Bool = false, underline: Bool = false, reverse: Bool = false) {
            self.bold = bold
            self.underline = underline
            self.reverse = reverse
        }
    }

    public init(foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
                bold: Bool = false, underline: Bool = false, reverse: Bool = false, mono: Attributes? = nil) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.mono = mono
    }
}
