import Foundation
import PaywallFoundation

/// Argument readers for `TapeLineParser`: each reports a precise error and returns nil on bad input.
extension TapeLineParser {
    /// Records an error at a column of this line.
    mutating func fail(at column: Int, _ message: String) {
        errors.append(TapeError(TapeLocation(file: file, line: scanner.line, column: column), message))
        scanner.skipToEnd()
    }

    /// Records a "missing argument" error at the end of the line.
    mutating func missing(after command: String, expected: String) {
        let location = scanner.here()
        fail(at: location.column, "missing argument after '\(command)', expected \(expected)")
    }

    /// Checks nothing but a comment follows; otherwise a "trailing garbage" error.
    mutating func expectEnd(after command: String) -> Bool {
        guard !scanner.atEnd() else { return true }
        let location = scanner.here()
        let rest = scanner.word()?.text ?? ""
        fail(at: location.column, "unexpected '\(rest)' after '\(command)', expected the end of the line"
            + " (a comment starts with #)")
        return false
    }

    /// A bare word or a quoted string.
    mutating func argument(after command: String, expected: String) -> TapeToken? {
        guard let next = scanner.peek() else {
            missing(after: command, expected: expected)
            return nil
        }
        if next == "\"" {
            switch scanner.quoted() {
            case .success(let token):
                if token.text.isEmpty {
                    fail(at: token.column, "empty string after '\(command)', expected \(expected)")
                    return nil
                }
                return token
            case .failure(let error):
                errors.append(error)
                return nil
            }
        }
        return scanner.word()
    }

    /// A quoted string (only).
    mutating func quoted(after command: String, expected: String) -> TapeToken? {
        guard let next = scanner.peek() else {
            missing(after: command, expected: expected)
            return nil
        }
        guard next == "\"" else {
            let location = scanner.here()
            let found = scanner.word()?.text ?? ""
            let hint = found.isEmpty ? "" : " (did you mean `\(command) \"\(found)\"`?)"
            fail(at: location.column, "expected \(expected) after '\(command)', found '\(found)'\(hint)")
            return nil
        }
        switch scanner.quoted() {
        case .success(let token): return token
        case .failure(let error):
            errors.append(error)
            return nil
        }
    }

    /// `"text"` or `/regex/`.
    mutating func matcher(after command: String) -> TapeMatcher? {
        let expected = "\"text\" or /regex/"
        guard let next = scanner.peek() else {
            missing(after: command, expected: expected)
            return nil
        }
        if next == "/" {
            switch scanner.regex() {
            case .success(let token):
                guard let pattern = TapePattern(token.text) else { return nil }
                return .regex(pattern)
            case .failure(let error):
                errors.append(error)
                return nil
            }
        }
        guard let token = quoted(after: command, expected: expected) else { return nil }
        guard !token.text.isEmpty else {
            fail(at: token.column, "empty text after '\(command)', expected \(expected) with something to look for")
            return nil
        }
        return .text(token.text)
    }

    /// A duration such as `500ms`, `2s` or `1d12h` (`SimDuration`).
    mutating func duration(after command: String) -> Int64? {
        guard let token = argument(after: command, expected: SimDuration.expected) else { return nil }
        if let problem = SimDuration.problem(token.text) {
            fail(at: token.column, "bad duration '\(token.text)', \(problem)")
            return nil
        }
        return SimDuration.parse(token.text)
    }

    /// A whole number within `range`.
    mutating func number(after command: String, range: ClosedRange<Int>, what: String) -> Int? {
        let expected = "\(what) from \(range.lowerBound) to \(range.upperBound)"
        guard let token = argument(after: command, expected: expected) else { return nil }
        let digitsOnly = token.text.unicodeScalars.allSatisfy { $0.value >= 48 && $0.value <= 57 }
        guard digitsOnly, token.text.count <= 9, let value = Int(token.text), range.contains(value) else {
            fail(at: token.column, "bad number '\(token.text)', expected \(expected)")
            return nil
        }
        return value
    }

    /// One word of a fixed list, with a "did you mean" for near misses.
    mutating func oneOf(_ options: [String], after command: String, what: String) -> String? {
        let list = TextJoin.join(options, separator: "|")
        guard let token = argument(after: command, expected: "a \(what): \(list)") else { return nil }
        guard options.contains(token.text) else {
            fail(at: token.column, "unknown \(what) '\(token.text)'" + TapeVocabulary.didYouMean(token.text, in: options)
                + ", expected one of \(list)")
            return nil
        }
        return token.text
    }

    /// A two-way switch such as `on|off` or `yes|no`.
    mutating func flag(after command: String, yes: String, no: String) -> Bool? {
        guard let word = oneOf([yes, no], after: command, what: "value") else { return nil }
        return word == yes
    }

    /// A path argument resolved against the tape's folder.
    mutating func path(after command: String, expected: String) -> String? {
        argument(after: command, expected: expected).map { TapePaths.resolve($0.text, relativeTo: file) }
    }
}
