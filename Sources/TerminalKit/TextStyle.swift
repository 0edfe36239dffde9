/// How a piece of text is drawn: its role plus extra attributes on top of the theme's.
public struct TextStyle: Hashable, Sendable {
    public var role: StyleRole
    public var bold: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(_ role: StyleRole = .text, bold: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.role = role
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
    }

    /// Plain text in the `text` role.
    public static let plain = TextStyle(.text)
}
