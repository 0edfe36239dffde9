import PaywallFoundation
import Foundation

/// Where a tape's golden screens live: `<tape folder>/goldens/<tape name>/<NAME>.txt`.
///
/// Comparing, the diff and the written form are `Golden`'s (shared with the tests' screen
/// goldens): trailing spaces and trailing blank lines are not significant, and a golden is written
/// in normal form.
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
        return Golden.check(screen, path: file, stored: fileSystem.readText(atPath: file), update: update) { text in
            try fileSystem.writeText(text, atPath: file)
        }
    }
}

extension GoldenOutcome {
    /// A one-paragraph explanation for tape reports.
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
