import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The ports of `serve`'s two inner listeners (plain HTTP and TLS as Apple's hosts), known once both run.
final class InnerPorts: Sendable {
    private let ports = NIOLockedValueBox<(plain: Int?, tls: Int?)>((nil, nil))

    func setPlain(_ port: Int?) { ports.withLockedValue { $0.plain = port } }
    func setTLS(_ port: Int?) { ports.withLockedValue { $0.tls = port } }
    var both: (plain: Int, tls: Int)? {
        ports.withLockedValue { value in value.plain.flatMap { plain in value.tls.map { (plain, $0) } } }
    }
}

/// `serve`'s public port: plain HTTP goes on to the router as it is (seed 004's endpoint, Apple's
/// paths, OCSP), and `CONNECT` for Apple's API hosts opens a tunnel to the TLS listener that
/// presents the state's certificate for them, so a client with `HTTPS_PROXY` reaches "Apple" here.
/// A `CONNECT` for any other host is refused with 403: nothing is ever forwarded elsewhere.
struct ProxyFront: Service {
    let host: String
    let port: Int
    let inner: InnerPorts
    let ready: @Sendable (Int) -> Void

    func run() async throws {
        while inner.both == nil { try await Task.sleep(for: .milliseconds(5)) }
        guard let ports = inner.both else { return }
        let host = self.host
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(FrontHandler(ports: ports, listeningHost: host))
                }
            }
            .bind(host: host, port: port).get()
        ready(channel.localAddress?.port ?? port)
        try? await gracefulShutdown()
        try? await channel.close()
    }
}

/// Reads the start of a connection: a `CONNECT` (answered here, then tunnelled to the TLS
/// listener) or anything else (handed to the plain listener, first bytes included).
final class FrontHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let ports: (plain: Int, tls: Int)
    private let listeningHost: String
    private var pending: ByteBuffer?
    private var connecting = false
    private static let connectPrefix = Array("CONNECT ".utf8)
    private static let headerEnd = Array("\r\n\r\n".utf8)
    private static let headerLimit = 16 << 10

    init(ports: (plain: Int, tls: Int), listeningHost: String) {
        self.ports = ports
        self.listeningHost = listeningHost
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        if pending == nil { pending = incoming } else { pending!.writeBuffer(&incoming) }
        guard !connecting, let bytes = pending.map({ Array($0.readableBytesView) }) else { return }
        let prefix = Self.connectPrefix
        if bytes.count < prefix.count, prefix.starts(with: bytes) { return } // maybe a CONNECT: wait
        guard bytes.starts(with: prefix) else {
            splice(context, to: ports.plain, answering: nil)
            return
        }
        guard let end = Self.range(of: Self.headerEnd, in: bytes) else {
            if bytes.count > Self.headerLimit { refuse(context, status: "431 Request Header Fields Too Large", "the CONNECT request's header is too long") }
            return
        }
        let line = String(decoding: bytes.prefix { $0 != 13 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        let target = parts.count >= 2 ? String(parts[1]) : ""
        let hostName = ProxyHosts.hostName(target)
        guard ProxyHosts.apple.contains(hostName), target.hasSuffix(":443") else {
            refuse(context, status: "403 Forbidden",
                   "paywall-sim serve tunnels only to \(ProxyHosts.apple.joined(separator: " and ")) (port 443); it never forwards to \(target)")
            return
        }
        pending!.moveReaderIndex(forwardBy: end + Self.headerEnd.count)
        splice(context, to: ports.tls, answering: "HTTP/1.1 200 Connection Established\r\n\r\n")
    }

    /// Connects to the inner listener on `port`, answers the client (a `CONNECT`'s 200), hands over
    /// what was read so far, then glues the two connections together.
    private func splice(_ context: ChannelHandlerContext, to port: Int, answering answer: String?) {
        connecting = true
        let client = context.channel
        ClientBootstrap(group: context.eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case let .success(inner):
                    guard client.isActive else {
                        inner.close(promise: nil)
                        return
                    }
                    let (front, back) = GlueHandler.matchedPair()
                    do {
                        try inner.pipeline.syncOperations.addHandler(back)
                        try context.pipeline.syncOperations.addHandler(front, position: .after(self))
                    } catch {
                        inner.close(promise: nil)
                        client.close(promise: nil)
                        return
                    }
                    if let answer {
                        context.writeAndFlush(self.wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
                    }
                    if let rest = self.pending, rest.readableBytes > 0 { inner.writeAndFlush(rest, promise: nil) }
                    self.pending = nil
                    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                case .failure:
                    self.refuse(context, status: "502 Bad Gateway", "serve's inner listener did not answer")
                }
            }
    }

    private func refuse(_ context: ChannelHandlerContext, status: String, _ message: String) {
        let body = #"{"errorMessage":"\#(message)"}"#
        let response = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        pending = nil
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// Forwards what one channel reads to its partner and back (two connections as one), with
/// back-pressure: a side reads only while its partner can take writes.
final class GlueHandler: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    typealias OutboundOut = NIOAny

    private var partner: GlueHandler?
    private var context: ChannelHandlerContext?
    private var pendingRead = false

    static func matchedPair() -> (GlueHandler, GlueHandler) {
        let first = GlueHandler(), second = GlueHandler()
        first.partner = second
        second.partner = first
        return (first, second)
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partner = nil
    }

    private func partnerWrite(_ data: NIOAny) { context?.write(data, promise: nil) }
    private func partnerFlush() { context?.flush() }
    private func partnerClose() { context?.close(promise: nil) }
    private var partnerWritable: Bool { context?.channel.isWritable ?? false }
    private func partnerBecameWritable() {
        if pendingRead {
            pendingRead = false
            context?.read()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { partner?.partnerWrite(data) }
    func channelReadComplete(context: ChannelHandlerContext) { partner?.partnerFlush() }
    func channelInactive(context: ChannelHandlerContext) { partner?.partnerClose() }
    func errorCaught(context: ChannelHandlerContext, error: any Error) { partner?.partnerClose(); context.close(promise: nil) }
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { partner?.partnerBecameWritable() }
    }
    func read(context: ChannelHandlerContext) {
        if let partner, partner.partnerWritable { context.read() } else { pendingRead = true }
    }
}
