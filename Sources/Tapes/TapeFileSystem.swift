import Foundation
import PaywallFoundation

/// The file access tapes need (reading tapes, reading and writing goldens), injectable for tests.
public protocol TapeFileSystem: Sendable {
    /// The file's UTF-8 text, or nil when it does not exist or cannot be read.
    func readText(atPath path: String) -> String?
    /// Writes the text atomically, creating missing folders.
    func writeText(_ text: String, atPath path: String) throws
}

/// The real file system through `FileManager`.
public struct LocalFileSystem: TapeFileSystem {
    public init() {}

    public func readText(atPath path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    public func writeText(_ text: String, atPath path: String) throws {
        let folder = TapePaths.directory(of: path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(utf8: text).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}

/// Files held in memory, keyed by path: for tests and for checking tapes without touching the disk.
public final class InMemoryFileSystem: TapeFileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String]

    public init(files: [String: String] = [:]) {
        self.files = files
    }

    /// Every file and its text.
    public var contents: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return files
    }

    public func readText(atPath path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return files[path]
    }

    public func writeText(_ text: String, atPath path: String) throws {
        lock.lock()
        defer { lock.unlock() }
        files[path] = text
    }
}
