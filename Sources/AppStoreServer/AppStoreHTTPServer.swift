import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle
import StoreSim

/// The HTTP server `paywall-sim serve` runs: seed 004's backend endpoint and the App Store Server
/// API at Apple's paths, on one state directory shared with the app and `store` commands.
public struct AppStoreHTTPServer: Sendable {
    public let host: String
    public let port: Int
    let backend: BackendAPI
    let api: AppStoreAPI
    let notifications: NotificationsAPI
    let ocsp: OCSPEndpoint
    let authorizer: APIAuthorizer
    let server: ServerStore

    /// Requests allowed per second (`--rate-limit`), nil: no limit.
    let rateLimiter: RateLimiter?

    /// The wall clock bearer tokens and the rate limit are judged at (injected in tests).
    let wallClock: @Sendable () -> Date

    public init(server: ServerStore, authorizer: APIAuthorizer, host: String, port: Int, rateLimit: Int? = nil,
                wallClock: @escaping @Sendable () -> Date = Date.init) {
        self.host = host
        self.port = port
        self.wallClock = wallClock
        rateLimiter = rateLimit.map(RateLimiter.init(perSecond:))
        backend = BackendAPI(server: server)
        api = AppStoreAPI(server: server)
        notifications = NotificationsAPI(server: server)
        ocsp = OCSPEndpoint(server: server)
        self.server = server
        self.authorizer = authorizer
    }

