import Foundation
import Testing
import PaywallFoundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The platform seam's calls do what the C library does, on whichever platform the tests run.
@Suite("Platform calls")
struct PlatformCallsTests {
    @Test func aFileOpenedThroughTheSeamIsCountedNamedWrittenAndSynced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("platform-calls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bytes")
        FileManager.default.createFile(atPath: file.path, contents: nil)

        // Other tests open and close files in this process meanwhile: the count is checked by
        // what this test's own file adds, the descriptors that name it.
        func namingTheFile() -> Int {
            PlatformCalls.openDescriptors().filter { descriptor in
                PlatformCalls.path(ofDescriptor: descriptor).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == file.resolvingSymlinksInPath().path
            }.count
        }
        #expect(namingTheFile() == 0)
        let fd = PlatformCalls.open(file.path, O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        #expect((PlatformCalls.openDescriptorCount() ?? 0) >= 1)
        #expect(namingTheFile() == 1)
        #expect(PlatformCalls.openDescriptors().contains(fd))
        let named = try #require(PlatformCalls.path(ofDescriptor: fd))
        #expect(URL(fileURLWithPath: named).resolvingSymlinksInPath().path == file.resolvingSymlinksInPath().path)

        let bytes: [UInt8] = Array("seam".utf8)
        let written = bytes.withUnsafeBytes { PlatformCalls.write(fd, $0.baseAddress!, $0.count) }
        #expect(written == 4)
        #expect(PlatformCalls.fsync(fd) == 0)
        close(fd)
        #expect(namingTheFile() == 0)
        #expect(try Data(contentsOf: file) == Data(bytes))
    }

    @Test func aMissingFileIsRefusedAndAClosedDescriptorHasNoPath() {
        #expect(PlatformCalls.open("/nonexistent-\(UUID().uuidString)/x", O_RDONLY) == -1)
        #expect(PlatformCalls.path(ofDescriptor: 987_654) == nil)
    }
}
