import Foundation
import PaywallFoundation

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
        TapePaths.stem(of: file)
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

/// Path helpers shared by the parser, loader and golden store; pure string work, no file system
/// (and no `NSString` path methods, which trap on some inputs on Linux).
enum TapePaths {
    /// The folder of a file path; `.` when it has none, `/` for a file at the root.
    static func directory(of file: String) -> String {
        var path = Substring(file)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a path (`Scripts/a.tape` → `a.tape`).
    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The last component without its extension (`a.tape` → `a`; `.hidden` stays).
    static func stem(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension of the last component without the dot, or an empty string.
    static func pathExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `folder/name`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` resolved against the folder of `file` unless it is absolute, with `.` and `..` folded;
    /// `~` is not expanded.
    static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        let folder = directory(of: file)
        return normalize(folder == "." ? path : join(folder, path))
    }

    /// Folds `.`, `..` and repeated slashes (`a/./b/../c` → `a/c`); leading `..` of a relative path stay.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = TextJoin.join(parts, separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
