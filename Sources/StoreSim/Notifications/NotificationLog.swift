import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PaywallFoundation

/// The notifications the store made and every try to deliver them: `store/notifications.jsonl`,
/// one JSON line per event (`{"signed": …}`, `{"notification": …}` or `{"attempt": …}`), appended
/// and fsynced under the store's lock, so the app, `store` commands and `serve` add to it without
/// losing another's line.
///
/// A notification the store signed is kept as its decoded payload and signature, with the
/// store's JWS header (its certificate chain, 2.8 KB) left out of it and of the transaction and
/// renewal info inside: about 3 KB a line instead of 16. Reading puts the signed payload back
/// together byte for byte (the line is written only after that was checked); a notification that
/// would not come out the same is kept whole (`{"notification": …}`, as older logs hold them all).
struct NotificationLog {
    let url: URL

    struct Line: Codable {
        var notification: ServerNotification?
        var attempt: NotificationAttempt?
        var signed: CompactNotification?

        init(notification: ServerNotification) { self.notification = notification }
        init(attempt: NotificationAttempt) { self.attempt = attempt }

        /// The notification, compact when its signed payload can be put back together exactly:
        /// from `payload` when it is what the signed payload was encoded from, else decoded from it.
        init(notification: ServerNotification, headers: JWSHeaders, signedFrom payload: NotificationPayload? = nil) {
            if let compact = payload.flatMap({ CompactNotification(notification, signedFrom: $0, headers: headers) })
                ?? CompactNotification(notification, headers: headers) {
                signed = compact
            } else {
                self.notification = notification
            }
        }
    }

    /// A notification as the log keeps it: the notification without its signed payload, the
    /// payload decoded (inner JWS headers marked `~x` for Apple's header, `~t`/`~u` for the two
    /// with a `kid` older logs hold), the signature.
    struct CompactNotification: Codable {
        var notification: ServerNotification
        var payload: NotificationPayload
        var signature: String
        /// The header the payload was signed under: `trusted-x5c` (Apple's); absent in lines of
        /// older logs, signed under the trusted key's header with a `kid`.
        var header: JWSSigner?

        init?(_ notification: ServerNotification, headers: JWSHeaders) {
            // By bytes: the payload is kilobytes long, and a split by characters costs most of a renewal.
            let parts = CompactJWS.segments(notification.signedPayload)
            let signedUnder: JWSSigner? = Self.rest(of: notification.signedPayload, after: headers.trusted) != nil ? .trusted : nil
            guard parts.count == 3, signedUnder != nil || Self.rest(of: notification.signedPayload, after: headers.trustedWithKid) != nil,
                  let json = CompactJWS.data(base64url: String(parts[1])),
                  var payload = try? JSONDecoder().decode(NotificationPayload.self, from: json) else { return nil }
            header = signedUnder
            payload.data.signedTransactionInfo = payload.data.signedTransactionInfo.map { Self.elide($0, headers) }
            payload.data.signedRenewalInfo = payload.data.signedRenewalInfo.map { Self.elide($0, headers) }
            var stripped = notification
            stripped.signedPayload = ""
            self.notification = stripped
            self.payload = payload
            signature = String(parts[2])
            guard restored(headers) == notification else { return nil }
        }

        /// `notification` kept compact from `payload`, the value its signed payload was encoded from
        /// (`CompactJWS.encoder`, signed under the trusted key's header: `StoreRules.makeNotification`),
        /// so nothing is decoded. `restored` encodes the same value with the same encoder, so it gives
        /// the signed payload back byte for byte when the inner JWS's headers come back as they were
        /// (checked: a few kilobytes compared). nil when it was signed under another header.
        init?(_ notification: ServerNotification, signedFrom payload: NotificationPayload, headers: JWSHeaders) {
            let text = notification.signedPayload
            guard payload.notificationUUID == notification.notificationUUID, Self.rest(of: text, after: headers.trusted) != nil,
                  let dot = text.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
            var compact = payload
            for keyPath in [\NotificationPayload.data.signedTransactionInfo, \NotificationPayload.data.signedRenewalInfo] {
                guard let jws = payload[keyPath: keyPath] else { continue }
                let elided = Self.elide(jws, headers)
                guard Self.restore(elided, headers) == jws else { return nil }
                compact[keyPath: keyPath] = elided
            }
            var stripped = notification
            stripped.signedPayload = ""
            self.notification = stripped
            self.payload = compact
            signature = String(text[text.utf8.index(after: dot)...])
            header = .trusted
        }

        /// The notification with its signed payload put back together.
        func restored(_ headers: JWSHeaders) -> ServerNotification? {
            var full = payload
            full.data.signedTransactionInfo = full.data.signedTransactionInfo.map { Self.restore($0, headers) }
            full.data.signedRenewalInfo = full.data.signedRenewalInfo.map { Self.restore($0, headers) }
            guard let json = try? CompactJWS.encoder.encode(full) else { return nil }
            var result = notification
            result.signedPayload = headers.text(for: header ?? .trustedWithKid) + "." + CompactJWS.base64url(json) + "." + signature
            return result
        }

