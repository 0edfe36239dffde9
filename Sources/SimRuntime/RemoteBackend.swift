import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaywallCore
import PaywallFoundation
import StoreSim

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
        var request = URLRequest(url: url.appendingPathComponent("iap/transactions"), timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(IAPTransactionsContract.Payload(
            transactionID: transaction.id, originalTransactionID: transaction.originalID, productID: transaction.productID,
            offerID: offerID, signedTransaction: transaction.jws, appAccountToken: appAccountToken?.uuidString.lowercased()))
        let (status, data, failure) = Self.send(request, timeout: timeout)
        guard let status else { return .unavailable(reason: "\(url.absoluteString): \(failure ?? "no answer")") }
        let answer = data.flatMap { try? LocatedJSONDecoder().decode(IAPTransactionsContract.Answer.self, from: $0) }
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

    /// One request, waited for: the status and body, or why there is none.
    static func send(_ request: URLRequest, timeout: TimeInterval) -> (Int?, Data?, String?) {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            box.set((response as? HTTPURLResponse)?.statusCode, data, error.map { "\($0.localizedDescription)" })
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return (nil, nil, "no answer within \(Int(timeout)) s")
        }
        return box.get()
    }

    /// The answer handed from URLSession's queue to the waiting thread.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Int?, Data?, String?) = (nil, nil, nil)
        func set(_ status: Int?, _ data: Data?, _ error: String?) { lock.lock(); value = (status, data, error); lock.unlock() }
        func get() -> (Int?, Data?, String?) { lock.lock(); defer { lock.unlock() }; return value }
    }
}
