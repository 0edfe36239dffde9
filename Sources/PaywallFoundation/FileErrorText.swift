import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reason a file operation failed, in the system's words (`No such file or directory`,
/// `Permission denied`), instead of Foundation's error dump or "The operation could not be completed".
public enum FileErrorText {
    /// The underlying POSIX reason when the error carries one, else a short description.
    public static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch ns.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return String(cString: strerror(EACCES))
            case NSFileWriteOutOfSpaceError: return String(cString: strerror(ENOSPC))
            case NSFileWriteVolumeReadOnlyError: return String(cString: strerror(EROFS))
            case NSFileWriteFileExistsError: return String(cString: strerror(EEXIST))
            case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError: return "not readable as text"
            default: break
            }
        }
        return ns.localizedDescription.replacingOccurrences(of: "\n", with: " ")
    }

    /// Why `directory` cannot hold files, or nil when it can (it exists or can be made, and is writable).
    public static func directoryProblem(_ directory: URL) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return "is a file" }
            guard access(directory.path, W_OK | X_OK) == 0 else { return "not writable: \(String(cString: strerror(errno)))" }
            return nil
        }
        // mkdir -p by hand: Foundation reports some failures (a file in the path) without errno.
        var path = directory.path.hasPrefix("/") ? "" : "."
        for component in directory.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0, errno != EEXIST {
                return "cannot create it: \(String(cString: strerror(errno)))"
            }
        }
        var created: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &created), created.boolValue else {
            return "cannot create it: \(String(cString: strerror(ENOTDIR)))"
        }
        return nil
    }
}