        /// `jws` with the store's header replaced by its mark (`~t` or `~u`), compared and cut by
        /// bytes (a character-wise `hasPrefix` and `dropFirst` walk kilobytes of graphemes).
        private static func elide(_ jws: String, _ headers: JWSHeaders) -> String {
            for (mark, header) in [("~x", headers.trusted), ("~t", headers.trustedWithKid), ("~u", headers.untrustedWithKid)] {
                if let rest = rest(of: jws, after: header) { return mark + rest }
            }
            return jws
        }

        private static func restore(_ text: String, _ headers: JWSHeaders) -> String {
            if let rest = rest(of: text, after: "~x") { return headers.trusted + rest }
            if let rest = rest(of: text, after: "~t") { return headers.trustedWithKid + rest }
            if let rest = rest(of: text, after: "~u") { return headers.untrustedWithKid + rest }
            return text
        }

        /// What follows `prefix` in `text` when the byte after it is the JWS's first dot (from the
        /// dot on); nil otherwise.
        private static func rest(of text: String, after prefix: String) -> Substring? {
            let bytes = text.utf8
            guard bytes.count > prefix.utf8.count, BytewiseText.starts(text, with: prefix) else { return nil }
            let dot = bytes.index(bytes.startIndex, offsetBy: prefix.utf8.count)
            guard bytes[dot] == UInt8(ascii: ".") else { return nil }
            return text[dot...]
        }
    }

    /// Where the log's checkpoint is kept (see `Checkpoint`).
    let checkpointURL: URL

    /// Whether an append is fsynced (the store's policy).
    let durability: Durability

    init(directory: URL, durability: Durability) {
        self.durability = durability
        url = StateLayout.Store(folder: directory).notifications
        checkpointURL = StateLayout.Store(folder: directory).notificationsCheckpoint
    }

    /// How many notifications and lines the log's first `bytes` hold, written after every append
    /// (without an fsync: a checkpoint that is stale, missing or of another file costs a longer
    /// count, never a wrong one), so `newest` counts only the lines after it. It names the file
    /// (its inode) and its last bytes before `bytes`, and is used only when both still match.
    struct Checkpoint: Codable, Equatable {
        var bytes: Int
        var notifications: Int
        var newlines: Int
        var inode: UInt64
        /// The log's last (at most 32) bytes before `bytes`, base64.
        var tail: String
    }

    /// The checkpoint, when it still describes the start of the file open as `handle` (of `inode`, `size` bytes).
    private func validCheckpoint(_ handle: FileHandle, inode: UInt64, size: Int) -> Checkpoint? {
        guard let data = FileManager.default.contents(atPath: checkpointURL.path),
              let checkpoint = try? JSONDecoder().decode(Checkpoint.self, from: data),
              checkpoint.inode == inode, checkpoint.bytes <= size, checkpoint.bytes >= 0,
              let tail = Data(base64Encoded: checkpoint.tail), tail.count == min(32, checkpoint.bytes),
              (try? handle.seek(toOffset: UInt64(checkpoint.bytes - tail.count))) != nil,
              (try? handle.read(upToCount: tail.count)) ?? Data() == tail,
              tail.isEmpty || tail.last == 0x0A else { return nil }
        return checkpoint
    }

    /// The notifications and newlines in the log's first `size` bytes: from the checkpoint on when
    /// it holds, else from the start.
    private func counted(_ handle: FileHandle, size: Int, block: Int) throws -> (notifications: Int, newlines: Int, inode: UInt64) {
        var info = stat()
        let inode = fstat(handle.fileDescriptor, &info) == 0 ? UInt64(info.st_ino) : 0
        let start = validCheckpoint(handle, inode: inode, size: size)
        let rest = try Self.countNotifications(in: handle, from: start?.bytes ?? 0, size: size, block: block, path: url.path)
        return ((start?.notifications ?? 0) + rest.notifications, (start?.newlines ?? 0) + rest.newlines, inode)
    }

