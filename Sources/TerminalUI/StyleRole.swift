/// A semantic role for text on screen; themes give each role its colors and attributes.
public enum StyleRole: String, CaseIterable, Sendable, Hashable, Codable {
    case background, surface, text, muted, dim, accent, title, badge
    case price, priceSecondary, cta, ctaText, error, success, warning
    case border, selection, selectionText, link

    /// The role used when a theme does not define this one (`nil` for `text` and `background`).
    public var fallback: StyleRole? {
        switch self {
        case .background, .text: return nil
        case .surface: return .background
        case .muted, .title, .accent, .border, .error, .success, .warning, .price: return .text
        case .dim, .priceSecondary: return .muted
        case .badge, .link, .selection: return .accent
        case .cta: return .accent
        case .ctaText, .selectionText: return .text
        }
    }
}

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
