import Foundation
import PaywallFoundation
import StoreSim
import TeamServer

/// An answer of the server before it becomes HTTP: a status and a JSON body.
public struct APIReply: Sendable, Equatable {
    public var status: Int
    public var body: Data

    /// `value` as JSON (sorted keys, slashes unescaped) with `status`.
    static func json<T: Encodable>(_ value: T, status: Int = 200) -> APIReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return APIReply(status: status, body: (try? encoder.encode(value)) ?? Data(utf8: "{}"))
    }

    /// Apple's error body for the App Store Server API: `{"errorCode": N, "errorMessage": "…"}`.
    static func appleError(_ status: Int, code: Int?, _ message: String) -> APIReply {
        struct Body: Encodable { var errorCode: Int?; var errorMessage: String }
        return json(Body(errorCode: code, errorMessage: message), status: status)
    }
}
