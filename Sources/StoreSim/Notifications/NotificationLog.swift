import Foundation
import PaywallFoundation

/// The notifications the store made and every try to deliver them: `store/notifications.jsonl`,
/// one JSON line per event (`{"notification": …}` or `{"attempt": …}`), appended and fsynced
/// under the store's lock, so the app, `store` commands and `serve` add to it without losing
/// another's line.
struct NotificationLog {
    let url: URL

    struct Line: Codable {
        var notification: ServerNotification?
        var attempt: NotificationAttempt?
    }

    init(directory: URL) {
        url = StateLayout.Store(folder: directory).notifications
    }

    /// Every notification with its attempts, oldest first. A torn last line (a kill mid-append)
    /// is skipped; any other line that is not ours is an error naming its line.
    func load() throws -> [NotificationEntry] {
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        var entries: [NotificationEntry] = []
        var index: [String: Int] = [:]
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (number, bytes) in lines.enumerated() where !bytes.isEmpty {
            let line: Line
            do { line = try LocatedJSONDecoder().decode(Line.self, from: Data(bytes)) } catch {
                if number == lines.count - 1 { break } // torn by a kill mid-append: the rest of the file is fine
                throw NotificationLogError("\(url.path):\(number + 1):1: \(error); expected a line this simulator wrote")
            }
            if let notification = line.notification {
                index[notification.notificationUUID] = entries.count
                entries.append(NotificationEntry(notification: notification, attempts: []))
            } else if let attempt = line.attempt, let at = index[attempt.notificationUUID] {
                entries[at].attempts.append(attempt)
            }
        }
        return entries
    }

    func append(_ lines: [Line]) throws {
        guard !lines.isEmpty else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for line in lines {
            data.append(try encoder.encode(line))
            data.append(UInt8(ascii: "\n"))
        }
        try DurableFile.append(data, to: url, afterWholeLines: true)
    }
}

/// The notification log could not be read.
public struct NotificationLogError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
