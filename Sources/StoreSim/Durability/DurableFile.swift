import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two system-call steps every durable write here shares: write all bytes and fsync, and
/// fsync a directory so a rename, creation or removal in it survives a power loss.
enum DurableFile {
    /// Writes all of `data` to `fd` (retrying short writes and EINTR), then fsyncs it; false on failure (see errno).
    static func writeAndSync(_ fd: Int32, _ data: Data) -> Bool {
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        return written && fsync(fd) == 0
    }

    /// Fsyncs the directory that holds `url` (best effort: a directory that cannot be opened is skipped).
    static func syncDirectory(of url: URL) {
        let fd = open(url.deletingLastPathComponent().path, O_RDONLY)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }
}
