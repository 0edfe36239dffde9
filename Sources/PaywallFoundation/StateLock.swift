import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock protocol of a state directory: which lock guards which files, and the one order a
/// process takes them in.
///
/// Three locks, each an exclusive `flock(2)` on a file `StateLayout` names: the **directory**'s
/// (`DIR/.lock`: the setup, the clock, the user, the app's files, a reset of the whole
/// directory), the **store**'s (`DIR/store/.lock`: its ledger and notification log) and the
/// **backend**'s (`DIR/backend/.lock`: its ledger). The app, `store` commands, tapes and the
/// server may open one state directory at once, and each change is "lock, re-read what the others
/// wrote, change, write, unlock", so none overwrites another's write or reuses an id. The store's
/// and the backend's are apart so a long `store advance` step or a server's request does not wait
/// for the app's quota and event writes, nor the app's store refresh for the backend.
///
/// **Order:** a thread that needs the directory's lock with another takes the directory's first
/// (`StateWorkspace.startOver` resets the store and the backend under it; a new user's token is
/// made under it), and never waits for a lock while holding a later one (directory, store,
/// backend), so no two processes wait on each other. Debug builds check the order on every
/// acquisition (`assertionFailure`).
///
/// The kernel drops a lock when its holder dies, so a `kill -9` never leaves the directory locked.
/// Reentrant within a process: one lock object per file, with a depth. The lock file is open only
/// while the lock is held, so a process that touches many state directories (a test run, a tape
/// per directory) holds no descriptor for the ones it is not using.
public final class StateLock: @unchecked Sendable {
    /// Which of a state directory's locks, in the order they are taken.
    public enum Scope: Int, Comparable, Sendable {
        case directory, store, backend

        public static func < (a: Scope, b: Scope) -> Bool { a.rawValue < b.rawValue }
    }

    /// The lock file.
    public let path: String
    /// Which lock it is.
    public let scope: Scope
    private var fd: Int32 = -1
    private var depth = 0
    private let mutex = NSRecursiveLock()

    /// The process's locks by lock file: `flock` locks belong to an open file, so a process holds
    /// one object per path (a second open of the same file would wait on the first).
    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var locks: [String: StateLock] = [:]

        func lock(for path: String, scope: Scope) -> StateLock {
            lock.withLock {
                if let existing = locks[path] { return existing }
                let made = StateLock(path: path, scope: scope)
                locks[path] = made
                return made
            }
        }
    }
    private static let registry = Registry()

    private init(path: String, scope: Scope) {
        self.path = path
        self.scope = scope
    }

    /// The process's lock on the directory's own files (`DIR/.lock`).
    public static func directory(_ layout: StateLayout) -> StateLock {
        registry.lock(for: StateLayout(root: layout.root.standardizedFileURL).lock.path, scope: .directory)
    }

    /// The process's lock on the store's files (`DIR/store/.lock`).
    public static func store(_ store: StateLayout.Store) -> StateLock {
        registry.lock(for: StateLayout.Store(folder: store.folder.standardizedFileURL).lock.path, scope: .store)
    }

    /// The process's lock on the backend's files (`DIR/backend/.lock`).
    public static func backend(_ backend: StateLayout.Backend) -> StateLock {
        registry.lock(for: StateLayout.Backend(folder: backend.folder.standardizedFileURL).lock.path, scope: .backend)
    }

    /// Runs `body` holding the lock (waiting for other processes to release it).
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        mutex.lock()
        defer { mutex.unlock() }
        if depth == 0 {
            #if DEBUG
            if let problem = Self.orderProblem(taking: scope, holding: Self.heldScopes) { assertionFailure("\(path): \(problem)") }
            #endif
            try acquire()
            #if DEBUG
            Self.heldScopes.append(scope)
            #endif
        }
        depth += 1
        defer {
            depth -= 1
            if depth == 0 {
                release()
                #if DEBUG
                if let index = Self.heldScopes.lastIndex(of: scope) { Self.heldScopes.remove(at: index) }
                #endif
            }
        }
        return try body()
    }

    /// What is wrong with taking `scope` while holding `held` (nil: nothing): a later lock held
    /// while waiting for an earlier one could wait on a process that waits on this one.
    static func orderProblem(taking scope: Scope, holding held: [Scope]) -> String? {
        guard let later = held.first(where: { $0 > scope }) else { return nil }
        return "taking the \(scope) lock while holding the \(later) lock; the order is directory, store, backend"
    }

    #if DEBUG
    /// The locks this thread holds (outermost first), for the order check of debug builds.
    private static var heldScopes: [Scope] {
        get { Thread.current.threadDictionary[heldKey] as? [Scope] ?? [] }
        set { Thread.current.threadDictionary[heldKey] = newValue }
    }
    private static let heldKey = "PaywallFoundation.StateLock.held"
    #endif

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
