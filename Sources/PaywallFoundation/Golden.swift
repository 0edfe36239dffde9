import Foundation

/// The one golden mechanism: the screen goldens of the tests (`PAYWALLSIM_UPDATE_GOLDENS=1`) and a
/// tape's goldens (`play --update`) are compared, diffed and written here.
///
/// The rule: a golden holds its text in normal form (`normalize`): trailing spaces cut from every
/// line, `\r\n` read as `\n`, trailing blank lines dropped, one final newline. Texts are compared
/// in that form, so whitespace at the end of a line and blank lines at the end of the text are not
/// significant; everything else is, byte for byte. A written golden is in that form.
public enum Golden {
    /// `text` as a golden holds it: trailing spaces cut per line, trailing blank lines dropped, one final newline.
    public static func normalize(_ text: String) -> String {
        var lines = TextLines.split(text).map(withoutTrailingSpaces)
        while lines.last?.isEmpty == true { lines.removeLast() }
        var normal = ""
        normal.reserveCapacity(text.utf8.count + 1)
        for line in lines {
            normal += line
            normal += "\n"
        }
        return lines.isEmpty ? "\n" : normal
    }

    /// `actual` against the `stored` golden (nil: there is none), both in normal form.
    public static func compare(_ actual: String, stored: String?) -> GoldenComparison {
        guard let stored else { return .missing }
        let expected = normalize(stored), actual = normalize(actual)
        if expected == actual { return .matched }
        return .different(diff: LineDiff.render(expected: expected, actual: actual))
    }

    /// Compares `actual` with the golden at `path` (`stored` its text, nil when there is none); with
    /// `update`, a missing or different golden is written in normal form through `write`.
    public static func check(_ actual: String, path: String, stored: String?, update: Bool,
                             write: (String) throws -> Void) -> GoldenOutcome {
        switch compare(actual, stored: stored) {
        case .matched:
            return .matched(path: path)
        case .missing where !update:
            return .missing(path: path)
        case .different(let diff) where !update:
            return .mismatch(path: path, diff: diff)
        case .missing, .different:
            do {
                try write(normalize(actual))
                return .written(path: path, created: stored == nil)
            } catch {
                return .writeFailed(path: path, reason: String(describing: error))
            }
        }
    }

    /// `check` on a file of the real file system (UTF-8; missing folders are created on write).
    public static func check(_ actual: String, file url: URL, update: Bool) -> GoldenOutcome {
        let stored = try? String(contentsOf: url, encoding: .utf8)
        return check(actual, path: url.path, stored: stored, update: update) { text in
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(utf8: text).write(to: url, options: .atomic)
        }
    }

    /// `line` without its trailing space characters. The spaces are counted in bytes; only when a
    /// non-ASCII character comes before them (which could join the first space in one character,
    /// as a prepended mark does) are they dropped character by character.
    static func withoutTrailingSpaces(_ line: Substring) -> Substring {
        let bytes = line.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == 0x20 { end = bytes.index(before: end) }
        if end == bytes.endIndex { return line }
        if end > bytes.startIndex, bytes[bytes.index(before: end)] >= 0x80 {
            var text = line
            while text.last == " " { text.removeLast() }
            return text
        }
        return line[..<end]
    }
}

/// A text against its golden, both in normal form.
public enum GoldenComparison: Hashable, Sendable {
    case matched
    /// There is no golden.
    case missing
    /// The texts differ: a line diff (`-` golden, `+` actual, with line numbers; never empty).
    case different(diff: String)
}

/// What checking a text against its golden found (and did, in update mode).
public enum GoldenOutcome: Hashable, Sendable {
    case matched(path: String)
    /// Written in update mode (`created` when there was none before).
    case written(path: String, created: Bool)
    /// No golden and not in update mode: a failure.
    case missing(path: String)
    /// The text differs from the golden: a failure, with a rendered line diff.
    case mismatch(path: String, diff: String)
    case writeFailed(path: String, reason: String)

    /// True for outcomes that fail.
    public var isFailure: Bool {
        switch self {
        case .matched, .written: return false
        case .missing, .mismatch, .writeFailed: return true
        }
    }
}
