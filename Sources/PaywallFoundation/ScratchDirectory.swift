import Foundation

/// Where a run makes a directory it removes when it ends (a tape's own state, a profile sweep's
/// app): `$TMPDIR` when it is set; otherwise `/dev/shm`, a file system in memory, when it is a
/// writable directory, because nothing there has to outlive the run and a disk's journal makes
/// each file created, renamed and removed cost tens of microseconds; otherwise the system's
/// temporary directory. What is written in one is `Durability.throwaway`: its owner says so.
public enum ScratchDirectory {
    /// The memory file system Linux mounts for every process.
    public static let memoryRoot = "/dev/shm"

    /// The parent for scratch directories in this environment (`variable` reads one environment
    /// variable: `getenv`, not `ProcessInfo.environment`, which copies the whole environment).
    public static func root(variable: (String) -> String? = Self.environmentVariable,
                            isWritableDirectory: (String) -> Bool = Self.isWritableDirectory) -> URL {
        if let chosen = variable("TMPDIR"), !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        if isWritableDirectory(memoryRoot) { return URL(fileURLWithPath: memoryRoot, isDirectory: true) }
        return FileManager.default.temporaryDirectory
    }

    /// A new, not yet created, directory path under `root()`: `prefix`, the process id and a UUID.
    public static func unique(_ prefix: String) -> URL {
        root().appendingPathComponent("\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)",
                                      isDirectory: true)
    }

    /// Removes a throwaway directory and everything in it.
    public static func discard(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The value of the environment variable `name`, if it is set.
    public static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// True when `path` is a directory this process may create files in.
    public static func isWritableDirectory(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return access(path, W_OK | X_OK) == 0
    }
}
