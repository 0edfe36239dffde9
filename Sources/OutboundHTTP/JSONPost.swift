import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One JSON POST over HTTP or HTTPS, as the simulator sends them: notifications to a team's
/// server (`serve --notify`) and transactions to a remote backend (`run --backend`).
///
/// Made with AsyncHTTPClient on SwiftNIO, which the server side already uses. Foundation's
/// `URLSession` on Linux is libcurl: linking it loaded 31 more shared libraries at every start
/// of every command (about 7 ms, measured on a two-line program), whether or not it posted.
public enum JSONPost {
    /// What became of a POST: the server's answer, or why there was none.
    public enum Outcome: Sendable, Equatable {
        case answered(status: Int, body: Data)
        case failed(Failure, String)
    }

    /// Why a POST got no HTTP answer, in the terms of Apple's `sendAttemptResult`.
    public enum Failure: String, Sendable, Equatable {
        case timedOut = "TIMED_OUT"
        case noResponse = "NO_RESPONSE"
        case tlsIssue = "TLS_ISSUE"
        case circularRedirect = "CIRCULAR_REDIRECT"
        case invalidResponse = "INVALID_RESPONSE"
        case other = "OTHER"
    }

    /// One client for the process: a refused connection fails at once (no retries until the
    /// deadline, as URLSession did); redirects are followed, at most five, and a cycle is an
    /// error. Proxy variables (`http_proxy`, `https_proxy`) are not read: POSTs go straight to
    /// the URL, which libcurl's URLSession did not (docs/backend.md says so).
    static let configuration: HTTPClient.Configuration = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }()

    static let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)

    /// POSTs `body` (JSON) to `url`, waiting at most `timeout` seconds for the whole answer.
    public static func send(_ body: Data, to url: URL, timeout: TimeInterval) async -> Outcome {
        do {
            return try await future(body, url, timeout).get()
        } catch {
            return failed(error, timeout: timeout)
        }
    }

    /// `send`, blocking the calling thread (not an event loop's) until the answer or the timeout;
    /// `method` and `headers` for a team's own endpoint (a JSON body, `Content-Type` set unless given).
    public static func sendWaiting(_ body: Data?, to url: URL, timeout: TimeInterval, method: String = "POST",
                                   headers: [(name: String, value: String)] = []) -> Outcome {
        do {
            return try future(body, url, timeout, method: method, headers: headers).wait()
        } catch {
            return failed(error, timeout: timeout)
        }
    }

    private static func future(_ body: Data?, _ url: URL, _ timeout: TimeInterval, method: String = "POST",
                               headers extra: [(name: String, value: String)] = []) -> EventLoopFuture<Outcome> {
        let request: HTTPClient.Request
        do {
            var headers = HTTPHeaders(extra.map { ($0.name, $0.value) })
            if body != nil, !headers.contains(name: "Content-Type") { headers.add(name: "Content-Type", value: "application/json") }
            request = try HTTPClient.Request(url: url.absoluteString, method: HTTPMethod(rawValue: method),
                                             headers: headers, body: body.map { .data($0) })
        } catch {
            return client.eventLoopGroup.any().makeFailedFuture(error)
        }
        let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1000))
        return client.execute(request: request, deadline: deadline).map { response in
            .answered(status: Int(response.status.code), body: response.body.map { Data($0.readableBytesView) } ?? Data())
        }
    }

    /// Apple's `sendAttemptResult` for an error a POST ended with.
    static func classify(_ error: any Error) -> Failure {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return .timedOut
            case .redirectCycleDetected, .redirectLimitReached:
                return .circularRedirect
            case .remoteConnectionClosed:
                return .noResponse
            case .bodyLengthMismatch, .contentLengthMissing, .chunkedSpecifiedMultipleTimes, .identityCodingIncorrectlyPresent,
                 .httpEndReceivedAfterHeadWith1xx, .uncleanShutdown:
                return .invalidResponse
            default:
                return .other
            }
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError { return .tlsIssue }
        if error is NIOConnectionError || error is IOError || error is SocketAddressError || error is ChannelError { return .noResponse }
        if error is HTTPParserError { return .invalidResponse }
        return .other
    }

    /// The outcome of a POST that ended with `error`, with one line saying why.
    static func failed(_ error: any Error, timeout: TimeInterval) -> Outcome {
        let failure = classify(error)
        return .failed(failure, failure == .timedOut ? "no answer within \(seconds(timeout)) s" : describe(error))
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// One line saying why a POST failed.
    static func describe(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            let first = error.connectionErrors.first.map { "\($0.error)" } ?? error.dnsAAAAError.map { "\($0)" } ?? error.dnsAError.map { "\($0)" }
            return "could not connect to \(error.host):\(error.port)" + (first.map { " (\($0))" } ?? "")
        }
        return "\(error)"
    }
}
