import Foundation
import PaywallSimCLI

/// The `paywall-sim` command line run in this process, through the same entry `main.swift` calls
/// (`PaywallSimCommand.run`), with what it wrote to standard output and error kept apart.
enum InProcessCommandLine {
    /// Runs `arguments` and returns what was written (as UTF-8 text) and the exit status (never timed out).
    static func run(_ arguments: [String]) async -> ProcessResult {
        let written = Written()
        let code = await PaywallSimCommand.run(arguments, console: Console { bytes, stream in written.append(bytes, to: stream) })
        let (stdout, stderr) = written.bytes
        return ProcessResult(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                             exitCode: code, timedOut: false)
    }

    /// What one command wrote, by stream.
    private final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var output = Data()
        private var error = Data()

        func append(_ bytes: Data, to stream: Console.Stream) {
            lock.withLock { stream == .output ? output.append(bytes) : error.append(bytes) }
        }

        var bytes: (Data, Data) { lock.withLock { (output, error) } }
    }
}
