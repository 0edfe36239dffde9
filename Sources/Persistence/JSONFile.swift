import Foundation
import PaywallFoundation
import PaywallCore

/// One JSON state file: load (nil when missing) and atomic save, with errors naming the file.
public struct JSONFile<Value: Codable & Sendable>: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The value in the file, or nil when the file does not exist.
    /// Throws `PersistenceError` when the file cannot be read or does not decode; the file is left as it is.
    public func load() throws -> Value? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PersistenceError(path: url.path, message: "cannot read: \(FileErrorText.reason(error))")
        }
        do {
            return try LocatedJSONDecoder(dateDecoding: .iso8601).decode(Value.self, from: data)
        } catch {
            throw PersistenceError(path: url.path, location: error.location, message: error.message)
        }
    }

    /// Writes `value` atomically (pretty-printed, sorted keys, ISO-8601 dates), fsynced unless
    /// `durability` is throwaway.
    public func save(_ value: Value, durability: Durability) throws {
        let data: Data
        do {
            data = try Self.encoder().encode(value)
        } catch {
            throw PersistenceError(path: url.path, message: "cannot encode: \(error.localizedDescription)")
        }
        do { try DurableFile.replace(data + Data(utf8: "\n"), at: url, durability: durability) }
        catch { throw PersistenceError(path: error.path, message: error.message) }
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = ISO8601.encodingStrategy
        return encoder
    }


}
