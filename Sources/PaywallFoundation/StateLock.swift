import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock every process takes before it changes a shared part of a state directory.
///
/// An exclusive `flock(2)` on a lock file (`DIR/.lock`): the app, `store` commands, tapes and the
/// server may open one state directory at once, and each change is "lock, re-read what the others
/// wrote, change, write, unlock", so none overwrites another's write or reuses an id. The kernel
/// drops the lock when its holder dies, so a `kill -9` never leaves the directory locked.
/// Reentrant within a process: one lock object per file (`StateLock.for(file:)`), with a depth.
/// The lock file is open only while the lock is held, so a process that touches many state
/// directories (a test run, a tape per directory) holds no descriptor for the ones it is not using.
public final class StateLock: @unchecked Sendable {
    /// The lock file.
    public let path: String
    private var fd: Int32 = -1
    private var depth = 0
    private let mutex = NSRecursiveLock()

    /// The process's locks by lock file: `flock` locks belong to an open file, so a process holds
    /// one object per path (a second open of the same file would wait on the first).
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var locks: [String: StateLock] = [:]

        func lock(for path: String) -> StateLock {
            lock.withLock {
                if let existing = locks[path] { return existing }
                let made = StateLock(path: path)
                locks[path] = made
                return made
            }
        }
    }
    private static let registry = Registry()

    private init(path: String) { self.path = path }

    /// The process's lock on `directory/.lock` (one object per path, so nested use never deadlocks).
    public static func `for`(directory: URL) -> StateLock {
        registry.lock(for: StateLayout(root: directory.standardizedFileURL).lock.path)
    }

    /// Runs `body` holding the lock (waiting for other processes to release it).
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        mutex.lock()
        defer { mutex.unlock() }
        if depth == 0 { try acquire() }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 { release() }
        }
        return try body()
    }

    private func acquire() throws(DurableFileError) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .posix(path, "cannot open the state directory's lock file") }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let failure = DurableFileError.posix(path, "cannot lock the state directory")
            close(fd)
            fd = -1
            throw failure
        }
    }

    /// Closing the file drops the `flock`, and leaves no descriptor behind.
    private func release() {
        close(fd)
        fd = -1
    }
}

/// What a file looked like when last read (device, inode, size, change time), to notice another
/// process's write without reading the file.
public struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    /// The file's size in bytes.
    public private(set) var size: Int64
    var seconds: Int
    var nanoseconds: Int

    /// Whether `other` is a stamp of the same file (device and inode), whatever its size and time.
    public func sameFile(as other: FileStamp) -> Bool { device == other.device && inode == other.inode }

    /// The file's stamp now, or nil when it does not exist.
    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                         seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}
