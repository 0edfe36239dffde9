import Foundation
import PaywallFoundation
import StoreKitVocabulary
import Testing
@testable import StoreSim

/// StoreKit's rules with no state directory, lock or clock: a command takes the state and the
/// instant, and gives the new state, the updates for the app and the notifications it makes.
@Suite("StoreKit's rules, pure")
struct StoreRulesTests {
    /// Rules over a fresh state, as of `Fixture.start`, signing with keys made in memory.
    /// Rules on a fresh state, signing with `keys` (new ones by default: their authorities are random).
    static func rules(_ settings: StoreSettings = StoreSettings(), keys given: StoreSigningKeys? = nil) throws -> StoreRules {
        var generator = SeededGenerator(seed: 7)
        let keys = try given ?? StoreSigningKeys.make(generator: &generator)
        return try StoreRules(catalog: Fixture.catalog(settings), bundleID: Fixture.bundleID, environment: "Xcode", keys: keys,
                       state: StoreState(rng: SeededGenerator(seed: 42)), now: Fixture.start)
    }

    static func types(_ notifications: [ServerNotification]) -> [String] {
        notifications.map { $0.notificationType + ($0.subtype.map { "/" + $0 } ?? "") }
    }

    @Test func aPurchaseGivesARecordALineAndItsNotification() throws {
        var rules = try Self.rules()
        let mark = rules.mark()
        let (record, isNew) = try rules.deliver(productID: "monthly_19_99", options: Fixture.options, reason: nil)
        #expect(isNew)
        #expect(record.payload.purchase == Fixture.start)
        #expect(record.payload.expires == Calendar(identifier: .gregorian).date(byAdding: .month, value: 1, to: Fixture.start))
        #expect(rules.state.records.count == 1)
        #expect(rules.state.lines["premium"]?.latestTransactionID == record.payload.transactionId)
        let effects = rules.takeEffects()
        #expect(effects.changedRecords == [record.payload.transactionId])
        #expect(effects.updates.isEmpty, "a purchase in the app is its own answer, not an update")
        #expect(effects.notes.count == 1 && effects.notes[0].contains("transaction \(record.payload.transactionId) monthly_19_99"))
        #expect(Self.types(try rules.notifications(since: mark)) == ["SUBSCRIBED/INITIAL_BUY"])
    }

    @Test func aRenewalIsSignedAtTheInstantItFellDueNotWhenNoticed() throws {
        var rules = try Self.rules()
        let (first, _) = try rules.deliver(productID: "weekly_9_99", options: Fixture.options, reason: nil)
        _ = rules.takeEffects()
        let due = try #require(first.payload.expires)
        // Noticed three days later: the renewal is still dated and signed at `due`.
        rules.now = due.addingTimeInterval(3 * 86_400)
        #expect(rules.nextDueInstant(by: rules.now) == due)
        let notifications = try rules.step(at: due)
        #expect(Self.types(notifications) == ["DID_RENEW"])
        #expect(notifications[0].signedDate == TransactionPayload.millis(due))
        let renewal = try #require(rules.state.records.last)
        #expect(renewal.payload.purchase == due && renewal.payload.transactionReason == "RENEWAL")
        #expect(renewal.payload.signedDate == TransactionPayload.millis(due))
        let effects = rules.takeEffects()
        guard case let .current(reason, id)? = effects.updates.first else { Issue.record("no renewal update"); return }
        #expect(reason == .renewal && id == renewal.payload.transactionId)
        #expect(rules.state.lastProcessed == due)
    }

    @Test func aRefundRevokesEndsTheLineAndNotifiesARefund() throws {
        var rules = try Self.rules()
        let (record, _) = try rules.deliver(productID: "monthly_19_99", options: Fixture.options, reason: nil)
        _ = rules.takeEffects()
        rules.now = Fixture.start.addingTimeInterval(86_400)
        let mark = rules.mark()
        try rules.refund(transactionID: record.payload.transactionId, reason: 1)
        #expect(rules.state.lines["premium"]?.autoRenew == false)
        #expect(rules.state.lines["premium"]?.expires == rules.now)
        #expect(rules.state.records[0].payload.revocationDate == TransactionPayload.millis(rules.now))
        let effects = rules.takeEffects()
        guard case let .record(reason, revoked)? = effects.updates.first else { Issue.record("no revocation update"); return }
        #expect(reason == .revocation && revoked.payload.revocationReason == 1)
        #expect(Self.types(try rules.notifications(since: mark)).contains("REFUND"))
    }

    @Test func aRefusedCommandThrowsAndChangesNothing() throws {
        var rules = try Self.rules()
        let before = (records: rules.state.records.count, lines: rules.state.lines, next: rules.state.nextTransactionNumber)
        #expect(throws: StoreControlError.self) { try rules.refund(transactionID: "2000000000000000099", reason: 0) }
        #expect(throws: StoreControlError.self) { try rules.expireSubscription(groupID: "premium") }
        #expect(rules.state.records.count == before.records && rules.state.lines == before.lines)
        #expect(rules.state.nextTransactionNumber == before.next)
        #expect(rules.takeEffects().notes.isEmpty)
    }

    @Test func theSameCommandOnTheSameStateAtTheSameInstantGivesTheSameState() throws {
        // The same keys: the store's root names the Apple Account (its `appTransactionId`).
        var generator = SeededGenerator(seed: 7)
        let keys = try StoreSigningKeys.make(generator: &generator)
        var one = try Self.rules(keys: keys), two = try Self.rules(keys: keys)
        _ = try one.deliver(productID: "yearly_59_99", options: Fixture.options, reason: nil)
        _ = try two.deliver(productID: "yearly_59_99", options: Fixture.options, reason: nil)
        // Signatures differ (ECDSA draws a nonce); everything they sign is the same.
        #expect(one.state.records.map(\.payload) == two.state.records.map(\.payload))
        #expect(one.state.lines == two.state.lines)
        #expect(one.takeEffects().notes == two.takeEffects().notes)
    }
}