    /// The router: every route answers JSON.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        let authorizer = self.authorizer, server = self.server
        let api = self.api
        let backend = self.backend
        let notifications = self.notifications
        let rateLimiter = self.rateLimiter, wallClock = self.wallClock
        /// The answer of `api` as reached at the request's host (each Apple host is its environment);
        /// Apple's App Store Server API refuses what its bearer token does not authorise: 401.
        @Sendable func authorized(_ request: Request, _ answer: (AppStoreAPI) -> APIReply) -> Response {
            let bundleID: String
            do { bundleID = try server.signingBundleID() } catch { return Self.response(.appleError(500, code: 5000000, "An unknown error occurred: \(error)")) }
            if let refusal = authorizer.refusal(request.headers[.authorization], now: wallClock(), bundleID: bundleID) {
                return Self.response(.appleError(401, code: nil, "Unauthorized: \(refusal)"))
            }
            if let rateLimiter, !rateLimiter.admit(at: wallClock()) {
                return Self.response(.appleError(429, code: 4290000, "Rate limit exceeded."))
            }
            return Self.response(answer(api.reached(at: request.head.authority)))
        }
        @Sendable func notificationsAuthorized(_ request: Request, _ answer: (NotificationsAPI) -> APIReply) -> Response {
            authorized(request) { _ in answer(notifications.reached(at: request.head.authority)) }
        }
        @Sendable func body(_ request: Request) async throws -> Data {
            Data(try await request.body.collect(upTo: 1 << 20).readableBytesView)
        }
        let ocsp = self.ocsp
        router.add(middleware: ProxyHostPolicy(listeningHost: host))
        router.add(middleware: AppleErrorEnvelope())
        router.post("/ocsp") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 64 << 10)
            return Self.ocspResponse(ocsp.respond(to: Array(buffer.readableBytesView)))
        }
        router.get("/ocsp/**") { _, context -> Response in
            guard let der = OCSPEndpoint.getRequest(context.parameters.getCatchAll().joined(separator: "/")) else {
                return Self.ocspResponse(OCSPResponder.status(.malformedRequest))
            }
            return Self.ocspResponse(ocsp.respond(to: der))
        }
        router.post("/iap/transactions") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            return Self.response(backend.postTransaction(Data(buffer.readableBytesView)))
        }
        router.get("/inApps/v1/transactions/:transactionId") { request, context -> Response in
            let id = context.parameters.get("transactionId") ?? ""
            return authorized(request) { api in api.transactionInfo(id) }
        }
        for version in ["v1", "v2"] {
            router.get("/inApps/\(version)/history/:transactionId") { request, context -> Response in
                let id = context.parameters.get("transactionId") ?? ""
                let query = Self.query(request)
                return authorized(request) { api in api.history(id, query: query, version: version == "v1" ? 1 : 2) }
            }
        }
        router.get("/inApps/v1/subscriptions/:transactionId") { request, context -> Response in
            let id = context.parameters.get("transactionId") ?? ""
            let query = Self.query(request)
            return authorized(request) { api in api.subscriptionStatuses(id, query: query) }
        }
        router.get("/inApps/v2/refund/lookup/:transactionId") { request, context -> Response in
            let id = context.parameters.get("transactionId") ?? ""
            let revision = Self.query(request)["revision"]?.first
            return authorized(request) { api in api.refundLookup(id, revision: revision) }
        }
        router.get("/inApps/v1/transactions/appTransactions/:transactionId") { request, context -> Response in
            let id = context.parameters.get("transactionId") ?? ""
            return authorized(request) { api in api.appTransactionInfo(id) }
        }
        router.put("/inApps/v1/subscriptions/extend/:originalTransactionId") { request, context -> Response in
            let id = context.parameters.get("originalTransactionId") ?? ""
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let body = Data(buffer.readableBytesView)
            return authorized(request) { api in api.extendRenewalDate(id, body: body) }
        }
        router.get("/inApps/v1/lookup/:orderId") { request, context -> Response in
            let id = context.parameters.get("orderId") ?? ""
            return authorized(request) { api in api.orderLookup(id) }
        }
        for version in [1, 2] {
            router.put("/inApps/v\(version)/transactions/consumption/:transactionId") { request, context -> Response in
                let id = context.parameters.get("transactionId") ?? ""
                let data = try await body(request)
                return authorized(request) { api in api.sendConsumption(id, version: version, body: data) }
            }
        }
        // The same parameter name as the transaction route's: the router's tree shares the segment.
        router.put("/inApps/v1/transactions/:transactionId/appAccountToken") { request, context -> Response in
            let id = context.parameters.get("transactionId") ?? ""
            let data = try await body(request)
            return authorized(request) { api in api.setAppAccountToken(id, body: data) }
        }
        router.post("/inApps/v1/subscriptions/extend/mass") { request, _ -> Response in
            let data = try await body(request)
            return authorized(request) { api in api.massExtendRenewalDates(body: data) }
        }
        router.get("/inApps/v1/subscriptions/extend/mass/:productId/:requestIdentifier") { request, context -> Response in
            let product = context.parameters.get("productId") ?? "", identifier = context.parameters.get("requestIdentifier") ?? ""
            return authorized(request) { api in api.massExtensionStatus(productID: product, identifier: identifier) }
        }
        router.post("/inApps/v1/notifications/test") { request, _ -> Response in
            notificationsAuthorized(request) { notifications in notifications.requestTest() }
        }
        router.get("/inApps/v1/notifications/test/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            return notificationsAuthorized(request) { notifications in notifications.testStatus(token) }
        }
        router.post("/inApps/v1/notifications/history") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let body = Data(buffer.readableBytesView)
            let token = Self.query(request)["paginationToken"]?.first
            return notificationsAuthorized(request) { notifications in notifications.history(body: body, paginationToken: token) }
        }
        return router
    }

    /// Runs until SIGINT or SIGTERM, delivering notifications with `delivery` meanwhile; `ready` is
    /// called with the port once the socket listens (port 0 asks the system for a free one).
    ///
    /// The public port is the proxy front; behind it, on loopback, the router listens twice: in
    /// plain HTTP, and in TLS with `certificates` (Apple's API hosts) for `CONNECT` tunnels.
    public func run(delivery: NotificationDelivery?, certificates: APIHostCertificates,
                    ready: @escaping @Sendable (Int) -> Void) async throws {
        let deliveryTask = delivery.map { delivery in Task { await delivery.run() } }
        defer { deliveryTask?.cancel() }
        // The framework's own lines stay out: serve says where it listens, and why it cannot, in
        // its own words; the errors Hummingbird logs repeat those (a busy port is "Waiting on child
        // channel: CancellationError()" twice and "Server shutdown error: Already closed" twice).
        var logger = Logger(label: "paywall-sim serve")
        logger.logLevel = .critical
        let inner = InnerPorts()
        let tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: try certificates.serverDER(), format: .der))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(certificates.serverKeyPEM.utf8), format: .pem)))
        let plainApp = Application(router: router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                                   onServerRunning: { inner.setPlain($0.localAddress?.port) }, logger: logger)
        let tlsApp = Application(router: router(), server: try .tls(.http1(), tlsConfiguration: tls),
                                 configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                                 onServerRunning: { inner.setTLS($0.localAddress?.port) }, logger: logger)
        let front = ProxyFront(host: host, port: port, inner: inner, ready: ready)
        let group = ServiceGroup(configuration: .init(services: [plainApp, tlsApp, front],
                                                      gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// A query string's values by name (a name may repeat: `productId=a&productId=b`).
    static func query(_ request: Request) -> [String: [String]] {
        var values: [String: [String]] = [:]
        for (name, value) in request.uri.queryParameters {
            values[String(name), default: []].append(String(value))
        }
        return values
    }

    static func ocspResponse(_ der: [UInt8]) -> Response {
        Response(status: .ok, headers: [.contentType: "application/ocsp-response"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: der)))
    }

    static func response(_ reply: APIReply) -> Response {
        Response(status: HTTPResponse.Status(code: reply.status), headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}
