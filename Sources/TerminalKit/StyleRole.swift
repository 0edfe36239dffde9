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
