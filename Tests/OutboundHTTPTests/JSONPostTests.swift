import Foundation
import Testing
@testable import OutboundHTTP
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private let sendFlags: Int32 = 0
#endif

/// What a POST becomes against local servers that answer, redirect in a circle, speak no HTTP,
/// refuse, or never answer: the `sendAttemptResult` each maps to.
@Suite("JSON POSTs and their outcomes")
struct JSONPostTests {
    @Test func aServerThatAnswersGivesItsStatusAndBody() async throws {
        let server = try CannedServer { _ in "HTTP/1.1 201 Created\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{\"ok\":true}" }
        defer { server.stop() }
        let outcome = await JSONPost.send(Data("{}".utf8), to: server.url("/n"), timeout: 30)
        #expect(outcome == .answered(status: 201, body: Data("{\"ok\":true}".utf8)))
        #expect(server.requests.first?.hasPrefix("POST /n HTTP/1.1") == true)
        #expect(server.requests.first?.lowercased().contains("content-type: application/json") == true)
        #expect(server.requests.first?.hasSuffix("\r\n\r\n{}") == true)
    }

    @Test func aServerErrorIsAnAnswer() {
        let server = try? CannedServer { _ in "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n" }
        defer { server?.stop() }
        let outcome = server.map { JSONPost.sendWaiting(Data("{}".utf8), to: $0.url("/"), timeout: 30) }
        #expect(outcome == .answered(status: 503, body: Data()))
    }

    @Test func aRedirectToItselfIsCircular() async throws {
        let server = try CannedServer { _ in "HTTP/1.1 307 Temporary Redirect\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n" }
        defer { server.stop() }
        guard case let .failed(failure, _) = await JSONPost.send(Data("{}".utf8), to: server.url("/loop"), timeout: 30) else {
            Issue.record("a redirect loop was answered")
            return
        }
        #expect(failure == .circularRedirect)
    }

    @Test func bytesThatAreNotHTTPAreAnInvalidResponse() async throws {
        let server = try CannedServer { _ in "this is not HTTP\r\n\r\n" }
        defer { server.stop() }
        guard case let .failed(failure, _) = await JSONPost.send(Data("{}".utf8), to: server.url("/"), timeout: 30) else {
            Issue.record("garbage was taken as an answer")
            return
        }
        #expect(failure == .invalidResponse)
    }

    @Test func httpsToAPlainServerIsATLSIssue() async throws {
        // Plain HTTP bytes as soon as the client connects, where a TLS server's hello belongs.
        let server = try CannedServer(readsRequest: false) { _ in "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" }
        defer { server.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/"))
        guard case let .failed(failure, _) = await JSONPost.send(Data("{}".utf8), to: url, timeout: 30) else {
            Issue.record("a TLS handshake with a plain server succeeded")
            return
        }
        #expect(failure == .tlsIssue)
    }

    @Test func aRefusedConnectionFailsAtOnceWithNoResponse() async throws {
        let port = try CannedServer.closedPort()
        let outcome = await JSONPost.send(Data("{}".utf8), to: try #require(URL(string: "http://127.0.0.1:\(port)/")), timeout: 30)
        guard case let .failed(failure, why) = outcome else {
            Issue.record("a closed port answered")
            return
        }
        #expect(failure == .noResponse)
        #expect(why.contains("refused"), "\(why)")
        // Not retried until the deadline (AsyncHTTPClient's default), which would fail it the same
        // way, only later: the setting is checked, not the time (a test never asserts a time).
        #expect(JSONPost.configuration.connectionPool.retryConnectionEstablishment == false)
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try CannedServer { _ in nil }
        defer { server.stop() }
        guard case let .failed(failure, why) = await JSONPost.send(Data("{}".utf8), to: server.url("/"), timeout: 0.5) else {
            Issue.record("silence was taken as an answer")
            return
        }
        #expect(failure == .timedOut)
        #expect(why == "no answer within 0.5 s")
    }
}

/// A loopback HTTP server on a thread of its own: each connection's request is read whole and
/// answered with what `answer` returns (nil: nothing, the connection held open until `stop`);
/// with `readsRequest` false it answers as soon as a client connects. `stop` ends the thread and
/// closes every socket.
final class CannedServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var received: [String] = []
    private var held: [Int32] = []

    var requests: [String] { lock.withLock { received } }

    init(readsRequest: Bool = true, answer: @escaping @Sendable (String) -> String?) throws {
        listener = try Self.listeningSocket()
        port = try Self.port(of: listener)
        let listener = listener
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 { return } // stopped
                let request = readsRequest ? Self.readRequest(connection) : ""
                lock.withLock { received.append(request) }
                if let reply = answer(request) {
                    _ = reply.utf8CString.withUnsafeBufferPointer { send(connection, $0.baseAddress, $0.count - 1, sendFlags) }
                    close(connection)
                } else {
                    lock.withLock { held.append(connection) }
                }
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in lock.withLock({ held }) { close(connection) }
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// A loopback port nothing listens on (bound, then closed).
    static func closedPort() throws -> Int {
        let s = try listeningSocket()
        defer { close(s) }
        return try port(of: s)
    }

    private static func listeningSocket() throws -> Int32 {
        let s = socket(AF_INET, streamSocket, 0)
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard s >= 0, bound == 0, listen(s, 16) == 0 else { throw CannedServerError() }
        return s
    }

    private static func port(of s: Int32) throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &length) } }
        guard named == 0 else { throw CannedServerError() }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Head and body (by Content-Length) of one request.
    private static func readRequest(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { return text }
            }
            let n = recv(connection, &buffer, buffer.count, 0)
            if n <= 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[0..<n]
        }
    }
}

struct CannedServerError: Error {}
