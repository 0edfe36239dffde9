/// The characters screens use for frames, rules, bullets and markers: Unicode or plain ASCII.
public struct GlyphSet: Hashable, Sendable {
    public var name: String
    public var topLeft: String, topRight: String, bottomLeft: String, bottomRight: String
    public var horizontal: String, vertical: String
    /// A list bullet ("•").
    public var bullet: String
    /// Progress dots: the current page and the others ("●" / "○").
    public var dotFilled: String, dotEmpty: String
    /// A rating star ("★").
    public var star: String
    /// A check mark for included benefits ("✓").
    public var check: String
    /// The marker in front of the selected item ("▸").
    public var pointer: String
    /// Radio marks for a selected and an unselected plan ("◉" / "○").
    public var radioOn: String, radioOff: String
    /// What marks cut text ("…").
    public var ellipsis: String
    /// Frames of a busy spinner.
    public var spinner: [String]

    /// Rounded Unicode box drawing: ╭─╮ │ ╰─╯.
    public static let rounded = GlyphSet(
        name: "rounded", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        horizontal: "─", vertical: "│", bullet: "•", dotFilled: "●", dotEmpty: "○", star: "★",
        check: "✓", pointer: "▸", radioOn: "◉", radioOff: "○", ellipsis: "…",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])

    /// Square Unicode box drawing: ┌─┐ │ └─┘.
    public static let square: GlyphSet = {
        var g = rounded
        g.name = "square"
        g.topLeft = "┌"; g.topRight = "┐"; g.bottomLeft = "└"; g.bottomRight = "┘"
        return g
    }()

    /// Plain ASCII for terminals without UTF-8: +-| * o > ...
    public static let ascii = GlyphSet(
        name: "ascii", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        horizontal: "-", vertical: "|", bullet: "*", dotFilled: "*", dotEmpty: "o", star: "*",
        check: "+", pointer: ">", radioOn: "(*)", radioOff: "( )", ellipsis: "...",
        spinner: ["|", "/", "-", "\\"])

    /// The glyph sets by name.
    public static let all: [String: GlyphSet] = ["rounded": rounded, "square": square, "ascii": ascii]

    /// The glyph set to use on this terminal: `preferred`, or ASCII when the locale is set but
    /// not UTF-8 (e.g. `LANG=C`, `LC_ALL=en_US.ISO-8859-1`) or TERM is a `vt*` terminal.
    /// With no locale variables at all the preferred set stays (the live screen then uses C.UTF-8).
    public static func forTerminal(preferred: GlyphSet, environment: [String: String]) -> GlyphSet {
        let term = (environment["TERM"] ?? "").lowercased()
        if term.hasPrefix("vt") { return .ascii }
        let localeSet = ["LC_ALL", "LC_CTYPE", "LANG"].contains { !(environment[$0] ?? "").isEmpty }
        if localeSet, !localeIsUTF8(environment: environment) { return .ascii }
        return preferred
    }

    /// True when the locale variables (`LC_ALL`, then `LC_CTYPE`, then `LANG`) name UTF-8.
    public static func localeIsUTF8(environment: [String: String]) -> Bool {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = environment[key], !v.isEmpty {
                let lower = v.lowercased()
                return lower.contains("utf-8") || lower.contains("utf8")
            }
        }
        return false
    }
}
