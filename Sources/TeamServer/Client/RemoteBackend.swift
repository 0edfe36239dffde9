import Foundation
import OutboundHTTP
import StoreKitVocabulary
import PaywallFoundation

/// The app's backend when it is another server (`run --backend URL`): seed 004's
/// `POST URL/iap/transactions` over HTTP, the app unlocking only on the entitlement it answers.
/// `paywall-sim serve` is the reference server; a team points it at theirs.
///
/// The call blocks for the answer (real time, up to `timeout`), so a tape's virtual clock moves
/// only by the simulated latency and replays stay deterministic.
public struct RemoteBackend: Sendable {
    public let url: URL
    public let timeout: TimeInterval
    /// The team's own endpoint (`--backend-endpoint`); nil: seed 004's contract.
    public let endpoint: BackendEndpoint?
    /// What a team's body may name besides the transaction: the signing environment and bundle id.
    public let environment: String
    public let bundleID: String

    public init(url: URL, timeout: TimeInterval = 5, endpoint: BackendEndpoint? = nil, environment: String = "Xcode",
                bundleID: String = "com.paywallsim.app") {
        self.url = url
        self.timeout = timeout
        self.endpoint = endpoint
        self.environment = environment
        self.bundleID = bundleID
    }

    /// The URL a purchase is sent to: the team's path on `url`'s host, or seed 004's.
    public var endpointURL: URL {
        guard let endpoint, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.appendingPathComponent("iap/transactions")
        }
        let base = parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path
        parts.path = base + endpoint.path
        return parts.url ?? url
    }

    /// Posts `transaction`; verified only on a 2xx answer holding an entitlement. A 4xx is the
    /// server's refusal; anything else (5xx, refused, no answer in time) is `unavailable`, so the
    /// app takes its "backend unavailable" path and its cached-entitlement fallback.
    public func post(_ transaction: SignedTransaction, offerID: String, appAccountToken: UUID?, source: Entitlement.Source, now: Date) -> TransactionVerification {
        if let endpoint {
            let purchase = BackendEndpoint.Purchase(transaction: transaction, offerID: offerID, appAccountToken: appAccountToken,
                                                    environment: environment, bundleID: bundleID)
            let target = endpointURL
            switch JSONPost.sendWaiting(endpoint.renderBody(for: purchase), to: target, timeout: timeout, method: endpoint.method,
                                        headers: endpoint.headers) {
            case let .answered(status, data):
                return endpoint.interpret(status: status, body: data, purchase: purchase, source: source, now: now, url: target.absoluteString)
            case let .failed(_, why):
                return .unavailable(reason: "\(target.absoluteString): \(why)")
            }
        }
        let body = (try? JSONEncoder().encode(IAPTransactionsContract.Payload(
            transactionID: transaction.id, originalTransactionID: transaction.originalID, productID: transaction.productID,
            offerID: offerID, signedTransaction: transaction.jws, appAccountToken: appAccountToken?.uuidString.lowercased()))) ?? Data()
        let status: Int, data: Data
        switch JSONPost.sendWaiting(body, to: endpointURL, timeout: timeout) {
        case let .answered(answeredStatus, answeredBody): (status, data) = (answeredStatus, answeredBody)
        case let .failed(_, why): return .unavailable(reason: "\(url.absoluteString): \(why)")
        }
        let answer = try? LocatedJSONDecoder().decode(IAPTransactionsContract.Answer.self, from: data)
        switch status {
        case 200..<300:
            guard let granted = answer?.entitlement else { return .unavailable(reason: "\(url.absoluteString): HTTP \(status) without an entitlement") }
            return .verified(Entitlement(isPremium: granted.isPremium, productID: granted.productID,
                                         expiresAt: granted.expiresAt.flatMap(ISO8601.parse), source: source, verifiedAt: now))
        case 400..<500:
            return .rejected(reason: "\(url.absoluteString): HTTP \(status) \(answer?.error?.code ?? ""): \(answer?.error?.message ?? "refused")")
        default:
            return .unavailable(reason: "\(url.absoluteString): HTTP \(status)")
        }
    }
}
