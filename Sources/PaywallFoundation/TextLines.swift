/// The lines of a text as tapes and goldens read them.
public enum TextLines {
    /// Splits on `\n` by Unicode scalar (so `\r\n` splits too) and drops a trailing `\r` from each
    /// line. A final `\n` ends the last line; it does not start an empty one.
    public static func split(_ source: String) -> [Substring] {
        var result: [Substring] = []
        var start = source.startIndex
        let scalars = source.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "\n" {
                result.append(trimCarriageReturn(source[start..<index]))
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        if start < source.endIndex { result.append(trimCarriageReturn(source[start..<source.endIndex])) }
        return result
    }

    private static func trimCarriageReturn(_ line: Substring) -> Substring {
        guard line.unicodeScalars.last == "\r" else { return line }
        return Substring(line.unicodeScalars.dropLast())
    }
}
