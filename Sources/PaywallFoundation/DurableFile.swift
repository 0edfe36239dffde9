import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one durable-write helper: every file PaywallSim must not lose (state files, ledgers,
/// journals, events) is written here, so that a crash or kill -9 leaves either the old or the
/// new content, and a write acknowledged is on disk.
public enum DurableFile {
    /// Replaces the file at `url` with `data`: a temp file in the same directory, write, fsync,
    /// rename over the file, fsync the directory.
    public static func replace(_ data: Data, at url: URL, durability: Durability) throws(DurableFileError) {
        do {
            try replace(at: url, durability: durability) { write in try write(data) }
        } catch let error as DurableFileError {
            throw error
        } catch {
            throw DurableFileError(path: url.path, message: "\(error)") // a one-chunk writer throws nothing else
        }
    }

    /// Replaces the file at `url` with what `body` writes, a chunk at a time (so a large file is
    /// never whole in memory): a temp file in the same directory, the chunks, fsync, rename over
    /// the file, fsync the directory. A `body` that throws leaves the old file untouched.
    ///
    /// Chunks are gathered up to `writeBufferBytes` before each `write`: a ledger's snapshot comes
    /// a record and a comma at a time, two system calls per record otherwise.
    public static func replace(at url: URL, durability: Durability, writing body: (_ write: (Data) throws -> Void) throws -> Void) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        let temp = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(tempNumbers.next())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw DurableFileError.posix(temp, "cannot create temp file") }
        let sync = durability.syncs
        do {
            var pending = Data()
            func flush() throws {
                guard !pending.isEmpty else { return }
                guard writeAll(fd, pending) else { throw DurableFileError.posix(temp, "cannot write and fsync") }
                pending.removeAll(keepingCapacity: true)
            }
            try body { chunk in
                if pending.count + chunk.count > writeBufferBytes { try flush() }
                if chunk.count >= writeBufferBytes {
                    guard writeAll(fd, chunk) else { throw DurableFileError.posix(temp, "cannot write and fsync") }
                } else {
                    pending.append(chunk)
                }
            }
            try flush()
            guard !sync || durability.fsync(fd) else { throw DurableFileError.posix(temp, "cannot write and fsync") }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        close(fd)
        guard rename(temp, path) == 0 else {
            let error = DurableFileError.posix(path, "cannot rename \(temp) over it")
            unlink(temp)
            throw error
        }
        if sync { try syncDirectory(directory, durability: durability) }
    }

    /// Appends `data` to the file at `url` (creating it, then fsyncing its directory) and fsyncs it.
    ///
    /// With `afterWholeLines`, a last line without its newline (torn by a kill mid-append) is cut
    /// off first, so what is appended starts a line of its own. With `sync` false the append is
    /// not fsynced (a kill leaves it, a power loss may not: `syncIfPresent` or any later fsynced
    /// append to the file makes it durable), except when it makes the file, which is synced with
    /// its directory so that later fsynced appends survive a power loss.
    /// Returns false when the append still owes its fsync (`sync` false in a durable directory).
    @discardableResult
    public static func append(_ data: Data, to url: URL, afterWholeLines: Bool = false, sync syncRequested: Bool = true, durability: Durability) throws(DurableFileError) -> Bool {
        let path = url.path
        // Opened as it is when it exists (no `stat` first); made only when it does not.
        let mode = afterWholeLines ? O_RDWR : O_WRONLY
        var created = false
        var fd = open(path, mode | O_APPEND)
        if fd < 0, errno == ENOENT {
            fd = open(path, mode | O_CREAT | O_APPEND, 0o644)
            created = true
        }
        guard fd >= 0 else { throw .posix(path, "cannot open for appending") }
        let durable = durability.syncs
        let sync = (syncRequested || created) && durable
        var error: DurableFileError?
        if afterWholeLines, !created, !cutTornLastLine(fd) { error = .posix(path, "cannot cut off a torn last line") }
        if error == nil, !(writeAll(fd, data) && (!sync || durability.fsync(fd))) { error = .posix(path, "cannot append and fsync") }
        close(fd)
        if let error { throw error }
        if created, sync { try syncDirectory(url.deletingLastPathComponent().path, durability: durability) }
        return sync || !durable
    }

    /// Writes `data` into the file at `url` from byte `offset` on (making the file, and then
    /// fsyncing its directory, when it is missing; `truncating`: emptying it first) and fsyncs it.
    /// What lies past the written bytes is left as it was: a file whose valid length is kept
    /// elsewhere (the record archive's mark) overwrites the leftovers of a write a kill cut short.
    /// With `sync` false the write is not fsynced (a later fsynced write to the file covers it).
    public static func write(_ data: Data, to url: URL, at offset: Int, truncating: Bool = false, sync syncRequested: Bool = true, durability: Durability) throws(DurableFileError) {
        let path = url.path
        var created = false
        var fd = open(path, O_WRONLY | (truncating ? O_TRUNC : 0))
        if fd < 0, errno == ENOENT {
            fd = open(path, O_WRONLY | O_CREAT, 0o644)
            created = true
        }
        guard fd >= 0 else { throw .posix(path, "cannot open for writing") }
        let durable = durability.syncs
        var written = 0
        let ok = data.withUnsafeBytes { raw -> Bool in
            while written < raw.count {
                let count = pwrite(fd, raw.baseAddress! + written, raw.count - written, off_t(offset + written))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let synced = ok && (!durable || !(syncRequested || created) || durability.fsync(fd))
        close(fd)
        guard synced else { throw .posix(path, "cannot write and fsync") }
        if created, durable { try syncDirectory(url.deletingLastPathComponent().path, durability: durability) }
    }

    /// Fsyncs the file at `url` (appends made with `sync: false`); nothing when it is missing.
    public static func syncIfPresent(_ url: URL, durability: Durability) throws(DurableFileError) {
        let path = url.path
        guard durability.syncs else { return }
        let fd = open(path, O_WRONLY)
        if fd < 0, errno == ENOENT { return }
        guard fd >= 0 else { throw .posix(path, "cannot open to fsync") }
        defer { close(fd) }
        guard durability.fsync(fd) else { throw .posix(path, "fsync failed") }
    }

    /// Cuts the file open as `fd` after its last newline when its last byte is not one; false on failure.
    private static func cutTornLastLine(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        let size = Int(info.st_size)
        guard size > 0 else { return true }
        var last: UInt8 = 0
        guard pread(fd, &last, 1, off_t(size - 1)) == 1 else { return false }
        guard last != UInt8(ascii: "\n") else { return true }
        // Torn (rare): read back to the last newline, a block at a time.
        var end = size - 1
        var block = [UInt8](repeating: 0, count: 4096)
        while end > 0 {
            let start = max(0, end - block.count)
            let count = end - start
            guard block.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, count, off_t(start)) }) == count else { return false }
            if let newline = block[..<count].lastIndex(of: UInt8(ascii: "\n")) { return ftruncate(fd, off_t(start + newline + 1)) == 0 }
            end = start
        }
        return ftruncate(fd, 0) == 0
    }

    /// The size in bytes of the file at `path`, or nil when it cannot be read (`stat`, without
    /// Foundation's attribute dictionary, which looks up the owner's name in /etc/passwd).
    public static func size(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Numbers the temp files of this process (with its pid, unique among processes), so that
    /// naming one reads no random bytes: a `UUID` opened /dev/urandom for every file written.
    private final class TempNumbers: @unchecked Sendable {
        private let lock = NSLock()
        private var last: UInt64 = 0
        func next() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            last += 1
            return last
        }
    }
    private static let tempNumbers = TempNumbers()

    /// Fsyncs a directory so a rename, creation or removal in it survives a power loss.
    public static func syncDirectory(_ directory: String, durability: Durability) throws(DurableFileError) {
        guard durability.syncs else { return }
        let fd = open(directory, O_RDONLY)
        guard fd >= 0 else { throw .posix(directory, "cannot open directory to fsync it") }
        defer { close(fd) }
        guard durability.fsync(fd) else { throw .posix(directory, "directory fsync failed") }
    }

    /// The most `replace(at:writing:)` gathers before a `write`.
    static let writeBufferBytes = 64 << 10

    /// Writes all of `data` to `fd`, retrying short writes and EINTR; false on failure (see errno).
    static func writeAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = PlatformCalls.write(fd, base + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
    }
}

/// A durable write that failed: the file and what went wrong (with the system's reason).
public struct DurableFileError: LocatedError, Hashable, Sendable {
    /// The file or directory.
    public var path: String
    /// What failed and why, e.g. `cannot create temp file: Permission denied`.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The error for a failed system call, with `errno`'s text.
    static func posix(_ path: String, _ what: String) -> DurableFileError {
        DurableFileError(path: path, message: "\(what): \(String(cString: strerror(errno)))")
    }

    /// `path: message`.
    public var diagnostic: Diagnostic { Diagnostic(file: path, message) }
}
