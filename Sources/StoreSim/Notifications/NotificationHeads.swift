import Foundation
import PaywallFoundation

/// What a long-lived reader of the notification log (`serve`'s notification history) has read of
/// it: each notification's metadata, its attempts and where its line is. A later read parses only
/// the lines appended since, so a history page costs the lines added since the last request and
/// the page, not the whole log's metadata again.
///
/// The log is only appended to (under the store's lock). A log replaced (another file at the path),
/// cut shorter, or whose bytes before the read mark changed is read again from the start.
final class NotificationHeads {
    /// The notifications read so far, oldest first, without the signed payload of a compact line.
    private(set) var entries: [NotificationEntry] = []
    /// The byte range of each entry's line when it is compact (its payload made only when returned).
    private(set) var compactLines: [Int: Range<Int>] = [:]
    private var index: [String: Int] = [:]
    /// Whether the entries' signed dates never go down (a clock set back by hand can break it):
    /// then a date window's first entry is found by halving (`firstIndex(signedFrom:)`).
    private(set) var datesAscend = true
    /// The whole lines read: their bytes, and how many lines.
    private var readBytes = 0
    private var readLines = 0
    /// The file read, and its last bytes before `readBytes` (a check the file was not rewritten).
    private var identity: FileStamp?
    private var tail = Data()

    /// Brings the heads up to the file at `log.url`: reads what was appended since the last call.
    /// A line that is not ours, other than a torn last line (left for the next call), is an error
    /// naming its line.
    func catchUp(with log: NotificationLog) throws {
        guard let stamp = FileStamp.of(log.url.path) else { return reset() }
        let size = Int(stamp.size)
        let same = identity.map { $0.sameFile(as: stamp) } ?? false
        if !same || size < readBytes || (readBytes > 0 && (try? Self.bytes(of: log.url, in: (readBytes - tail.count)..<readBytes)) != tail) {
            reset()
            identity = stamp
        }
        guard size > readBytes else { return }
        let fresh = try Self.bytes(of: log.url, in: readBytes..<size)
        let (lines, _) = NotificationLog.lineRanges(of: fresh)
        for (number, range) in lines.enumerated() {
            // The text after the last newline: empty, or a line still being written.
            if number == lines.count - 1 { break }
            let absolute = (readBytes + range.lowerBound)..<(readBytes + range.upperBound)
            defer { readLines += 1 }
            guard !range.isEmpty else { continue }
            let line: NotificationLog.LineHead
            do { line = try NotificationLog.decode(NotificationLog.LineHead.self, from: fresh.subdata(in: range)) } catch {
                throw NotificationLogError("\(log.url.path):\(readLines + 1):1: \(error); expected a line this simulator wrote")
            }
            if let notification = line.notification ?? line.signed?.notification {
                index[notification.notificationUUID] = entries.count
                if line.signed != nil { compactLines[entries.count] = absolute }
                if let last = entries.last, notification.signedDate < last.notification.signedDate { datesAscend = false }
                entries.append(NotificationEntry(notification: notification, attempts: []))
            } else if let attempt = line.attempt, let at = index[attempt.notificationUUID] {
                entries[at].attempts.append(attempt)
            }
        }
        let consumed = (lines.dropLast().last?.upperBound).map { $0 + 1 } ?? 0
        readBytes += consumed
        tail = try Self.bytes(of: log.url, in: max(0, readBytes - 64)..<readBytes)
    }

    private func reset() {
        entries = []
        compactLines = [:]
        index = [:]
        datesAscend = true
        readBytes = 0
        readLines = 0
        identity = nil
        tail = Data()
    }

    /// The position of the first entry signed at or after `date` when the dates ascend (found by
    /// halving), else 0: where a scan of a date window may start.
    func firstIndex(signedFrom date: Int64) -> Int {
        guard datesAscend else { return 0 }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].notification.signedDate < date { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The bytes of `url` in `range`.
    static func bytes(of url: URL, in range: Range<Int>) throws -> Data {
        guard !range.isEmpty else { return Data() }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(range.lowerBound))
            let data = try handle.read(upToCount: range.count) ?? Data()
            guard data.count == range.count else { throw NotificationLogError("\(url.path): cut short while reading (\(data.count) of \(range.count) bytes)") }
            return data
        } catch let error as NotificationLogError {
            throw error
        } catch {
            throw NotificationLogError("\(url.path): cannot read: \(error)")
        }
    }
}
