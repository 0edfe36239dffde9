import Hummingbird
import StoreSim

/// The hosts `serve` answers for when it is used as a proxy (`HTTPS_PROXY`/`HTTP_PROXY`): Apple's
/// App Store Server API hosts and the OCSP host of the state's certificates. Every other host is
/// refused; `serve` never forwards a request anywhere.
public enum ProxyHosts {
    /// Apple's production and sandbox App Store Server API hosts: the ones Apple's documentation
    /// names, and the ones Apple's App Store Server Library (3.x) calls.
    public static let apple = APIHostCertificates.hosts
    /// Every host a proxied request may name.
    public static let answered: Set<String> = Set(apple + [StoreCertificateChain.ocspHost])

    /// The environment each of Apple's API hosts answers for: production at
    /// `api.storekit.itunes.apple.com` (Apple's documentation) and `api.storekit.apple.com` (Apple's
    /// library), the sandbox at their `-sandbox` twins ("You receive data from the App Store Server
    /// API for the sandbox environment when you send test requests to the endpoints using the
    /// sandbox base URL").
    public static let environments: [String: String] = [
        "api.storekit.itunes.apple.com": "Production", "api.storekit.apple.com": "Production",
        "api.storekit-sandbox.itunes.apple.com": "Sandbox", "api.storekit-sandbox.apple.com": "Sandbox",
    ]

    /// The environment a request for `authority` (its `Host`) asks Apple's API about, or nil when
    /// it names `serve` itself (an address, `localhost`): then the state's own environment answers.
    public static func environment(of authority: String?) -> String? {
        authority.flatMap { environments[hostName($0)] }
    }

    /// Whether a request for `authority` (a `Host` header or a `CONNECT` target, with or without a
    /// port) is answered here: Apple's hosts and the OCSP host, and `serve` itself reached by an IP
    /// address, `localhost` or the name it listens on. Another name is a proxied request for a host
    /// `serve` does not answer for.
    public static func answers(_ authority: String, listeningOn own: String) -> Bool {
        let name = hostName(authority)
        if answered.contains(name) || name == own.lowercased() || name == "localhost" { return true }
        return name.contains(":") || name.split(separator: ".").count == 4 && name.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }

    /// The host part of an authority, lowercased: `[::1]:80` → `::1`, `Example.com:443` → `example.com`.
    static func hostName(_ authority: String) -> String {
        var text = authority.lowercased()
        if text.hasPrefix("[") {
            return String(text.dropFirst().prefix { $0 != "]" })
        }
        if let colon = text.lastIndex(of: ":") { text = String(text[..<colon]) }
        return text
    }
}

/// Refuses a proxied request (absolute-form, `GET http://host/…`) for a host `serve` does not
/// answer for, with 403 and a one-line reason, instead of forwarding it.
struct ProxyHostPolicy<Context: RequestContext>: RouterMiddleware {
    let listeningHost: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let host = request.head.authority, !ProxyHosts.answers(host, listeningOn: listeningHost) {
            return AppStoreHTTPServer.response(.appleError(403, code: nil,
                "paywall-sim serve answers only for \(ProxyHosts.answered.sorted().joined(separator: ", ")); it never forwards to \(host)"))
        }
        return try await next(request, context)
    }
}

