import Foundation
import Testing
@testable import PaywallFoundation
#if canImport(Glibc)
import Glibc
#endif

/// The state directory's lock excludes every other holder while a change runs, nests within a
/// process, and keeps no descriptor open once released (a process touching many directories —
/// a test run, a tape per directory — must not run out of descriptors).
@Suite("State directory lock")
struct StateLockTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether another open file description could take the lock now (`flock` locks belong to an
    /// open file, so a second open in this process competes like another process would).
    private func othersCanLock(_ path: String) -> Bool {
        let other = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(other) }
        return flock(other, LOCK_EX | LOCK_NB) == 0
    }

    /// This process's open descriptors that point at `path`.
    private func descriptors(on path: String) -> Int {
        // Compared by real path: on macOS the temporary folder is under a symlink (/var → /private/var).
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        return PlatformCalls.openDescriptors().filter { fd in
            PlatformCalls.path(ofDescriptor: fd).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardizedFileURL.path } == target
        }.count
    }

    @Test func itExcludesOthersWhileHeldNestsAndReleasesAtTheOutermostEnd() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let lock = StateLock.directory(StateLayout(root: root))
        #expect(StateLock.directory(StateLayout(root: root)) === lock, "one object per lock file")
        try lock.withLock {
            #expect(!othersCanLock(lock.path))
            try lock.withLock { #expect(!othersCanLock(lock.path), "nested use does not deadlock") }
            #expect(!othersCanLock(lock.path), "the inner end does not release the outer hold")
        }
        #expect(othersCanLock(lock.path))
    }

    @Test func noDescriptorStaysOpenAfterRelease() throws {
        let roots = try (0..<40).map { _ in try directory() }
        defer { roots.forEach { try? FileManager.default.removeItem(at: $0) } }
        for root in roots {
            let lock = StateLock.directory(StateLayout(root: root))
            try lock.withLock { #expect(descriptors(on: lock.path) == 1) }
            #expect(descriptors(on: lock.path) == 0, "\(lock.path) is still open after release")
        }
    }

    @Test func aBodyThatThrowsStillReleases() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let lock = StateLock.directory(StateLayout(root: root))
        struct Failure: Error {}
        #expect(throws: Failure.self) { try lock.withLock { throw Failure() } }
        #expect(othersCanLock(lock.path))
    }

    @Test func theThreeLocksHaveTheirOwnFilesAndOneOrder() throws {
        let layout = StateLayout(root: try directory())
        defer { try? FileManager.default.removeItem(at: layout.root) }
        #expect(StateLock.directory(layout).path.hasSuffix("/.lock"))
        #expect(StateLock.store(layout.store).path.hasSuffix("/store/.lock"))
        #expect(StateLock.backend(layout.backend).path.hasSuffix("/backend/.lock"))
        #expect(StateLock.orderProblem(taking: .store, holding: [.directory]) == nil, "directory, then store")
        #expect(StateLock.orderProblem(taking: .backend, holding: [.directory, .store]) == nil)
        #expect(StateLock.orderProblem(taking: .store, holding: [.store]) == nil, "another directory's store")
        #expect(StateLock.orderProblem(taking: .directory, holding: [.store]) != nil, "never the directory's under the store's")
        #expect(StateLock.orderProblem(taking: .store, holding: [.backend]) != nil)
    }
}
