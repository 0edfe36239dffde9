import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Durable file writes: a temp file in the same directory, write, fsync, rename, fsync the directory.
public enum AtomicFile {
    /// Replaces the file at `url` with `data` so that a crash leaves either the old or the new file.
    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        let temp = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UUID().uuidString.prefix(8))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw posixError(temp, "cannot create temp file") }
        do {
            try writeAll(fd, data, path: temp)
            guard fsync(fd) == 0 else { throw posixError(temp, "fsync failed") }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        close(fd)
        guard rename(temp, path) == 0 else {
            let error = posixError(path, "cannot rename \(temp) over it")
            unlink(temp)
            throw error
        }
        try syncDirectory(directory)
    }

    /// Appends `data` to the file at `url` (creating it) and fsyncs it.
    public static func append(_ data: Data, to url: URL) throws {
        let path = url.path
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { throw posixError(path, "cannot open for appending") }
        defer { close(fd) }
        try writeAll(fd, data, path: path)
        guard fsync(fd) == 0 else { throw posixError(path, "fsync failed") }
    }

    /// Fsyncs a directory so a rename or a new file in it survives a crash.
    public static func syncDirectory(_ directory: String) throws {
        let fd = open(directory, O_RDONLY)
        guard fd >= 0 else { throw posixError(directory, "cannot open directory to fsync it") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw posixError(directory, "directory fsync failed") }
    }

    private static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw posixError(path, "write failed")
                }
                offset += written
            }
        }
    }

    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
        #else
        return Darwin.write(fd, bytes, count)
        #endif
    }

    static func posixError(_ path: String, _ what: String) -> PersistenceError {
        let code = errno
        return PersistenceError(path: path, message: "\(what): \(String(cString: strerror(code)))")
    }
}
