import Foundation
import PaywallFoundation
import StoreKitVocabulary
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
    /// Why a ledger could not be read or written: the file, the place in it when known, and what
    /// was expected.
    public struct Failure: LocatedError, Sendable {
        public var diagnostic: Diagnostic

        /// A problem in `file` (at `line`:`column` when known).
        public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
            diagnostic = Diagnostic(file: file, line: line, column: column, message)
        }

        /// A durable write or sync that failed, with its file.
        public init(_ error: DurableFileError) { diagnostic = error.diagnostic }
    }

    public let url: URL
    /// Whether a save is fsynced (the workspace's policy for the directory).
    public let durability: Durability

    public init(url: URL, durability: Durability) {
        self.url = url
        self.durability = durability
    }

    /// The stored value, or nil when the file does not exist yet.
    public func load() throws -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Failure(file: url.path, "cannot read the ledger: \(FileErrorText.reason(error))")
        }
        if let reading = Value.self as? any SnapshotFastReading.Type, let value = reading.readSnapshot(data) as? Value { return value }
        do { return try LocatedJSONDecoder().decode(Value.self, from: data) } catch {
            throw Failure(file: url.path, line: error.location.line, column: error.location.column, "\(error.message); expected a file this simulator wrote")
        }
    }

    /// Writes `value` durably; when this returns, a crash or kill cannot lose it.
    public func save(_ value: Value) throws {
        if let parts = value as? any SnapshotInParts, try saveInParts(parts) { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do { data = try encoder.encode(value) } catch {
            throw Failure(file: url.path, "cannot encode the ledger: \(error)")
        }
        try Self.atomicWrite(data, to: url, durability: durability)
    }

    /// Writes a state with a bulk collection a piece at a time: the state without its bulk, with
    /// the bulk's elements encoded one by one where its empty collection was. Memory holds one
    /// element's JSON at a time, not the whole file's (encoding a 10,000-transaction ledger whole
    /// took about 150 MiB of tree and text).
    /// Returns false, having written nothing, when the outline does not show the bulk's place
    /// exactly once (then the value is written whole).
    /// Where `marker` first occurs in `data` at or after `start`, compared byte by byte
    /// (`Data.range(of:)` goes through `NSData`'s generic search, slower to start than the search).
    package static func firstRange(of marker: Data, in data: Data, from start: Data.Index) -> Range<Data.Index>? {
        guard let first = marker.first, data.endIndex - start >= marker.count else { return nil }
        var index = start
        while index <= data.endIndex - marker.count {
            if data[index] == first, data[index..<index + marker.count].elementsEqual(marker) { return index..<index + marker.count }
            index += 1
        }
        return nil
    }

    private func saveInParts(_ value: some SnapshotInParts) throws -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let outline: Data
        do { outline = try encoder.encode(value.withoutBulk) } catch {
            throw Failure(file: url.path, "cannot encode the ledger: \(error)")
        }
        let marker = Data(utf8: "\"\(type(of: value).bulkKey)\":")
        guard let found = Self.firstRange(of: marker, in: outline, from: outline.startIndex), outline.endIndex - found.upperBound >= 2,
              Self.firstRange(of: marker, in: outline, from: found.upperBound) == nil else { return false }
        let empty = found.upperBound..<found.upperBound + 2
        let pair = (outline[empty.lowerBound], outline[empty.lowerBound + 1])
        guard pair == (UInt8(ascii: "["), UInt8(ascii: "]")) || pair == (UInt8(ascii: "{"), UInt8(ascii: "}")) else { return false }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try DurableFile.replace(at: url, durability: durability) { write in
                try write(outline[..<empty.lowerBound])
                try value.writeBulk(with: encoder, to: write)
                try write(outline[empty.upperBound...])
            }
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(file: url.path, "\(error)")
        }
        return true
    }

    /// Writes `data` to `url` through `DurableFile.replace` (creating the folder first).
    package static func atomicWrite(_ data: Data, to url: URL, durability: Durability) throws {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do { try DurableFile.replace(data, at: url, durability: durability) } catch { throw Failure(error) }
    }
}

/// A ledger state whose largest part (its transactions) is written element by element.
package protocol SnapshotInParts: Encodable {
    /// The JSON key of the bulk collection, a top-level array or object.
    static var bulkKey: String { get }
    /// The state with its bulk collection empty (what is written around the elements).
    var withoutBulk: Self { get }
    /// Writes the bulk collection's JSON (`[…]` or `{…}`), one element's encoding at a time.
    func writeBulk(with encoder: JSONEncoder, to write: (Data) throws -> Void) throws
}

/// A ledger state that reads its own snapshot faster than the decoder does; nil from
/// `readSnapshot` leaves the file to the decoder (which names the fault, if there is one).
package protocol SnapshotFastReading {
    static func readSnapshot(_ data: Data) -> Self?
}
