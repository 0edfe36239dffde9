import Foundation

/// A readable line diff of an expected and an actual text, with line numbers (for golden failures).
public enum LineDiff {
    /// One line of a diff: kept, only expected (`-`), or only actual (`+`), with its line number.
    public enum Line: Hashable, Sendable {
        case same(expectedLine: Int, actualLine: Int, text: String)
        case removed(expectedLine: Int, text: String)
        case added(actualLine: Int, text: String)
    }

    /// The edit script from `expected` to `actual` (longest common subsequence of lines). Where
    /// two scripts are equally short, removals come first, or additions with `addedFirst`.
    public static func lines(expected: [String], actual: [String], addedFirst: Bool = false) -> [Line] {
        let n = expected.count, m = actual.count
        // lcs[i][j]: length of the common subsequence of expected[i...] and actual[j...].
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = expected[i] == actual[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                result.append(.same(expectedLine: i + 1, actualLine: j + 1, text: expected[i]))
                i += 1; j += 1
            } else if j < m, i == n || lcs[i][j + 1] > lcs[i + 1][j] || (addedFirst && lcs[i][j + 1] == lcs[i + 1][j]) {
                result.append(.added(actualLine: j + 1, text: actual[j]))
                j += 1
            } else {
                result.append(.removed(expectedLine: i + 1, text: expected[i]))
                i += 1
            }
        }
        return result
    }

    /// The changed lines with `context` unchanged lines around them; `-` expected, `+` actual,
    /// each line prefixed by its line number and `|`. Control characters are shown escaped.
    public static func render(expected: String, actual: String, context: Int = 1) -> String {
        let diff = lines(expected: split(expected), actual: split(actual))
        let changed = diff.indices.filter { if case .same = diff[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var shown = Set<Int>()
        for index in changed {
            for k in max(0, index - context)...min(diff.count - 1, index + context) { shown.insert(k) }
        }
        var out: [String] = []
        var previous: Int?
        for index in shown.sorted() {
            if let previous, index > previous + 1 { out.append("   …") }
            previous = index
            switch diff[index] {
            case .same(let line, _, let text): out.append(row(" ", line, text))
            case .removed(let line, let text): out.append(row("-", line, text))
            case .added(let line, let text): out.append(row("+", line, text))
            }
        }
        return out.joined(separator: "\n")
    }

    /// Lines of a text without the final newline's empty line.
    public static func split(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func row(_ marker: String, _ line: Int, _ text: String) -> String {
        let number = String(line)
        let padded = String(repeating: " ", count: max(0, 4 - number.count)) + number
        return "\(marker)\(padded) |\(visible(text))"
    }

    /// Control characters as `\u{1B}`, so escape codes stay readable in a terminal.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
