import Foundation
import OutboundHTTP
import PaywallCore
import PaywallFoundation
import StoreSim
import TeamServer

/// The app's backend when it is another server (`run --backend URL`): seed 004's
/// `POST URL/iap/transactions` over HTTP, the app unlocking only on the entitlement it answers.
/// `paywall-sim serve` is the reference server; a team points it at theirs.
///
/// The call blocks for the answer (real time, up to `timeout`), so a tape's virtual clock moves
/// only by the simulated latency and replays stay deterministic.
public struct RemoteBackend: Sendable {
    public let url: URL
    public let timeout: TimeInterval

    public init(url: URL, timeout: TimeInterval = 5) {
        self.url = url
        self.timeout = timeout
    }

    /// Posts `transaction`; verified only on a 2xx answer holding an entitlement. A 4xx is the
    /// server's refusal; anything else (5xx, refused, no answer in time) is `unavailable`, so the
    /// app takes its "backend unavailable" path and its cached-entitlement fallback.
    public func post(_ transaction: SignedTransaction, offerID: String, appAccountToken: UUID?, source: Entitlement.Source, now: Date) -> TransactionVerification {
        let body = (try? JSONEncoder().encode(IAPTransactionsContract.Payload(
            transactionID: transaction.id, originalTransactionID: transaction.originalID, productID: transaction.productID,
            offerID: offerID, signedTransaction: transaction.jws, appAccountToken: appAccountToken?.uuidString.lowercased()))) ?? Data()
        let status: Int, data: Data
        switch JSONPost.sendWaiting(body, to: url.appendingPathComponent("iap/transactions"), timeout: timeout) {
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
