import Foundation
import OutboundHTTP
import PaywallSimCLI

/// `paywall-sim serve` running in this process on a free loopback port; `stop()` ends it.
@MainActor
public final class InProcessServer {
    /// `http://127.0.0.1:PORT`: seed 004's `POST /iap/transactions`, the App Store Server API at
    /// Apple's paths, and the proxy for Apple's hosts (docs/backend.md).
    public let url: URL
    private let task: Task<CommandResult, Never>

    private init(url: URL, task: Task<CommandResult, Never>) {
        self.url = url
        self.task = task
    }

    /// Starts `arguments` (a `serve` command line) and waits up to 30 s for the address it prints.
    static func start(arguments: [String]) async throws -> InProcessServer {
        let output = CommandOutput()
        let task = Task { @MainActor in
            let code = await PaywallSimCommand.run(arguments, console: Console { bytes, stream in output.append(bytes, to: stream) })
            output.end(exitCode: code)
            return output.result(exitCode: code)
        }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = output.standardOutput
            if let range = text.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression), let url = URL(string: String(text[range])) {
                return InProcessServer(url: url, task: task)
            }
            if output.ended { throw CommandFailure(arguments: arguments, result: await task.value) }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        task.cancel()
        throw CommandFailure(arguments: arguments, result: await task.value)
    }

    /// POSTs `json` to `path` on this server (`/iap/transactions`: seed 004's endpoint); the status
    /// and body, or nil when nothing answered within `timeout` seconds.
    public func post(_ path: String, json: Data, timeout: TimeInterval = 10) async -> (status: Int, body: Data)? {
        guard let target = URL(string: path, relativeTo: url) else { return nil }
        if case .answered(let status, let body) = await JSONPost.send(json, to: target.absoluteURL, timeout: timeout) {
            return (status, body)
        }
        return nil
    }

    /// Stops serving (the task running it is cancelled, its listeners close) and waits until it has.
    @discardableResult
    public func stop() async -> CommandResult {
        task.cancel()
        return await task.value
    }
}
