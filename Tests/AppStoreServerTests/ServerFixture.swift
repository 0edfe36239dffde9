import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PaywallCore
import PaywallFoundation
import StoreSim
import TeamServer
import TestSupport
@testable import AppStoreServer

/// A store and a verification backend on a scratch state directory and a manual clock, and the
/// router `paywall-sim serve` answers with, assembled over them as `ServeCommand` does.
final class ServerFixture {
    static let bundleID = "com.paywallsim.app"
    /// The user's app account token: the backend's, and the one every purchase here carries.
    static let user = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
    /// The id of the In-App Purchase key the server was given.
    static let keyID = "TESTKEY001"

    /// Starts at `FixedDates.start` (2026-01-30T09:00:00Z) and moves only when a test moves it.
    let clock = ManualClock(FixedDates.start)
    let store: SimulatedStore
    let backend: VerificationBackend
    let server: AppStoreHTTPServer
    /// The private half of the key the server's `APIAuthorizer` trusts as `keyID`.
    let apiKey = P256.Signing.PrivateKey()

    /// `wallClock` for tokens and the rate limit (the test's own, so a slow machine does not spread requests over seconds).
    init(catalog: StoreCatalog = .embedded, environment: String = "Xcode", rateLimit: Int? = nil,
         wallClock: @escaping @Sendable () -> Date = Date.init) throws {
        let layout = StateLayout(root: TestPaths.scratchDirectory("appstore-server"))
        for folder in [layout.store.folder, layout.backend.folder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        store = try SimulatedStore(catalog: catalog, stateDirectory: layout.store.folder, clock: clock, seed: 42, bundleID: Self.bundleID,
                                   environment: environment)
        backend = try VerificationBackend(stateDirectory: layout.backend.folder, verifier: store.signedDataVerifier, bundleID: store.bundleID,
                                          environments: [store.environment], userAppAccountToken: Self.user, clock: clock)
        let shared = ServerStore(store: store, backend: backend, clock: clock)
        server = AppStoreHTTPServer(server: shared, authorizer: APIAuthorizer(keys: [Self.keyID: apiKey.publicKey]),
                                    host: "127.0.0.1", port: 0, rateLimit: rateLimit, wallClock: wallClock)
    }

    /// Buys `productID` through the store (the sheet confirmed, the user's token): its signed transaction.
    func purchase(_ productID: String) throws -> SignedTransaction {
        let result = store.purchase(productID: productID, options: StorePurchaseOptions(appAccountToken: Self.user))
        guard case let .success(transaction, verified: true) = result else { throw FixtureError(description: "purchase of \(productID): \(result)") }
        return transaction
    }

    /// Runs `body` with a client that writes requests straight to the router (no socket, no port).
    func withClient<Value>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await Application(router: server.router()).test(.router, body)
    }

    /// One request to the router, and its response.
    func request(_ uri: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: String? = nil) async throws -> TestResponse {
        try await withClient { client in
            try await client.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        }
    }

    /// The claims of an App Store Server API token, as Apple's `AppStoreServerAPIClient` sends them.
    struct Claims: Encodable {
        var iss = "57246542-96fe-1a63-e053-0824d011072a"
        var iat: Double
        var exp: Double
        var aud = "appstoreconnect-v1"
        var bid = ServerFixture.bundleID
    }

    /// An `Authorization: Bearer JWT` header: `claims` signed ES256 by `key` (default the key the
    /// server was given) under `kid`. The times are the wall clock's, as the authorizer reads them.
    func authorization(key: P256.Signing.PrivateKey? = nil, kid: String = ServerFixture.keyID,
                       claims change: (inout Claims) -> Void = { _ in }) throws -> HTTPFields {
        let now = Date().timeIntervalSince1970.rounded(.down)
        var claims = Claims(iat: now, exp: now + 600)
        change(&claims)
        let token = try CompactJWS.sign(payload: try JSONEncoder().encode(claims), key: key ?? apiKey, kid: kid)
        return [.authorization: "Bearer \(token)"]
    }

    /// The JSON object in the middle segment of a compact JWS (not verified).
    static func payload(ofJWS jws: String) throws -> [String: Any] {
        try JSON.object(CompactJWS.decodeUnverified(jws).payload)
    }
}

/// A fixture step that did not go as the test needs.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// Reading JSON answers as Foundation objects, failing the test when they are not objects.
enum JSON {
    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FixtureError(description: "not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    /// `value` encoded as the body of a request.
    static func body<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
}

extension TestResponse {
    /// The body's bytes.
    var data: Data { Data(body.readableBytesView) }
    /// The body as text.
    var text: String { String(buffer: body) }
    /// The body as a JSON object.
    func json() throws -> [String: Any] { try JSON.object(data) }
}
