import Foundation
import PaywallCore
import Testing
@testable import StoreSim

/// The App Store Server Notifications V2 each change of the store makes (Apple's types and
/// subtypes), signed and logged whichever process made the change.
@Suite("Server notifications from store changes")
struct ServerNotificationTests {
    func kinds(_ store: SimulatedStore) throws -> [String] {
        try store.notifications().map { "\($0.notification.notificationType)/\($0.notification.subtype ?? "-")" }
    }

    @Test func aSubscriptionsLifeFromPurchaseToExpiry() throws {
        let (store, clock, _) = try Fixture.store()
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        try store.setAutoRenew(groupID: "premium", false)
        try store.setAutoRenew(groupID: "premium", true)
        try store.setAutoRenew(groupID: "premium", false)
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        // Processing the same instant again, or from another store on the directory, adds nothing.
        try store.process(now: clock.now())
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                                     "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                                     "EXPIRED/VOLUNTARY"])
        let last = try #require(try store.notifications().last?.notification)
        #expect(last.transactionID == "2000000000000002")
        let payload = try NotificationPayloadReader.decode(last.signedPayload, with: store)
        #expect(payload.data.status == 2 && payload.version == "2.0" && payload.data.signedRenewalInfo != nil)
    }

    /// A renewal and its notification are one journal line: the renewal's save already holds the
    /// processed time, which the notifications save again only when it moved since.
    @Test func aRenewalWithItsNotificationIsOneJournalLine() throws {
        let (store, clock, dir) = try Fixture.store()
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let journal = dir.appendingPathComponent("store-ledger.journal")
        func lines() -> Int { ((try? String(contentsOf: journal, encoding: .utf8)) ?? "").split(separator: "\n").count }
        let before = lines()
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())
        #expect(try kinds(store).last == "DID_RENEW/-")
        #expect(lines() == before + 1)
        // The processed time is in that line: a store opened on the directory does not renew or
        // notify the same week again.
        let (again, _, _) = try Fixture.store(dir: dir, clock: clock)
        #expect(again.lastProcessed == clock.now())
        try again.process(now: clock.now())
        #expect(try kinds(again).filter { $0 == "DID_RENEW/-" }.count == 1)
    }

    /// A notification the store signed is logged compact from the payload it was signed from,
    /// not decoded back from its signed text: each line is byte for byte what decoding it gives,
    /// and reads back as the notification signed.
    @Test func aLoggedNotificationIsTheLineItsSignedTextDecodesTo() throws {
        let (store, clock, _) = try Fixture.store()
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 3 * 7 * 86_400 + 3_600)
        try store.process(now: clock.now())
        try store.setAutoRenew(groupID: "premium", false)
        let made = try store.requestTestNotification()
        #expect(store.rules.signedNotificationPayloads.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let logged = try String(contentsOf: store.notificationLog.url, encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let read = try store.notifications().map(\.notification)
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW/-", "DID_RENEW/-", "DID_RENEW/-",
                                     "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "TEST/-"])
        #expect(read.last == made)
        #expect(logged.count == read.count)
        for (line, notification) in zip(logged, read) {
            let decoded = NotificationLog.Line(notification: notification, headers: store.encodedHeaders)
            #expect(decoded.signed != nil, "\(notification.notificationType): kept whole")
            #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == line, "\(notification.notificationType)")
        }
        // The line made from the payload, the transaction and renewal info inside it, is the line
        // decoding gives.
        let key = try #require(store.rules.state.lines.keys.first)
        let renewal = try store.rules.makeNotification(NotificationEvent(type: "DID_RENEW", transactionID: read[3].transactionID ?? "", groupID: key))
        let payload = try #require(store.rules.signedNotificationPayloads[renewal.notificationUUID])
        #expect(payload.data.signedTransactionInfo != nil && payload.data.signedRenewalInfo != nil)
        let compact = try #require(NotificationLog.CompactNotification(renewal, signedFrom: payload, headers: store.encodedHeaders))
        let decoded = try #require(NotificationLog.CompactNotification(renewal, headers: store.encodedHeaders))
        #expect(try encoder.encode(compact) == encoder.encode(decoded))
        #expect(compact.restored(store.encodedHeaders) == renewal)
    }

    @Test func billingIssueGraceExpiryAndRecovery() throws {
        let (store, clock, _) = try Fixture.store(StoreSettings(billingGracePeriodEnabled: true))
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        try store.setBillingIssue(true)
        clock.advance(by: 8 * 86_400)
        try store.process(now: clock.now())          // the renewal fails into the 16-day grace period
        clock.advance(by: 17 * 86_400)
        try store.process(now: clock.now())          // the grace period ends: billing retry
        try store.setBillingIssue(false)             // fixed: renewed
        #expect(try kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED/-",
                                     "DID_RENEW/BILLING_RECOVERY"])
    }

    @Test func refundsOneTimeChargesUpgradesAndATestAreNotified() throws {
        let (store, _, _) = try Fixture.store()
        let coins = try #require(store.purchase(productID: "coins_100", options: Fixture.options).transaction)
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        _ = try #require(store.purchase(productID: "yearly_59_99", options: Fixture.options).transaction) // a higher level: at once
        try store.refund(transactionID: coins.id)
        _ = try store.requestTestNotification()
        #expect(try kinds(store) == ["ONE_TIME_CHARGE/-", "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/UPGRADE", "REFUND/-", "TEST/-"])
    }

    @Test func attemptsAreKeptBesideTheirNotificationAndATornLineIsCut() throws {
        let (store, _, dir) = try Fixture.store()
        _ = try #require(store.purchase(productID: "lifetime", options: Fixture.options).transaction)
        let uuid = try #require(try store.notifications().first?.notification.notificationUUID)
        try store.recordAttempts([NotificationAttempt(notificationUUID: uuid, url: "http://127.0.0.1:1/n", attemptDate: 1, result: "NO_RESPONSE", httpStatus: nil)])
        // A kill mid-append leaves half a line: it is skipped, and cut before the next append.
        let file = dir.appendingPathComponent("notifications.jsonl")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        handle.write(Data(#"{"attempt":{"notifica"#.utf8))
        try handle.close()
        #expect(try store.notifications().first?.attempts.count == 1)
        try store.recordAttempts([NotificationAttempt(notificationUUID: uuid, url: "http://127.0.0.1:1/n", attemptDate: 2, result: "SUCCESS", httpStatus: 200)])
        #expect(try store.notifications().first?.attempts.map(\.result) == ["NO_RESPONSE", "SUCCESS"])
    }

    /// The newest page, read from the log's tail, is the tail of the whole log: the same
    /// notifications, signed payloads and attempts, and the same total, a torn last line included.
    @Test func theNewestPageIsTheTailOfTheWholeLog() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds))
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 95)
        try store.process(now: clock.now())
        let all = try store.notifications()
        for (index, entry) in all.enumerated() where index % 3 == 0 {
            try store.recordAttempts([NotificationAttempt(notificationUUID: entry.notification.notificationUUID, url: "http://127.0.0.1:1/n",
                                                          attemptDate: Int64(index), result: index % 2 == 0 ? "NO_RESPONSE" : "SUCCESS", httpStatus: nil)])
        }
        let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("notifications.jsonl"))
        try handle.seekToEnd()
        handle.write(Data(#"{"signed":{"notifica"#.utf8))
        try handle.close()
        let whole = try store.notifications()
        #expect(whole.count == 10, "SUBSCRIBED and nine renewals")
        for count in [1, 4, 10, 50] {
            let (page, total) = try store.newestNotifications(count)
            #expect(total == whole.count)
            #expect(page == Array(whole.suffix(count)), "newest \(count)")
        }
    }

    /// The newest page is read from the log's tail in growing windows and the total counted a
    /// block at a time: with windows and blocks far smaller than the log (so lines cross their
    /// edges), every page equals the tail of the whole log, and a damaged line is named by its line.
    @Test func theNewestPageReadInSmallPiecesIsTheTailOfTheWholeLog() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds))
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 195)
        try store.process(now: clock.now())
        for (index, entry) in try store.notifications().enumerated() where index % 4 == 1 {
            try store.recordAttempts([NotificationAttempt(notificationUUID: entry.notification.notificationUUID, url: "http://127.0.0.1:1/n",
                                                          attemptDate: Int64(index), result: "NO_RESPONSE", httpStatus: nil)])
        }
        let log = dir.appendingPathComponent("notifications.jsonl")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        handle.write(Data(#"{"signed":{"notifica"#.utf8))
        try handle.close()
        let whole = try store.notifications()
        #expect(whole.count == 20, "SUBSCRIBED and nineteen renewals")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int)
        #expect(size > 20 * 2_000, "lines of kilobytes: a 3,000-byte window holds about one")
        for count in [1, 3, 7, 20, 50] {
            let (page, total) = try store.notificationLog.newest(count, headers: store.encodedHeaders, window: 3_000, block: 1_000)
            #expect(total == whole.count)
            #expect(page == Array(whole.suffix(count)), "newest \(count)")
        }
        // A damaged line in the tail: named by its line in the file.
        var lines = try String(contentsOf: log, encoding: .utf8).components(separatedBy: "\n")
        let damaged = lines.count - 3
        lines[damaged - 1] = "{ not json"
        try lines.joined(separator: "\n").write(to: log, atomically: true, encoding: .utf8)
        #expect { _ = try store.notificationLog.newest(5, headers: store.encodedHeaders, window: 3_000, block: 1_000) } throws: {
            "\($0)".contains("notifications.jsonl:\(damaged):1:")
        }
    }

    /// The log's checkpoint lets `newest` count only the lines after it; one that is stale (a kill
    /// between an append and its checkpoint), of another file or whose bytes no longer match gives
    /// the same count as reading the whole log.
    @Test func theCheckpointCountsTheSameAsTheWholeLog() throws {
        let (store, clock, dir) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds))
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 95)
        try store.process(now: clock.now())
        let checkpointURL = dir.appendingPathComponent("notifications.checkpoint.json")
        let log = dir.appendingPathComponent("notifications.jsonl")
        func total() throws -> Int { try store.notificationLog.newest(3, headers: store.encodedHeaders).total }
        let checkpoint = try JSONDecoder().decode(NotificationLog.Checkpoint.self, from: Data(contentsOf: checkpointURL))
        #expect(checkpoint.bytes == (try Data(contentsOf: log)).count, "written after the last append")
        let counted = try total()
        #expect(checkpoint.notifications == 10 && counted == 10)
        // Stale: more lines appended after it (its append's checkpoint lost to a kill).
        let stale = try Data(contentsOf: checkpointURL)
        clock.advance(by: 50)
        try store.process(now: clock.now())
        try stale.write(to: checkpointURL)
        #expect(try total() == 15)
        // Of other bytes: the same length, its tail changed.
        var other = checkpoint
        other.tail = Data(repeating: 0x0A, count: 32).base64EncodedString()
        try JSONEncoder().encode(other).write(to: checkpointURL)
        #expect(try total() == 15)
        // Of another file (another inode), and not JSON at all.
        other = checkpoint
        other.inode += 1
        try JSONEncoder().encode(other).write(to: checkpointURL)
        #expect(try total() == 15)
        try Data("not json".utf8).write(to: checkpointURL)
        #expect(try total() == 15)
        // A lying count is believed only with its bytes: one that matches the file is used.
        other = checkpoint
        other.notifications += 1_000
        try JSONEncoder().encode(other).write(to: checkpointURL)
        #expect(try total() == 1_015, "a matching checkpoint is used, not read again")
    }

    /// A long-lived reader (serve) keeps what it read of the log and reads only what was appended
    /// since: each history read equals a fresh read of the whole file, after another store on the
    /// directory appended, with a torn line at the end (left until it is whole), after attempts,
    /// and after the log was replaced by another file.
    /// serve's history page starts at its window (found by halving while the dates ascend) and
    /// stops once it knows whether more follow: every page of every window is the whole read's
    /// slice, and `hasMore` says whether the whole read has more; with a clock set back by hand
    /// (dates no longer ascending) it scans from the start and still agrees.
    @Test func aHistoryPageIsTheWholeReadsSliceWhateverTheWindow() throws {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds))
        _ = try #require(store.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        clock.advance(by: 95)
        try store.process(now: clock.now())
        func check(_ label: String) throws {
            let all = try store.notifications().map(\.notification.signedDate)
            let starts = [0] + all + [(all.max() ?? 0) + 1]
            for start in starts {
                let isIncluded: (NotificationEntry) -> Bool = { $0.notification.signedDate >= start && $0.notification.notificationType != "TEST" }
                let whole = try store.notifications(where: isIncluded, page: { _ in nil }).entries
                for offset in [0, 1, 3, whole.count - 1, whole.count, whole.count + 2] where offset >= 0 {
                    for count in [1, 3, 20] {
                        let page = try store.notificationPage(signedFrom: start, where: isIncluded, offset: offset, count: count)
                        let slice = Array(whole.dropFirst(offset).prefix(count))
                        #expect(page.entries == slice, "\(label): start \(start), offset \(offset), count \(count)")
                        #expect(page.hasMore == (offset + count < whole.count), "\(label): start \(start), offset \(offset), count \(count)")
                    }
                }
            }
        }
        try check("ascending")
        #expect(store.notificationHeads.datesAscend)
        // The clock set back by hand: notifications signed before the ones already logged, then
        // after them again (a dip in the middle, where halving would skip logged ones).
        let later = clock.now()
        clock.set(later.addingTimeInterval(-60))
        _ = try store.requestTestNotification()
        try store.setAutoRenew(groupID: "premium", false)
        try store.setAutoRenew(groupID: "premium", true)
        clock.set(later.addingTimeInterval(60))
        try store.setAutoRenew(groupID: "premium", false)
        try check("a clock set back")
        #expect(!store.notificationHeads.datesAscend)
    }

    @Test func keptHeadsReadOnlyWhatWasAppendedAndAgreeWithAFreshRead() throws {
        let (server, clock, dir) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds))
        let (other, _, _) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds), dir: dir, clock: clock)
        func page(_ store: SimulatedStore, _ range: Range<Int>? = nil) throws -> (entries: [NotificationEntry], total: Int) {
            try store.notifications(where: { $0.notification.notificationType != "TEST" }, page: { _ in range })
        }
        func fresh() throws -> (entries: [NotificationEntry], total: Int) {
            let (reader, _, _) = try Fixture.store(StoreSettings(timeRate: .oneRenewalEveryTenSeconds), dir: dir, clock: clock)
            return try page(reader)
        }
        #expect(try page(server).total == 0)
        _ = try #require(other.purchase(productID: "weekly_9_99", options: Fixture.options).transaction)
        let first = try page(server).entries, firstFresh = try fresh().entries
        #expect(first == firstFresh && first.count == 1)
        clock.advance(by: 45)
        try other.process(now: clock.now())
        let log = dir.appendingPathComponent("notifications.jsonl")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        handle.write(Data(#"{"signed":{"notifica"#.utf8))
        try handle.close()
        let withTorn = try page(server), tornFresh = try fresh()
        #expect(withTorn.total == 5 && withTorn.entries == tornFresh.entries, "SUBSCRIBED and four renewals")
        // The torn line is cut by the next append, and the reader goes on from the whole lines.
        let uuid = try #require(withTorn.entries.first?.notification.notificationUUID)
        try other.recordAttempts([NotificationAttempt(notificationUUID: uuid, url: "http://127.0.0.1:1/n", attemptDate: 1, result: "SUCCESS", httpStatus: 200)])
        clock.advance(by: 20)
        try other.process(now: clock.now())
        let later = try page(server, 2..<4)
        let whole = try fresh()
        #expect(later.total == 7 && later.entries == Array(whole.entries[2..<4]))
        let attempts = try page(server).entries.first?.attempts.map(\.result)
        #expect(attempts == ["SUCCESS"])
        // Another file at the path (a state reset by hand): read again from its start.
        try FileManager.default.removeItem(at: log)
        _ = try other.requestTestNotification()
        _ = try #require(other.purchase(productID: "coins_100", options: Fixture.options).transaction)
        let replaced = try page(server)
        #expect(replaced.total == 1 && replaced.entries.map(\.notification.notificationType) == ["ONE_TIME_CHARGE"])
    }
}

