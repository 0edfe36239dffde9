import Foundation
import Testing
import PaywallFoundation

/// A write's durability is the policy its caller was given: a throwaway directory (a tape's own
/// state) is written without fsync, still atomically; a durable one fsyncs every commit.
@Suite("Durability")
struct DurabilityTests {
    static func directory() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base
    }

    @Test func throwawayWritesAreAtomicAndMakeNoFsync() throws {
        let scratch = try Self.directory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let counter = SyncCounter()
        let throwaway = Durability.throwaway.counting(counter)
        try DurableFile.replace(Data("one".utf8), at: scratch.appendingPathComponent("a.json"), durability: throwaway)
        try DurableFile.replace(Data("two".utf8), at: scratch.appendingPathComponent("a.json"), durability: throwaway)
        try DurableFile.append(Data("x\n".utf8), to: scratch.appendingPathComponent("e.jsonl"), durability: throwaway)
        try DurableFile.append(Data("y\n".utf8), to: scratch.appendingPathComponent("e.jsonl"), durability: throwaway)
        try DurableFile.write(Data("z".utf8), to: scratch.appendingPathComponent("w"), at: 0, durability: throwaway)
        try DurableFile.syncIfPresent(scratch.appendingPathComponent("e.jsonl"), durability: throwaway)
        try DurableFile.syncDirectory(scratch.path, durability: throwaway)
        #expect(counter.count == 0)
        #expect(try String(contentsOf: scratch.appendingPathComponent("a.json"), encoding: .utf8) == "two")
        #expect(try String(contentsOf: scratch.appendingPathComponent("e.jsonl"), encoding: .utf8) == "x\ny\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, "still replaced by rename: \(leftovers)")
    }

    @Test func durableWritesFsyncTheFileAndTheDirectoryThatGainedIt() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = SyncCounter()
        let durable = Durability.durable.counting(counter)
        try DurableFile.replace(Data("one".utf8), at: directory.appendingPathComponent("a.json"), durability: durable)
        #expect(counter.count == 2, "the temp file, then the directory after the rename")
        counter.reset()
        try DurableFile.append(Data("x\n".utf8), to: directory.appendingPathComponent("e.jsonl"), durability: durable)
        #expect(counter.count == 2, "a new file: the file and its directory")
        counter.reset()
        try DurableFile.append(Data("y\n".utf8), to: directory.appendingPathComponent("e.jsonl"), durability: durable)
        #expect(counter.count == 1)
        counter.reset()
        let owed = try DurableFile.append(Data("z\n".utf8), to: directory.appendingPathComponent("e.jsonl"), sync: false, durability: durable)
        #expect(!owed && counter.count == 0, "an append asked not to sync owes its fsync")
        try DurableFile.syncIfPresent(directory.appendingPathComponent("e.jsonl"), durability: durable)
        #expect(counter.count == 1)
    }
}
