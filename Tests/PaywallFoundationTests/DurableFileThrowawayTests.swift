import Foundation
import Testing
@testable import PaywallFoundation

/// A throwaway directory (a tape's own state) is written without fsync, still atomically; every
/// other directory keeps its fsyncs.
@Suite("Durable files in a throwaway directory")
struct DurableFileThrowawayTests {
    @Test func onlyTheThrowawayDirectorySkipsItsFsyncsAndOnlyUntilItEnds() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)")
        let scratch = base.appendingPathComponent("tape"), kept = base.appendingPathComponent("tape-kept")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }

        DurableFile.beginThrowaway(scratch)
        #expect(!DurableFile.needsSync(scratch.appendingPathComponent("quota.json").path))
        #expect(!DurableFile.needsSync(scratch.appendingPathComponent("store/ledger.json").path))
        #expect(DurableFile.needsSync(kept.appendingPathComponent("quota.json").path), "a sibling whose name starts the same is not inside")
        try DurableFile.replace(Data("one".utf8), at: scratch.appendingPathComponent("a.json"))
        try DurableFile.replace(Data("two".utf8), at: scratch.appendingPathComponent("a.json"))
        try DurableFile.append(Data("x\n".utf8), to: scratch.appendingPathComponent("e.jsonl"))
        try DurableFile.append(Data("y\n".utf8), to: scratch.appendingPathComponent("e.jsonl"))
        #expect(try String(contentsOf: scratch.appendingPathComponent("a.json"), encoding: .utf8) == "two")
        #expect(try String(contentsOf: scratch.appendingPathComponent("e.jsonl"), encoding: .utf8) == "x\ny\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "still replaced by rename: \(leftovers)")
        DurableFile.endThrowaway(scratch)
        #expect(DurableFile.needsSync(scratch.appendingPathComponent("quota.json").path))
    }

    @Test func standardPathsAreFoundationsStandardizedPaths() {
        let parts = ["a", ".", "..", "...", "", ".a", "a.", "..b", "tmp", "dev", "shm", "paywall-sim-tape-1-X"]
        var random = SystemRandomNumberGenerator(), differ: [String] = [], compared = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...6, using: &random)
            var path = (0..<count).map { _ in parts.randomElement(using: &random)! }.joined(separator: "/")
            if Bool.random(using: &random) { path = "/" + path }
            if Int.random(in: 0..<4, using: &random) == 0 { path += "/" }
            guard !path.isEmpty else { continue }
            let foundation = URL(fileURLWithPath: path).standardizedFileURL.path
            if DurableFile.standardPath(path) != foundation { differ.append("\(path) → \(DurableFile.standardPath(path)), Foundation \(foundation)") }
            compared += 1
        }
        for path in ["/", "/tmp", "/dev/shm/paywall-sim-tape-7-A/store", "/a/./b", "/a/../b", "/a//b", "/a/b/", "/a/.", "/a/..", "/.hidden/x"] {
            if DurableFile.standardPath(path) != URL(fileURLWithPath: path).standardizedFileURL.path { differ.append(path) }
        }
        #expect(compared > 15_000)
        #expect(differ.isEmpty, "\(differ.prefix(3))")
    }
}
