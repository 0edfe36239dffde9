import Foundation
import StoreSim

/// The OCSP responder the state's certificates name (`http://ocsp.paywallsim.test/ocsp`), reached
/// through `serve` as an HTTP proxy: `POST /ocsp` with a DER request (RFC 6960 A.1), or
/// `GET /ocsp/{base64 request}`. Answers `application/ocsp-response` at the wall clock's time.
public struct OCSPEndpoint: Sendable {
    let server: ServerStore
    let wallClock: @Sendable () -> Date

    public init(server: ServerStore, wallClock: @escaping @Sendable () -> Date = Date.init) {
        self.server = server
        self.wallClock = wallClock
    }

    /// The DER response to a DER request; a state directory that cannot be read answers
    /// `internalError`, as an OCSP responder does.
    public func respond(to request: [UInt8]) -> [UInt8] {
        do {
            let responder = try server.withStore { try $0.ocspResponder() }
            return responder.respond(to: request, now: wallClock())
        } catch {
            return OCSPResponder.status(.internalError)
        }
    }

    /// The request of `GET /ocsp/{request}`: base64 of the DER, URL-encoded (RFC 6960 A.1).
    public static func getRequest(_ component: String) -> [UInt8]? {
        let text = component.removingPercentEncoding ?? component
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}
