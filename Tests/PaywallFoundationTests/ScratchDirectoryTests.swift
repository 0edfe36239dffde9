import Foundation
import Testing
@testable import PaywallFoundation

/// A run's scratch directory goes where the user says ($TMPDIR), else to memory (/dev/shm), else
/// to the system's temporary directory; it is throwaway until discarded, and discarding removes it.
@Suite("Scratch directories")
struct ScratchDirectoryTests {
    @Test func tmpdirWinsThenMemoryThenTheSystemsTemporaryDirectory() {
        let everyDirectoryWritable: (String) -> Bool = { _ in true }
        let noneWritable: (String) -> Bool = { _ in false }
        #expect(ScratchDirectory.root(variable: { ["TMPDIR": "/work/scratch"][$0] }, isWritableDirectory: everyDirectoryWritable).path
                == "/work/scratch")
        #expect(ScratchDirectory.root(variable: { _ in nil }, isWritableDirectory: everyDirectoryWritable).path == "/dev/shm")
        #expect(ScratchDirectory.root(variable: { ["TMPDIR": ""][$0] }, isWritableDirectory: everyDirectoryWritable).path == "/dev/shm",
                "an empty TMPDIR is no choice")
        #expect(ScratchDirectory.root(variable: { _ in nil }, isWritableDirectory: noneWritable).path
                == FileManager.default.temporaryDirectory.path)
    }

    @Test func theEnvironmentIsReadAsProcessInfoReadsIt() {
        #expect(ScratchDirectory.environmentVariable("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(ScratchDirectory.environmentVariable("PAYWALLSIM_NOT_SET_\(UUID().uuidString.prefix(8))") == nil)
    }

    @Test func writableDirectoryMeansAWritableDirectory() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(ScratchDirectory.isWritableDirectory(base.path))
        #expect(!ScratchDirectory.isWritableDirectory(file.path), "a file is not a directory")
        #expect(!ScratchDirectory.isWritableDirectory(base.appendingPathComponent("missing").path))
    }

    @Test func eachUniqueDirectoryIsNewAndDiscardingRemovesIt() throws {
        let first = ScratchDirectory.unique("scratch-test"), second = ScratchDirectory.unique("scratch-test")
        #expect(first != second, "each is new")
        #expect(first.deletingLastPathComponent().path == ScratchDirectory.root().path)
        #expect(first.lastPathComponent.hasPrefix("scratch-test-\(ProcessInfo.processInfo.processIdentifier)-"))
        try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
        try DurableFile.replace(Data("{}".utf8), at: first.appendingPathComponent("state.json"), durability: .throwaway)
        ScratchDirectory.discard(first)
        ScratchDirectory.discard(second) // never created: nothing to remove, and no error
        #expect(!FileManager.default.fileExists(atPath: first.path))
    }
}
