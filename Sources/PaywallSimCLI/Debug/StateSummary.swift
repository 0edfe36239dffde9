import Foundation
import PaywallFoundation
import PaywallCore

/// What a look at a state directory saw, kept for the next look to compare with
/// (`debug check-state --record FILE`, then `--previous FILE`).
public struct StateSummary: Codable, Hashable, Sendable {
    /// Each transaction id in the store's ledger, and whether it was finished.
    public var transactions: [String: Bool] = [:]
    /// The backend's granted transaction ids, sorted.
    public var grants: [String] = []
    /// `quota.json`, the last one read.
    public var quota: MessageQuota?
    /// The most `message_sent` events seen so far.
    public var messageEvents = 0

    public init(transactions: [String: Bool] = [:], grants: [String] = [], quota: MessageQuota? = nil, messageEvents: Int = 0) {
        self.transactions = transactions
        self.grants = grants
        self.quota = quota
        self.messageEvents = messageEvents
    }

    /// Transactions not finished.
    public var unfinished: Int { transactions.values.filter { !$0 }.count }

    /// `3 transactions, 3 granted, 0 unfinished; quota day 2026-01-30 used 4; 4 message events`.
    public var line: String {
        let quotaText = quota.map { "quota day \($0.day ?? "none") used \($0.used)" } ?? "quota day none used 0"
        return "\(transactions.count) transactions, \(grants.count) granted, \(unfinished) unfinished; \(quotaText); \(messageEvents) message events"
    }

    /// The summary in `url`, as `save(to:)` wrote it; throws a line naming the file.
    public static func load(from url: URL) throws -> StateSummary {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw Diagnostic("\(url.path): cannot read the previous summary: \(FileErrorText.reason(error))")
        }
        do { return try LocatedJSONDecoder().decode(StateSummary.self, from: data) } catch {
            throw Diagnostic("\(url.path):\(error); expected a summary written by check-state --record")
        }
    }

    /// Writes the summary to `url` (replaced whole).
    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { try (encoder.encode(self) + Data(utf8: "\n")).write(to: url, options: .atomic) } catch {
            throw Diagnostic("\(url.path): cannot write the summary: \(FileErrorText.reason(error))")
        }
    }
}
