import Foundation
import Testing
@testable import PaywallFoundation

/// A file replaced a chunk at a time holds exactly the chunks, in order, however they fall
/// against the write buffer (gathered small ones, large ones written through, both mixed).
struct DurableFileChunkTests {
    @Test func chunksOfEverySizeArriveWholeAndInOrder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let limit = DurableFile.writeBufferBytes
        var generator = SystemRandomNumberGenerator()
        let shapes: [[Int]] = [
            [], [0], [1], [limit - 1, 1], [limit, 0, limit + 1], [1, limit, 1],
            Array(repeating: 3, count: 50_000), // a snapshot's records and commas
            (0..<200).map { _ in Int.random(in: 0...(limit + 500), using: &generator) },
        ]
        for (n, sizes) in shapes.enumerated() {
            let chunks = sizes.enumerated().map { i, size in Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ i) }) }
            let url = dir.appendingPathComponent("file-\(n).json")
            try DurableFile.replace(at: url, durability: .durable) { write in for chunk in chunks { try write(chunk) } }
            #expect(try Data(contentsOf: url) == chunks.reduce(into: Data()) { $0.append($1) }, "shape \(n)")
        }
    }

    @Test func appendMakesTheFileOnceThenAddsToIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("append-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("log.jsonl")
        try DurableFile.append(Data(utf8: "a\n"), to: url, durability: .durable)
        try DurableFile.append(Data(utf8: "b\n"), to: url, durability: .durable)
        #expect(try String(contentsOf: url, encoding: .utf8) == "a\nb\n")
        let missing = dir.appendingPathComponent("no-such-folder/log.jsonl")
        #expect { try DurableFile.append(Data(utf8: "c\n"), to: missing, durability: .durable) } throws: { error in
            "\(error)".hasPrefix(missing.path + ": cannot open for appending: No such file or directory")
        }
    }

    /// An append after whole lines first cuts a torn last line, however long, and only that.
    @Test func anAppendAfterWholeLinesCutsATornLastLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = String(repeating: "x", count: 9_000) // torn across more than two 4 KiB blocks
        let cases: [(before: String, after: String)] = [
            ("", "new\n"),                                  // made by the append
            ("a\nb\n", "a\nb\nnew\n"),                      // whole: nothing cut
            ("a\nb\n{\"torn", "a\nb\nnew\n"),               // a kill mid-append
            ("a\n" + long, "a\nnew\n"),
            (long + "\n" + long, long + "\nnew\n"),
            (long, "new\n"),                                // no newline at all: all of it is torn
        ]
        for (n, c) in cases.enumerated() {
            let url = dir.appendingPathComponent("log-\(n).jsonl")
            if !c.before.isEmpty { try Data(utf8: c.before).write(to: url) }
            try DurableFile.append(Data(utf8: "new\n"), to: url, afterWholeLines: true, durability: .durable)
            #expect(try String(contentsOf: url, encoding: .utf8) == c.after, "case \(n)")
        }
    }
}
