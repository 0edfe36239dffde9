import Foundation

/// A named palette: a `RoleStyle` per semantic role plus a glyph set.
public struct Theme: Hashable, Sendable {
    public var name: String
    public var glyphs: GlyphSet
    /// Styles the theme defines; roles missing here use `StyleRole.fallback`.
    public var roles: [StyleRole: RoleStyle]

    public init(name: String, glyphs: GlyphSet = .rounded, roles: [StyleRole: RoleStyle]) {
        self.name = name
        self.glyphs = glyphs
        self.roles = roles
    }

    /// The role's style, following fallbacks (`priceSecondary` → `muted` → `text`), or plain.
    public func style(for role: StyleRole) -> RoleStyle {
        var current: StyleRole? = role
        while let r = current {
            if let s = roles[r] { return s }
            current = r.fallback
        }
        return RoleStyle()
    }

    /// Colors and attributes for a text style at a depth; the style's own attributes add to the role's.
    /// Without colors the role's `mono` attributes replace its colored ones.
    public func resolve(_ style: TextStyle, depth: ColorDepth) -> ResolvedStyle {
        let role = self.style(for: style.role)
        var attrs = RoleStyle.Attributes(bold: role.bold, underline: role.underline, reverse: role.reverse)
        if depth == .none, let mono = role.mono { attrs = mono }
        var background = role.background.index(at: depth)
        // Only a panel's text, or a role with no background, needs the page's (most cells need neither).
        if style.panel != nil || background == nil {
            let page = self.style(for: .background).background.index(at: depth)
            // On a panel, a role that only paints the page (no background, or the page's) takes the panel's.
            if let panel = style.panel, background == nil || background == page {
                background = self.style(for: panel).background.index(at: depth)
            }
            // A role that paints no background sits on the page's (nil when the page is the terminal's).
            if background == nil { background = page }
        }
        return ResolvedStyle(
            foreground: role.foreground.index(at: depth), background: background,
            bold: attrs.bold || style.bold, underline: attrs.underline || style.underline,
            reverse: attrs.reverse || style.reverse)
    }

    /// The same theme with another glyph set (e.g. ASCII when the locale is not UTF-8).
    public func with(glyphs: GlyphSet) -> Theme {
        var copy = self
        copy.glyphs = glyphs
        return copy
    }

    /// Names of the themes built into the binary.
    public static let builtInNames = ["dark", "light", "mono"]

    /// The default theme.
    public static let defaultName = "dark"

    /// A theme built into the binary, by name; nil when there is none by that name.
    public static func builtIn(_ name: String) -> Theme? {
        guard let source = BuiltInThemes.sources[name] else { return nil }
        return try? ThemeParser.parse(source, file: "\(name).theme (built in)")
    }

    /// Loads a theme by name or path.
    ///
    /// A value containing "/" or ending in ".theme" is a file path. Otherwise `NAME.theme` in
    /// `themesDirectory` is used when it exists, else the built-in theme of that name.
    /// `readFile` is the file system seam (returns nil when the file does not exist).
    public static func load(
        nameOrPath: String, themesDirectory: String? = nil,
        readFile: (String) throws -> String? = Theme.readFileIfPresent
    ) throws -> Theme {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".theme") {
            guard let text = try readFile(nameOrPath) else {
                throw ThemeError(file: nameOrPath, line: 0, column: 0, message: "theme file not found")
            }
            return try ThemeParser.parse(text, file: nameOrPath)
        }
        if let dir = themesDirectory {
            let path = (dir as NSString).appendingPathComponent("\(nameOrPath).theme")
            if let text = try readFile(path) { return try ThemeParser.parse(text, file: path) }
        }
        if let theme = builtIn(nameOrPath) { return theme }
        throw ThemeError(file: nameOrPath, line: 0, column: 0,
                         message: "unknown theme '\(nameOrPath)', expected one of \(builtInNames.joined(separator: ", ")) or a path to a .theme file")
    }

    /// Reads a UTF-8 file; nil when it does not exist.
    public static func readFileIfPresent(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ThemeError(file: path, line: 0, column: 0, message: "cannot read the theme file as UTF-8 text")
        }
    }
}
