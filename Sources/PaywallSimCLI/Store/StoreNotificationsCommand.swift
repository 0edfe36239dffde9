import ArgumentParser
import Foundation
import StoreSim

/// `store notifications`: the App Store Server Notifications the store made, newest first (the
/// latest 50 unless `--limit` says), with their delivery attempts.
struct StoreNotificationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "List the App Store Server Notifications V2 the store made (type, subtype, transaction) and each try to deliver them (serve --notify).",
        discussion: "Every change Apple notifies is recorded, whichever process made it; `paywall-sim serve --notify URL` delivers those made while it runs and retries failures 1, 12, 24, 48 and 72 hours after the previous try, on the simulated clock (a Sandbox state sends once, without retries).")

    @OptionGroup var options: StoreOptions
    @Flag(name: .long, help: "With --json: add each notification's signedPayload.")
    var signed = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Show at most N notifications, the newest (0: every one).", valueName: "N"))
    var limit = 50

    func validate() throws {
        if limit < 0 { throw ValidationError("--limit \(limit): expected 0 (every notification) or a positive number") }
    }

    struct Output: StoreOutput {
        struct Attempt: Encodable {
            var url: String
            var attemptDate: String
            var result: String
            var httpStatus: Int?
        }
        struct Notification: Encodable {
            var notificationUUID: String
            var notificationType: String
            @Nullable var subtype: String?
            var signedDate: String
            @Nullable var transactionID: String?
            @Nullable var productID: String?
            var attempts: [Attempt]
            var signedPayload: String?
        }
        /// The notifications shown, newest first.
        var notifications: [Notification]
        /// How many the store made, shown or not.
        var total: Int

        var text: String {
            guard !notifications.isEmpty else { return "No notifications." }
            let older = total - notifications.count
            var table = TextTable(["SIGNED", "TYPE", "SUBTYPE", "PRODUCT", "TRANSACTION", "DELIVERY"])
            for n in notifications {
                let delivery = n.attempts.isEmpty ? "not sent" : n.attempts.map { "\($0.result)\($0.httpStatus.map { " \($0)" } ?? "")" }.joined(separator: ", ")
                table.add([n.signedDate, n.notificationType, n.subtype ?? "-", n.productID ?? "-", n.transactionID ?? "-", delivery])
            }
            return table.render() + (older > 0 ? "\n\(older) older notification\(older == 1 ? "" : "s") not shown (\(total) in all; --limit 0 shows every one)." : "")
        }
    }

    func run() throws {
        try StoreRunner.run(options) { workspace in
            let store = try workspace.openStore()
            // Only the shown ones are made whole (their signed payloads).
            let (entries, total) = limit == 0 ? try store.notifications(where: { _ in true }, page: { _ in nil })
                : try store.newestNotifications(limit)
            return Output(notifications: entries.reversed().map { entry in
                let n = entry.notification
                return Output.Notification(
                    notificationUUID: n.notificationUUID, notificationType: n.notificationType, subtype: n.subtype,
                    signedDate: StoreDate.string(n.date), transactionID: n.transactionID, productID: n.productID,
                    attempts: entry.attempts.map { Output.Attempt(url: $0.url, attemptDate: StoreDate.string(TransactionPayload.date($0.attemptDate)),
                                                                  result: $0.result, httpStatus: $0.httpStatus) },
                    signedPayload: signed ? n.signedPayload : nil)
            }, total: total)
        }
    }
}
