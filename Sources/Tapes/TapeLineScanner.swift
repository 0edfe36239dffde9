import Foundation
import PaywallFoundation

/// A token read from a tape line: its text (unescaped for strings and regexes) and its 1-based column.
struct TapeToken: Hashable, Sendable {
    var text: String
    var column: Int
}

/// Reads the words, quoted strings and `/regex/`es of one tape line; `#` at a token start is a comment.
struct TapeLineScanner {
    let characters: [Character]
    let file: String
    let line: Int
    private(set) var index = 0
    /// One past the last character any token used, to cut the command text without its comment.
    private(set) var consumedEnd = 0

    init(_ text: Substring, file: String, line: Int) {
        self.characters = Array(text)
        self.file = file
        self.line = line
    }

    /// The location of the next token (after spaces), or of the line's end.
    mutating func here() -> TapeLocation {
        skipSpaces()
        return TapeLocation(file: file, line: line, column: index + 1)
    }

    /// True when only spaces or a comment remain.
    mutating func atEnd() -> Bool {
        skipSpaces()
        return index >= characters.count || characters[index] == "#"
    }

    /// The next character after spaces, if any (a comment counts as the end).
    mutating func peek() -> Character? {
        atEnd() ? nil : characters[index]
    }

    /// The line's text from `start` to the end of the last token read.
    func consumedText(from start: Int) -> String {
        guard consumedEnd > start else { return "" }
        return TextJoin.string(characters[start..<consumedEnd])
    }


    /// The next bare word (up to whitespace), or nil at the end of the line.
    mutating func word() -> TapeToken? {
        guard !atEnd() else { return nil }
        let start = index
        while index < characters.count, !characters[index].isWhitespace { index += 1 }
        consumedEnd = index
        return TapeToken(text: TextJoin.string(characters[start..<index]), column: start + 1)
    }

    /// A `"…"` string at the current position with `\"`, `\\`, `\n`, `\t` unescaped.
    mutating func quoted() -> Result<TapeToken, TapeError> {
        _ = atEnd()
        let start = index
        index += 1
        var text = ""
        while index < characters.count {
            let c = characters[index]
            if c == "\"" {
                index += 1
                consumedEnd = index
                return .success(TapeToken(text: text, column: start + 1))
            }
            if c == "\\" {
                guard index + 1 < characters.count else { break }
                let next = characters[index + 1]
                switch next {
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                case "n": text.append("\n")
                case "t": text.append("\t")
                default:
                    let location = TapeLocation(file: file, line: line, column: index + 1)
                    skipToEnd()
                    return .failure(TapeError(location,
                        "unknown escape '\\\(next)' in string, expected \\\" \\\\ \\n or \\t"))
                }
                index += 2
                continue
            }
            text.append(c)
            index += 1
        }
        skipToEnd()
        return .failure(TapeError(TapeLocation(file: file, line: line, column: start + 1),
            "unterminated string, expected a closing \" on the same line"))
    }

    /// A `/…/` regex at the current position; `\/` stands for a slash, other escapes stay for the regex.
    mutating func regex() -> Result<TapeToken, TapeError> {
        _ = atEnd()
        let start = index
        index += 1
        var pattern = ""
        while index < characters.count {
            let c = characters[index]
            if c == "/" {
                index += 1
                consumedEnd = index
                let location = TapeLocation(file: file, line: line, column: start + 1)
                if pattern.isEmpty {
                    return .failure(TapeError(location, "empty regex //, expected a pattern like /Yearly/"))
                }
                guard TapePattern(pattern) != nil else {
                    return .failure(TapeError(location,
                        "invalid regex /\(pattern)/, expected an NSRegularExpression pattern"))
                }
                return .success(TapeToken(text: pattern, column: start + 1))
            }
            if c == "\\", index + 1 < characters.count {
                let next = characters[index + 1]
                if next == "/" { pattern.append("/") } else { pattern.append(c); pattern.append(next) }
                index += 2
                continue
            }
            pattern.append(c)
            index += 1
        }
        skipToEnd()
        return .failure(TapeError(TapeLocation(file: file, line: line, column: start + 1),
            "unterminated regex, expected a closing / on the same line"))
    }

    /// Gives up on the rest of the line (after an error inside a token).
    mutating func skipToEnd() {
        index = characters.count
        consumedEnd = characters.count
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }
}
