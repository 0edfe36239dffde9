import Foundation

/// A parsed tape: its file and its commands in the order they run.
public struct Tape: Hashable, Sendable {
    /// The tape's path as given (used in error messages and to find its goldens).
    public var file: String
    public var steps: [TapeStep]

    public init(file: String, steps: [TapeStep]) {
        self.file = file
        self.steps = steps
    }

    /// The tape's name: its file name without the extension (`happy-path.tape` → `happy-path`).
    public var name: String {
        let base = (file as NSString).lastPathComponent
        let stem = (base as NSString).deletingPathExtension
        return stem.isEmpty ? base : stem
    }

    /// The folder the tape sits in; relative paths inside the tape resolve against it.
    public var directory: String { TapePaths.directory(of: file) }

    /// The commands without their locations.
    public var commands: [TapeCommand] { steps.map(\.command) }
}

/// One command of a tape with where it was written and its source text.
public struct TapeStep: Hashable, Sendable {
    public var command: TapeCommand
    /// The command's own file and line (an included file keeps its own location).
    public var location: TapeLocation
    /// The line as written, without comment and surrounding spaces, for failure reports.
    public var text: String

    public init(command: TapeCommand, location: TapeLocation, text: String) {
        self.command = command
        self.location = location
        self.text = text
    }
}

/// Path helpers shared by the parser, loader and golden store.
enum TapePaths {
    /// The folder of a file path; `.` when it has none.
    static func directory(of file: String) -> String {
        let dir = (file as NSString).deletingLastPathComponent
        return dir.isEmpty ? "." : dir
    }

    /// `path` resolved against the folder of `file` unless it is absolute; `~` is not expanded.
    static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        let dir = directory(of: file)
        let joined = dir == "." ? path : (dir as NSString).appendingPathComponent(path)
        let standardized = (joined as NSString).standardizingPath
        return standardized.isEmpty ? joined : standardized
    }
}
