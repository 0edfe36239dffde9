import PaywallFoundation
import Foundation

/// Golden screens as plain text files: `<tape folder>/goldens/<tape name>/<NAME>.txt`.
///
/// Stored text is normalised: trailing spaces are cut from every line, trailing blank lines dropped,
/// and the file ends with one newline. Screens are compared in that form.
public struct GoldenStore: Sendable {
    /// The folder holding this tape's goldens.
    public var directory: String
    public var fileSystem: any TapeFileSystem

    public init(directory: String, fileSystem: any TapeFileSystem = LocalFileSystem()) {
        self.directory = directory
        self.fileSystem = fileSystem
    }

    /// The store for a tape file: `<tape folder>/goldens/<tape name>/`.
    public static func forTape(path: String, fileSystem: any TapeFileSystem = LocalFileSystem()) -> GoldenStore {
        let tape = Tape(file: path, steps: [])
        let folder = TapePaths.join(tape.directory, "goldens")
        return GoldenStore(directory: TapePaths.join(folder, tape.name), fileSystem: fileSystem)
    }

    /// The golden file of a snapshot name.
    public func path(for name: String) -> String {
        TapePaths.join(directory, name + ".txt")
    }

    /// Compares a screen with the golden `name`; in `update` mode writes it when missing or different.
    public func check(name: String, screen: String, update: Bool) -> GoldenOutcome {
        let file = path(for: name)
        let actual = Self.normalize(screen)
        let stored = fileSystem.readText(atPath: file).map(Self.normalize)
        if stored == actual { return .matched(path: file) }
        guard update else {
            guard let stored else { return .missing(path: file) }
            return .mismatch(path: file, diff: LineDiff.render(expected: stored, actual: actual))
        }
        do {
            try fileSystem.writeText(actual, atPath: file)
            return .written(path: file, created: stored == nil)
        } catch {
            return .writeFailed(path: file, reason: String(describing: error))
        }
    }

    /// Trailing spaces cut per line, trailing blank lines dropped, one final newline.
    public static func normalize(_ screen: String) -> String {
        var lines = TapeParser.lines(of: screen).map(withoutTrailingSpaces)
        while lines.last?.isEmpty == true { lines.removeLast() }
        var text = ""
        text.reserveCapacity(screen.utf8.count + 1)
        for line in lines {
            text += line
            text += "\n"
        }
        return lines.isEmpty ? "\n" : text
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

/// What comparing a screen with its golden found.
public enum GoldenOutcome: Hashable, Sendable {
    case matched(path: String)
    /// Written in update mode (`created` when there was none before).
    case written(path: String, created: Bool)
    /// No golden and not in update mode: a failure.
    case missing(path: String)
    /// The screen differs from the golden: a failure, with a rendered line diff.
    case mismatch(path: String, diff: String)
    case writeFailed(path: String, reason: String)

    /// True for outcomes that fail the tape.
    public var isFailure: Bool {
        switch self {
        case .matched, .written: return false
        case .missing, .mismatch, .writeFailed: return true
        }
    }

    /// A one-paragraph explanation for reports.
    public var message: String {
        switch self {
        case .matched(let path): return "golden \(path) matches"
        case .written(let path, let created): return "golden \(path) \(created ? "created" : "updated")"
        case .missing(let path): return "golden \(path) is missing, run with --update to record it"
        case .mismatch(let path, let diff):
            return "screen differs from golden \(path) (- expected, + actual):\n\(diff)"
        case .writeFailed(let path, let reason): return "cannot write golden \(path): \(reason)"
        }
    }
}
