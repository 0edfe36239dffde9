/// Strings joined with a separator by appending one after another. The standard library's
/// `joined(separator:)` is generic code that looks its element type up at run time, a scan of
/// every conformance record (0.05–0.2 ms) the first time in a process; start-up paths join here.
public enum TextJoin {
    /// `parts.joined(separator: separator)`.
    public static func join(_ parts: [String], separator: String) -> String {
        var text = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { text.append(separator) }
            text.append(part)
        }
        return text
    }

    /// `String(characters)`, appended one by one (`String(_:)` of a slice of characters is
    /// generic code of the same kind).
    public static func string(_ characters: ArraySlice<Character>) -> String {
        var text = ""
        for character in characters { text.append(character) }
        return text
    }

    /// `parts.joined(separator: separator)` for substrings.
    public static func join(_ parts: [Substring], separator: String) -> String {
        var text = ""
        for (index, part) in parts.enumerated() {
            if index > 0 { text.append(separator) }
            text.append(contentsOf: part)
        }
        return text
    }
}
