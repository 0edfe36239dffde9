import ArgumentParser
import Foundation
import PaywallFoundation
import Persistence
import SimRuntime
import StoreSim

/// What a store command prints: a table for people, a JSON document for scripts.
protocol StoreOutput: Encodable {
    /// The readable form (aligned tables and sentences).
    var text: String { get }
    /// Bytes written to standard output as they are, instead of `text` (a DER certificate).
    var raw: Data? { get }
    /// Says which clock the output's time was read from (an output that shows no time ignores it).
    mutating func stamp(clock: String)
}

extension StoreOutput {
    var raw: Data? { nil }
    mutating func stamp(clock: String) {}
}

/// Runs one store command: opens the state directory (`StateWorkspace.Command`), prints the output, turns errors into one line.
enum StoreRunner {
    /// `catalogOnly`: the command reads the catalog, not the state (`store products`): a catalog
    /// other than the state directory's is shown, not refused, and nothing is written.
    static func run(_ options: StoreOptions, catalogOnly: Bool = false, _ body: (StateWorkspace.Command) throws -> any StoreOutput) throws {
        do {
            let workspace = try options.openCommand(catalogOnly: catalogOnly)
            for warning in workspace.warnings(storefront: options.storefront) { printError(warning) }
            var output = try body(workspace)
            output.stamp(clock: workspace.clockLabel)
            for line in try workspace.commit() { printError(line) }
            if let raw = output.raw, !options.json { Console.out(bytes: raw) }
            else { Console.out(options.json ? try json(output) : output.text) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("paywall-sim store: \(describe(error))")
            throw ExitCode.failure
        }
    }

    /// One line for an error: the file and what is wrong when the error knows them.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as StoreKitConfigurationError: return error.description
        case let error as PersistenceError: return error.description
        case let error as StoreControlError: return error.description
        case let error as Diagnostic: return error.description
        case let error as CustomStringConvertible: return error.description.replacingOccurrences(of: "\n", with: " ")
        default: return FileErrorText.reason(error)
        }
    }

    static func printError(_ line: String) {
        Console.err(line)
    }

    /// The stable JSON form: sorted keys, pretty printed, no escaped slashes.
    static func json(_ output: any StoreOutput) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(output)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Dates as the store commands print them: ISO-8601 in UTC, to the second.
enum StoreDate {
    static func text(_ date: Date?) -> String {
        guard let date else { return "-" }
        return string(date)
    }

    static func string(_ date: Date) -> String { ISO8601.string(date) }
}

/// An optional field that is written as `null` when empty, so every JSON document has the same keys.
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
