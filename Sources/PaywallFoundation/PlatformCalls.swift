import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one seam for the C library calls whose module differs by platform (glibc on Linux, Darwin on macOS).
///
/// A call written `Glibc.write` does not compile on macOS, and `/proc` exists only on Linux; every
/// such call goes through here, with one branch per platform, so a new Linux-only call has one
/// place to go and its Darwin branch sits beside it. The heap settings (`mallopt`) are
/// `HeapTuning`'s, guarded the same way.
public enum PlatformCalls {
    /// `write(2)`.
    public static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
        #else
        return Darwin.write(fd, bytes, count)
        #endif
    }

    /// `fsync(2)`; on Darwin `F_FULLFSYNC` first, since its `fsync` leaves the drive's cache unflushed.
    public static func fsync(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.fsync(fd)
        #else
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        return Darwin.fsync(fd)
        #endif
    }

    /// `open(2)` without creating.
    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.open(path, flags)
        #else
        return Darwin.open(path, flags)
        #endif
    }

    /// The folder listing this process's open descriptors: `/proc/self/fd` on Linux, `/dev/fd` elsewhere.
    public static var descriptorFolder: String {
        #if os(Linux)
        return "/proc/self/fd"
        #else
        return "/dev/fd"
        #endif
    }

    /// How many descriptors this process has open (the listing's own descriptor included), or nil
    /// when the folder cannot be read.
    public static func openDescriptorCount() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: descriptorFolder))?.count
    }

    /// The path the open descriptor `fd` refers to, or nil: the `/proc/self/fd` link on Linux,
    /// `fcntl(F_GETPATH)` on Darwin.
    public static func path(ofDescriptor fd: Int32) -> String? {
        #if os(Linux)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
        #elseif canImport(Darwin)
        var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(fd, F_GETPATH, &buffer) != -1 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }

    /// The descriptors this process has open now.
    public static func openDescriptors() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: descriptorFolder)) ?? []
        return names.compactMap { Int32($0) }
    }
}