    /// Writes the checkpoint for the log as it now is (after an append, under the store's lock).
    private func updateCheckpoint() {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return }
        defer { try? handle.close() }
        guard let size = try? Int(handle.seekToEnd()), let counted = try? counted(handle, size: size, block: 4 << 20),
              (try? handle.seek(toOffset: UInt64(size - min(32, size)))) != nil,
              let tail = try? handle.read(upToCount: min(32, size)) ?? Data(), tail.isEmpty || tail.last == 0x0A else { return }
        let checkpoint = Checkpoint(bytes: size, notifications: counted.notifications, newlines: counted.newlines,
                                    inode: counted.inode, tail: tail.base64EncodedString())
        try? JSONEncoder().encode(checkpoint).write(to: checkpointURL, options: .atomic)
    }

    /// Every notification with its attempts, oldest first (`headers`: the store's, to put compact
    /// lines back together). A torn last line (a kill mid-append) is skipped; any other line that
    /// is not ours is an error naming its line.
    func load(headers: JWSHeaders) throws -> [NotificationEntry] {
        try load(headers: headers, where: { _ in true }, page: { _ in nil }).entries
    }

    /// The notifications `isIncluded` keeps (it sees everything but the signed payload), oldest
    /// first, and how many it kept; only those in `page` (positions among the kept ones, given how
    /// many were kept; nil: all) are returned, with their signed payloads put back together. Reading a long log costs its
    /// lines' metadata, not 20,000 signed payloads made again; with `heads` kept from an earlier
    /// read (a long-lived process), only the lines appended since.
    func load(headers: JWSHeaders, where isIncluded: (NotificationEntry) -> Bool, page: (Int) -> Range<Int>?,
              heads: NotificationHeads = NotificationHeads()) throws -> (entries: [NotificationEntry], total: Int) {
        try heads.catchUp(with: self)
        let entries = heads.entries
        let kept = entries.indices.filter { isIncluded(entries[$0]) }
        let wanted = page(kept.count).map { kept[max(0, min($0.lowerBound, kept.count))..<max(0, min($0.upperBound, kept.count))] } ?? kept[...]
        return (try restored(wanted, of: heads, headers: headers), kept.count)
    }

    /// A page of serve's notification history: the `count` notifications `isIncluded` keeps after
    /// the first `offset`, oldest first, and whether more follow. `isIncluded` keeps only
    /// notifications signed at or after `start`, so the scan begins at the first of those (found by
    /// halving while the log's dates ascend) and ends once it knows whether one more follows: a
    /// later page of a long log costs the page, not the log.
    func page(headers: JWSHeaders, signedFrom start: Int64, where isIncluded: (NotificationEntry) -> Bool, offset: Int, count: Int,
              heads: NotificationHeads = NotificationHeads()) throws -> (entries: [NotificationEntry], hasMore: Bool) {
        try heads.catchUp(with: self)
        let entries = heads.entries
        var kept: [Int] = []
        var seen = 0, hasMore = false
        for at in heads.firstIndex(signedFrom: start)..<entries.count where isIncluded(entries[at]) {
            if seen >= offset + count { hasMore = true; break }
            if seen >= offset { kept.append(at) }
            seen += 1
        }
        return (try restored(kept[...], of: heads, headers: headers), hasMore)
    }

    /// The entries at `positions`, a compact line's signed payload put back together.
    private func restored(_ positions: ArraySlice<Int>, of heads: NotificationHeads, headers: JWSHeaders) throws -> [NotificationEntry] {
        // A page's few lines are read one by one; many, from the file read once.
        let whole = positions.count > 64 ? FileManager.default.contents(atPath: url.path) : nil
        var result: [NotificationEntry] = []
        result.reserveCapacity(positions.count)
        for at in positions {
            var entry = heads.entries[at]
            if let range = heads.compactLines[at] {
                let bytes = try whole.map { $0.subdata(in: range) } ?? NotificationHeads.bytes(of: url, in: range)
                guard let compact = try? Self.decode(Line.self, from: bytes).signed, let restored = compact.restored(headers) else {
                    throw NotificationLogError("\(url.path): notification \(entry.notification.notificationUUID) cannot be signed again; expected a line this simulator wrote")
                }
                entry.notification = restored
            }
            result.append(entry)
        }
        return result
    }

    /// The newest `count` notifications with their attempts, oldest first, and how many the log
    /// holds: the lines are counted by their first key, a block at a time, and only the tail is
    /// read and decoded, so the newest page of a 20,000-notification log costs the page and a scan,
    /// not the log in memory.
    /// `window` is the first tail read and `block` the counting read (smaller in tests, to cross their edges).
    func newest(_ count: Int, headers: JWSHeaders, window firstWindow: Int = 1 << 20, block: Int = 4 << 20) throws -> (entries: [NotificationEntry], total: Int) {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return ([], 0) }
        defer { try? handle.close() }
        let size: Int
        do { size = Int(try handle.seekToEnd()) } catch { throw NotificationLogError("\(url.path): cannot read: \(error)") }
        let counted = try counted(handle, size: size, block: block)
        let total = counted.notifications
        // The tail that holds the newest `count` notifications' whole lines (the whole file at most).
        var window = min(size, firstWindow)
        var data = Data()
        var lines: [Range<Int>] = []
        while true {
            data = try NotificationHeads.bytes(of: url, in: (size - window)..<size)
            lines = Self.lineRanges(of: data).lines
            if window < size { lines.removeFirst() } // begins mid-line
            let whole = lines.dropLast().filter { !$0.isEmpty && !Self.isAttempt(data, $0) }.count
            if whole >= count || window == size { break }
            window = min(size, window * 4)
        }
        // The file's line number of the window's line `index` (the last element is the text after the last newline, as the file's).
        func lineNumber(_ index: Int) -> Int { counted.newlines + 1 - (lines.count - 1 - index) }
        var newestFirst: [NotificationEntry] = []
        var attempts: [String: [NotificationAttempt]] = [:]
        for number in lines.indices.reversed() where newestFirst.count < count && !lines[number].isEmpty {
            let bytes = data.subdata(in: data.index(data.startIndex, offsetBy: lines[number].lowerBound)..<data.index(data.startIndex, offsetBy: lines[number].upperBound))
            let line: Line
            do { line = try Self.decode(Line.self, from: bytes) } catch {
                if number == lines.count - 1 { continue } // torn by a kill mid-append
                throw NotificationLogError("\(url.path):\(lineNumber(number)):1: \(error); expected a line this simulator wrote")
            }
            if let attempt = line.attempt {
                attempts[attempt.notificationUUID, default: []].append(attempt)
                continue
            }
            var notification = line.notification
            if let signed = line.signed {
                guard let restored = signed.restored(headers) else {
                    throw NotificationLogError("\(url.path):\(lineNumber(number)):1: the notification cannot be signed again; expected a line this simulator wrote")
                }
                notification = restored
            }
            guard let notification else { continue }
            newestFirst.append(NotificationEntry(notification: notification, attempts: (attempts[notification.notificationUUID] ?? []).reversed()))
        }
        return (newestFirst.reversed(), total)
    }

    /// How many whole lines of the file are notifications rather than attempts, and how many
    /// newlines it holds, read `block` bytes at a time.
    static func countNotifications(in handle: FileHandle, from start: Int = 0, size: Int, block: Int, path: String) throws -> (notifications: Int, newlines: Int) {
        var total = 0, newlines = 0
        var carry = Data()
        var offset = start
        do {
            try handle.seek(toOffset: UInt64(start))
            while offset < size {
                guard let read = try handle.read(upToCount: min(block, size - offset)), !read.isEmpty else { break }
                offset += read.count
                carry.append(read)
                let (lines, notifications) = lineRanges(of: carry)
                total += notifications
                newlines += lines.count - 1
                // The text after the last newline goes on into the next block.
                carry = carry.subdata(in: (lines.last?.lowerBound ?? 0)..<carry.count)
            }
        } catch { throw NotificationLogError("\(path): cannot read: \(error)") }
        return (total, newlines)
    }

    /// Whether the line at `range` of `data` is a delivery attempt (`{"attempt":…}`).
    static func isAttempt(_ data: Data, _ range: Range<Int>) -> Bool {
        let prefix = Array(#"{"attempt":"#.utf8)
        return range.count >= prefix.count && data[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
    }

    /// Every line's byte range (the text after the last newline too, a line torn by a kill) and how
    /// many whole lines are notifications rather than attempts: found with memchr, since a long
    /// catch-up's log is tens of megabytes.
    static func lineRanges(of data: Data) -> (lines: [Range<Int>], notifications: Int) {
        let attemptPrefix = Array(#"{"attempt":"#.utf8)
        return data.withUnsafeBytes { raw -> ([Range<Int>], Int) in
            guard let base = raw.baseAddress else { return ([0..<0], 0) }
            var lines: [Range<Int>] = []
            var notifications = 0
            var start = 0
            while true {
                guard start < raw.count, let found = memchr(base + start, 0x0A, raw.count - start) else {
                    lines.append(start..<raw.count) // torn, or empty after the last newline
                    break
                }
                let end = base.distance(to: UnsafeRawPointer(found))
                let isAttempt = end - start >= attemptPrefix.count && memcmp(base + start, attemptPrefix, attemptPrefix.count) == 0
                if end > start, !isAttempt { notifications += 1 }
                lines.append(start..<end)
                start = end + 1
            }
            return (lines, notifications)
        }
    }

    /// A line as far as listing needs it: the compact form's notification without its payload.
    struct LineHead: Decodable {
        struct SignedHead: Decodable { var notification: ServerNotification }
        var notification: ServerNotification?
        var attempt: NotificationAttempt?
        var signed: SignedHead?
    }

    /// The located decoder: Foundation's traps on some malformed input (`FoundationTrapTests`).
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try LocatedJSONDecoder().decode(type, from: data)
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
        try DurableFile.append(data, to: url, afterWholeLines: true, durability: durability)
        updateCheckpoint()
    }
}

/// The notification log could not be read.
public struct NotificationLogError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