/// Apple sends EXPIRED with subtype PRICE_INCREASE "when the subscription expires" after the
/// customer didn't consent to a price increase: at the end of the period, not at the answer; and a
/// renewal info's `renewalDate` is "always present … even for expired subscriptions".
@Suite("A declined price increase ends the subscription at its period's end")
struct DeclinedPriceIncreaseTests {
    @Test func theExpiryIsSentWhenThePeriodEndsAndRenewalDateStays() throws {
        let (store, clock, _) = try Fixture.store(StoreSettings(timeRate: .monthlyRenewalEveryThirtySeconds))
        _ = try #require(store.purchase(productID: "monthly_19_99", options: Fixture.options).transaction)
        _ = try store.schedulePriceIncrease(productID: "monthly_19_99", newPrice: 24.99, needsConsent: true)
        clock.advance(by: 10)
        try store.respondToPriceIncrease(groupID: "premium", consent: false)
        try store.process(now: clock.now())
        let atAnswer = try store.notifications().map { "\($0.notification.notificationType)/\($0.notification.subtype ?? "-")" }
        #expect(!atAnswer.contains { $0.hasPrefix("EXPIRED") }, "\(atAnswer)")
        #expect(store.subscriptionStatus(groupID: "premium")?.state == .subscribed)
        clock.advance(by: 25) // the period ended at 30 s
        try store.process(now: clock.now())
        let expired = try #require(try store.notifications().last?.notification)
        #expect("\(expired.notificationType)/\(expired.subtype ?? "-")" == "EXPIRED/PRICE_INCREASE")
        #expect(expired.signedDate == TransactionPayload.millis(Fixture.start.addingTimeInterval(30)), "at the period's end")
        let status = try #require(store.subscriptionStatus(groupID: "premium"))
        #expect(status.state == .expired && status.renewalInfo.expirationIntent == 3)
        #expect(status.renewalInfo.renewalDate == TransactionPayload.millis(Fixture.start.addingTimeInterval(30)))
    }
}

/// Decodes a notification's signed payload after checking its chain and signature.
enum NotificationPayloadReader {
    static func decode(_ jws: String, with store: SimulatedStore) throws -> NotificationPayload {
        try JSONDecoder().decode(NotificationPayload.self, from: try store.signedDataVerifier.verify(jws, now: Date()))
    }
}
