import Foundation

/// Parses the line-based theme format (see README: `role = FG [on BG] [bold] … [mono: ATTRS]`).
public enum ThemeParser {
    /// Parses theme text; `file` names it in errors. Throws `ThemeError` at the first bad line.
    public static func parse(_ text: String, file: String) throws -> Theme {
        var name: String?
        var glyphs = GlyphSet.rounded
        var roles: [StyleRole: RoleStyle] = [:]
        var seen: [String: Int] = [:]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            func fail(_ column: Int, _ message: String) -> ThemeError {
                ThemeError(file: file, line: lineNumber, column: column, message: message)
            }
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            if line.allSatisfy(isWhitespace) { continue }
            guard let eq = line.firstIndex(of: "=") else {
                let col = (line.firstIndex(where: { !isWhitespace($0) }).map { line.distance(from: line.startIndex, to: $0) } ?? 0) + 1
                throw fail(col, "expected 'key = value' (a role such as 'text = 252/white/white', or 'name = …', 'glyphs = …')")
            }
            let key = trimmedOfSpaces(line[..<eq])
            let keyColumn = (line.firstIndex(where: { !isWhitespace($0) }).map { line.distance(from: line.startIndex, to: $0) } ?? 0) + 1
            let valueStart = line.distance(from: line.startIndex, to: eq) + 2
            let tokens = tokenize(String(line[line.index(after: eq)...]), startColumn: valueStart)
            if key.isEmpty { throw fail(keyColumn, "missing key before '=', expected a role or 'name' / 'glyphs'") }
            if let earlier = seen[key] { throw fail(keyColumn, "'\(key)' is already set on line \(earlier)") }
            seen[key] = lineNumber
            guard let first = tokens.first else {
                throw fail(valueStart, "missing value for '\(key)', expected \(expectation(for: key))")
            }
            switch key {
            case "name":
                name = tokens.map(\.text).joined(separator: " ")
            case "glyphs":
                guard tokens.count == 1, let set = GlyphSet.all[first.text] else {
                    throw fail(first.column, "unknown glyph set '\(tokens.map(\.text).joined(separator: " "))', expected one of \(GlyphSet.all.keys.sorted().joined(separator: ", "))")
                }
                glyphs = set
            default:
                guard let role = StyleRole(rawValue: key) else {
                    throw fail(keyColumn, "unknown role '\(key)', expected name, glyphs or one of: \(StyleRole.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                roles[role] = try parseRoleStyle(tokens, fail: fail)
            }
        }
        let fallbackName = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return Theme(name: name ?? fallbackName, glyphs: glyphs, roles: roles)
    }

    /// `Character.isWhitespace`, answered for ASCII without the Unicode property tables (a theme is
    /// nearly all ASCII, and reading the built-in one is on every start-up's path).
    static func isWhitespace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return character.isWhitespace
    }

    /// A word of a value and its 1-based column.
    struct Token { var text: String; var column: Int }

    /// `text` without tabs, space separators (Unicode Zs) and zero-width spaces at either end:
    /// exactly what Foundation's `trimmingCharacters(in: .whitespaces)` trims here (checked over
    /// every scalar), without its character sets, which were a third of reading a theme.
    static func trimmedOfSpaces(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar == " " || scalar == "\t" }   // no Unicode tables for ASCII
            return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    static func tokenize(_ value: String, startColumn: Int) -> [Token] {
        var tokens: [Token] = []
        var current = "", currentStart = 0, column = startColumn
        for ch in value {
            if isWhitespace(ch) {
                if !current.isEmpty { tokens.append(Token(text: current, column: currentStart)); current = "" }
            } else {
                if current.isEmpty { currentStart = column }
                current.append(ch)
            }
            column += 1
        }
        if !current.isEmpty { tokens.append(Token(text: current, column: currentStart)) }
        return tokens
    }

    static func expectation(for key: String) -> String {
        switch key {
        case "name": return "a theme name"
        case "glyphs": return "one of \(GlyphSet.all.keys.sorted().joined(separator: ", "))"
        default: return "a color such as '252/white/white' or 'default'"
        }
    }

    static func parseRoleStyle(_ tokens: [Token], fail: (Int, String) -> ThemeError) throws -> RoleStyle {
        var style = RoleStyle(foreground: try parseColor(tokens[0], fail: fail))
        var i = 1
        var inMono = false
        var hasBackground = false
        while i < tokens.count {
            let t = tokens[i]
            switch t.text.lowercased() {
            case "on":
                if inMono { throw fail(t.column, "'on' must come before 'mono:'") }
                if hasBackground { throw fail(t.column, "a second 'on', expected one background color") }
                guard i + 1 < tokens.count else {
                    throw fail(t.column + 2, "missing background color after 'on', expected a color such as '235/black/black'")
                }
                style.background = try parseColor(tokens[i + 1], fail: fail)
                hasBackground = true
                i += 1
            case "mono:":
                if inMono { throw fail(t.column, "a second 'mono:'") }
                inMono = true
                style.mono = RoleStyle.Attributes()
            case "plain" where inMono:
                break
            case "bold", "underline", "reverse":
                let word = t.text.lowercased()
                var attrs = inMono ? (style.mono ?? RoleStyle.Attributes())
                    : RoleStyle.Attributes(bold: style.bold, underline: style.underline, reverse: style.reverse)
                if word == "bold" { attrs.bold = true }
                if word == "underline" { attrs.underline = true }
                if word == "reverse" { attrs.reverse = true }
                if inMono {
                    style.mono = attrs
                } else {
                    style.bold = attrs.bold
                    style.underline = attrs.underline
                    style.reverse = attrs.reverse
                }
            default:
                throw fail(t.column, "unknown attribute '\(t.text)', expected bold, underline, reverse, 'on COLOR' or 'mono: ATTRS'")
            }
            i += 1
        }
        return style
    }

    /// Parses `default`, `N`, `NAME`, `N/NAME` or `N/NAME/NAME` into a color with fallbacks.
    static func parseColor(_ token: Token, fail: (Int, String) -> ThemeError) throws -> ThemeColor {
        let parts = token.text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 3 else {
            throw fail(token.column, "too many parts in color '\(token.text)', expected at most 256/16/8")
        }
        var values: [Int?] = []
        var column = token.column
        for (n, part) in parts.enumerated() {
            let limit = [256, 16, 8][n]
            let depthName = ["256-color", "16-color", "8-color"][n]
            guard let value = colorValue(part), value.map({ $0 < limit }) ?? true else {
                let names = limit == 8 ? "black … white" : "black … brightwhite"
                throw fail(column, "bad \(depthName) value '\(part)' in '\(token.text)', expected 0–\(limit - 1), a color name (\(names)) or 'default'")
            }
            values.append(value)
            column += part.count + 1
        }
        let c256 = values[0]
        let c16: Int? = values.count > 1 ? values[1] : c256.map(ThemeColor.nearest16)
        let c8: Int? = values.count > 2 ? values[2] : c16.map(ThemeColor.to8)
        return ThemeColor(color256: c256, color16: c16, color8: c8)
    }

    /// nil for an invalid value, `.some(nil)` for `default`, else the index.
    static func colorValue(_ text: String) -> Int?? {
        let lower = text.lowercased()
        if lower == "default" { return .some(nil) }
        if let n = Int(lower), (0...255).contains(n) { return .some(n) }
        if let i = ThemeColor.names.firstIndex(of: lower) { return .some(i) }
        return nil
    }
}
