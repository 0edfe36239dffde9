import Foundation
import PaywallSimCLI

/// The `paywall-sim` command line run in this process, through the same entry `main.swift` calls
/// (`PaywallSimCommand.run`), with what it wrote to standard output and error kept apart.
enum InProcessCommandLine {
    /// Runs `arguments` and returns what was written and the exit status (never timed out).
    static func run(_ arguments: [String]) async -> ProcessResult {
        let written = Written()
        let code = await PaywallSimCommand.run(arguments, console: Console { text, stream in written.append(text, to: stream) })
        let (stdout, stderr) = written.texts
        return ProcessResult(stdout: stdout, stderr: stderr, exitCode: code, timedOut: false)
    }

    /// What one command wrote, by stream.
    private final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var output = ""
        private var error = ""

        func append(_ text: String, to stream: Console.Stream) {
            lock.withLock { stream == .output ? output.append(text) : error.append(text) }
        }

        var texts: (String, String) { lock.withLock { (output, error) } }
    }
}
