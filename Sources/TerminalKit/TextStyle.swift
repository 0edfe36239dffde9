/// How a piece of text is drawn: its role plus extra attributes on top of the theme's.
public struct TextStyle: Hashable, Sendable {
    public var role: StyleRole
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool
    /// The panel the text sits on (a sheet, help, debug or profile card): where the role paints no
    /// background of its own (none, or the page's), the text takes the panel's, so no box of the
    /// terminal's or the page's colour shows behind it.
    public var panel: StyleRole?

    public init(_ role: StyleRole = .text, bold: Bool = false, underline: Bool = false, reverse: Bool = false, panel: StyleRole? = nil) {
        self.role = role
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.panel = panel
    }

    /// Plain text in the `text` role.
    public static let plain = TextStyle(.text)
}
