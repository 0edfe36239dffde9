import Foundation
import PaywallFoundation
import PaywallCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A durable JSON file in the state directory, replaced atomically: temp file, fsync, rename, fsync dir.
///
/// Why it survives `kill -9` at any instant: the new content is written to a fresh temp file and
/// flushed before `rename(2)` swaps it in. `rename` is atomic, so a reader sees either the whole
/// old file or the whole new file, never a mix. A kill before the rename leaves the old file and a
/// stray temp file (ignored and removed on the next save); a kill after it leaves the new one.
/// Syncing the directory makes the rename itself durable against power loss as well.
public struct Ledger<Value: Codable>: Sendable {
    /// Why a ledger could not be read or written, with the path.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let url: URL

    public init(url: URL) { self.url = url }

    /// The stored value, or nil when the file does not exist yet.
    public func load() throws -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Failure(description: "\(url.path): cannot read the ledger: \(FileErrorText.reason(error))")
        }
        do { return try LocatedJSONDecoder().decode(Value.self, from: data) } catch {
            throw Failure(description: "\(url.path):\(error.description); expected a file this simulator wrote")
        }
    }

    /// Writes `value` durably; when this returns, a crash or kill cannot lose it.
    public func save(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do { data = try encoder.encode(value) } catch {
            throw Failure(description: "\(url.path): cannot encode the ledger: \(error)")
        }
        try Self.atomicWrite(data, to: url)
    }

    /// Writes `data` to `url` through `DurableFile.replace` (creating the folder first).
    static func atomicWrite(_ data: Data, to url: URL) throws {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try DurableFile.replace(data, at: url) } catch { throw Failure(description: error.description) }
    }
}
