import Foundation
import PaywallSimCLI

/// What one in-process `paywall-sim` command printed, and its exit status.
public struct CommandResult: Sendable {
    /// Everything written to standard output, as UTF-8 text.
    public var standardOutput: String
    /// Everything written to standard error.
    public var standardError: String
    /// The exit status the command line would have (0: success, 64: usage).
    public var exitCode: Int32
}

/// A command that exited non-zero, with what it printed.
public struct CommandFailure: Error, CustomStringConvertible {
    /// The command line, after `paywall-sim`.
    public var arguments: [String]
    /// What it printed and its status.
    public var result: CommandResult

    public var description: String {
        "paywall-sim \(arguments.joined(separator: " ")) exited \(result.exitCode): \(result.standardError)"
    }
}

/// Collects what a command writes, by stream (commands may write from several threads).
final class CommandOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var error = Data()
    private var exit: Int32?

    func append(_ bytes: Data, to stream: Console.Stream) {
        lock.withLock { stream == .output ? output.append(bytes) : error.append(bytes) }
    }

    func result(exitCode: Int32) -> CommandResult {
        lock.withLock {
            CommandResult(standardOutput: String(decoding: output, as: UTF8.self), standardError: String(decoding: error, as: UTF8.self),
                          exitCode: exitCode)
        }
    }

    /// Marks the command as ended.
    func end(exitCode: Int32) { lock.withLock { exit = exitCode } }

    /// Whether the command has ended.
    var ended: Bool { lock.withLock { exit != nil } }

    /// The standard output so far.
    var standardOutput: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
}
