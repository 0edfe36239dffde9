/// The lines of a wrapped text, and whether (and which) text had to be cut to fit.
public struct WrappedText: Hashable, Sendable {
    /// The lines, each at most the requested width, without trailing spaces.
    public var lines: [String]
    /// True when something was left out and an ellipsis marks the cut.
    public var truncated: Bool
    /// The text that was wrapped, so a copy-QA sweep can report what was cut.
    public var source: String

    public init(lines: [String], truncated: Bool, source: String) {
        self.lines = lines
        self.truncated = truncated
        self.source = source
    }
}

/// Horizontal placement of a line in a wider space.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}

/// Wrapping, truncation and alignment by display width.
///
/// Latin (and Korean, which separates words by spaces) wraps at spaces; Chinese and Japanese
/// wrap between any two characters, except that closing punctuation ("。", "，", "！") stays on
/// the line before. "\n" is a hard break. A wide character is never split. A Latin word longer
/// than the width is cut with "…"; a Korean one is broken between syllables.
public enum TextLayout {
    /// Wraps `text` to `width` columns; with `maxLines`, cuts after that many lines and ends the
    /// last one with `ellipsis`.
    public static func wrap(_ text: String, width: Int, maxLines: Int? = nil, ellipsis: String = "…") -> WrappedText {
        guard width > 0, maxLines.map({ $0 > 0 }) ?? true else {
            return WrappedText(lines: [], truncated: !text.isEmpty, source: text)
        }
        var lines: [String] = []
        var truncated = false
        let paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for paragraph in paragraphs {
            var paragraphText = String(paragraph)
            if paragraphText.hasSuffix("\r") { paragraphText.removeLast() }
            let result = wrapParagraph(paragraphText, width: width, ellipsis: ellipsis)
            lines += result.lines
            truncated = truncated || result.truncated
        }
        if let maxLines, lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = withEllipsis(lines[maxLines - 1], width: width, ellipsis: ellipsis)
            truncated = true
        }
        return WrappedText(lines: lines, truncated: truncated, source: text)
    }

    /// One line of at most `width` columns: the text itself, or its start followed by `ellipsis`.
    public static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> (text: String, truncated: Bool) {
        let line = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).first.map(String.init) ?? ""
        if DisplayWidth.of(line) <= width, line == text { return (line, false) }
        if DisplayWidth.of(line) <= width - DisplayWidth.of(ellipsis) { return (trimTrailing(line) + ellipsis, true) }
        return (withEllipsis(line, width: width, ellipsis: ellipsis), true)
    }

    /// The column at which to start `text` so it sits aligned in `width` columns (never negative).
    public static func offset(of text: String, in width: Int, alignment: TextAlignment) -> Int {
        let w = DisplayWidth.of(text)
        switch alignment {
        case .left: return 0
        case .center: return max(0, (width - w) / 2)
        case .right: return max(0, width - w)
        }
    }

    /// `text` padded with spaces to exactly `width` columns (cut with an ellipsis when longer).
    public static func pad(_ text: String, to width: Int, alignment: TextAlignment = .left) -> String {
        let fitted = truncate(text, width: width).text
        let left = offset(of: fitted, in: width, alignment: alignment)
        let right = max(0, width - left - DisplayWidth.of(fitted))
        return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: right)
    }

    // MARK: - Paragraphs

    private static func wrapParagraph(_ text: String, width: Int, ellipsis: String) -> (lines: [String], truncated: Bool) {
        var lines: [String] = []
        var line = "", lineWidth = 0, pendingSpace = ""
        var truncated = false
        func flush() {
            lines.append(trimTrailing(line))
            line = ""; lineWidth = 0; pendingSpace = ""
        }
        for token in WrapToken.split(text) {
            if token.kind == .space {
                if lineWidth > 0 { pendingSpace += token.text }
                continue
            }
            let spaceWidth = DisplayWidth.of(pendingSpace)
            if lineWidth + spaceWidth + token.width <= width {
                line += pendingSpace + token.text
                lineWidth += spaceWidth + token.width
                pendingSpace = ""
                continue
            }
            if lineWidth > 0 { flush() }
            pendingSpace = ""
            if token.width <= width {
                line = token.text; lineWidth = token.width
            } else if token.kind == .latinWord {
                line = withEllipsis(token.text, width: width, ellipsis: ellipsis)
                lineWidth = DisplayWidth.of(line)
                truncated = true
            } else {
                for g in token.text {
                    let w = DisplayWidth.of(g)
                    if w > width { truncated = true; continue }
                    if lineWidth + w > width { flush() }
                    line.append(g); lineWidth += w
                }
            }
        }
        if lineWidth > 0 || lines.isEmpty { flush() }
        return (lines, truncated)
    }

    /// `line` shortened so that it plus the ellipsis fit in `width` columns.
    static func withEllipsis(_ line: String, width: Int, ellipsis: String) -> String {
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        guard width >= ellipsisWidth else { return "" }
        var kept = "", keptWidth = 0
        for g in line {
            let w = DisplayWidth.of(g)
            if keptWidth + w > width - ellipsisWidth { break }
            kept.append(g); keptWidth += w
        }
        return trimTrailing(kept) + ellipsis
    }

    static func trimTrailing(_ s: String) -> String {
        var s = s
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
