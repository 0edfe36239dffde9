import Foundation
import StoreKitVocabulary

/// The App Store Server API's "Extend Subscription Renewal Dates for All Active Subscribers", run
/// to completion at once (the simulated store has one customer).
extension SimulatedStore {
    /// What a mass extension did: how many subscriptions it extended and how many it could not.
    public struct MassExtensionOutcome: Hashable, Sendable {
        public var succeeded: Int
        public var failed: Int

        public init(succeeded: Int, failed: Int) {
            self.succeeded = succeeded
            self.failed = failed
        }
    }

    /// Extends every active subscription to `productID` by `days` (when the account's storefront
    /// is among `storefrontCountryCodes`, or none were given): each extended one is notified as
    /// `RENEWAL_EXTENDED`, each it could not extend (a free offer period, two extensions in the past
    /// 365 days) as `RENEWAL_EXTENSION`/`FAILURE`, then the request as `RENEWAL_EXTENSION`/`SUMMARY`.
    public func massExtendRenewalDates(productID: String, days: Int, requestIdentifier: String,
                                       storefrontCountryCodes: [String]?) throws -> MassExtensionOutcome {
        try lock.withLock {
            var succeeded = 0
            var failedKeys: [String] = []
            // The extensions and their RENEWAL_EXTENDED notifications, as one change.
            try change { rules in
                guard storefrontCountryCodes.map({ $0.contains(rules.settings.storefront) }) ?? true else { return }
                for key in rules.state.lines.keys.sorted() {
                    guard let line = rules.state.lines[key], line.productID == productID,
                          let status = rules.lineStatus(key: key), status.state == .subscribed else { continue }
                    do {
                        _ = try rules.extendRenewalDate(originalTransactionID: line.originalTransactionID, days: days)
                        succeeded += 1
                    } catch {
                        failedKeys.append(key)
                    }
                }
            }
            // Then each failure, and the summary once the request is complete.
            try exclusive(notifies: false) {
                var made = try failedKeys.compactMap { try rules.renewalExtensionFailure(lineKey: $0) }
                made.append(try rules.renewalExtensionSummary(productID: productID, requestIdentifier: requestIdentifier,
                                                              storefrontCountryCodes: storefrontCountryCodes,
                                                              succeeded: succeeded, failed: failedKeys.count))
                try notificationLog.append(logLines(made))
                for n in made { note("notification \(n.notificationType)/\(n.subtype ?? "")") }
            }
            return MassExtensionOutcome(succeeded: succeeded, failed: failedKeys.count)
        }
    }
}
