import Foundation
import PaywallFoundation
import PaywallCore

/// Loads and saves the app's state files: quota, paywall views, cached entitlement, event log.
public struct AppStateStore: Sendable {
    public let directory: StateDirectory
    /// Whether its writes are fsynced: the policy of the workspace that opened the directory.
    public let durability: Durability

    /// Uses `directory`, creating it if needed.
    public init(directory: StateDirectory, durability: Durability = .durable) throws {
        self.directory = directory
        self.durability = durability
        try directory.create()
    }

    /// The saved quota, or an empty one when there is no file yet.
    public func loadQuota() throws -> MessageQuota {
        try JSONFile<MessageQuota>(url: directory.quotaFile).load() ?? MessageQuota()
    }

    /// The saved paywall views, or none when there is no file yet.
    public func loadPaywallViews() throws -> PaywallViewHistory {
        try JSONFile<PaywallViewHistory>(url: directory.paywallViewsFile).load() ?? PaywallViewHistory()
    }

    /// The cached entitlement, or nil when none was saved.
    public func loadEntitlement() throws -> Entitlement? {
        try JSONFile<Entitlement>(url: directory.entitlementFile).load()
    }

    public func saveQuota(_ quota: MessageQuota) throws {
        try JSONFile<MessageQuota>(url: directory.quotaFile).save(quota, durability: durability)
    }

    public func savePaywallViews(_ history: PaywallViewHistory) throws {
        try JSONFile<PaywallViewHistory>(url: directory.paywallViewsFile).save(history, durability: durability)
    }

    public func saveEntitlement(_ entitlement: Entitlement) throws {
        try JSONFile<Entitlement>(url: directory.entitlementFile).save(entitlement, durability: durability)
    }

    /// The profile screens' saved state, or nil when none was saved (the type is the app's).
    public func loadProfileState<State: Codable & Sendable>(_ type: State.Type) throws -> State? {
        try JSONFile<State>(url: directory.profileStateFile).load()
    }

    public func saveProfileState<State: Codable & Sendable>(_ state: State) throws {
        try JSONFile<State>(url: directory.profileStateFile).save(state, durability: durability)
    }

    /// The lock every process sharing this directory holds while it changes the app's files.
    public var lock: StateLock { StateLock.directory(directory.layout) }

    /// Saves this run's quota added to what other processes saved since `base` (see
    /// `MessageQuota.merged`), holding the lock; returns what is now on disk.
    public func mergeQuota(_ quota: MessageQuota, since base: MessageQuota) throws -> MessageQuota {
        try lock.withLock {
            let merged = quota.merged(onto: try loadQuota(), since: base)
            try saveQuota(merged)
            return merged
        }
    }

    /// Saves this run's paywall views together with the views other processes saved; returns them.
    public func mergePaywallViews(_ history: PaywallViewHistory) throws -> PaywallViewHistory {
        try lock.withLock {
            let merged = history.merged(with: try loadPaywallViews())
            try savePaywallViews(merged)
            return merged
        }
    }

    /// Writes the slice a `persist` effect names.
    public func save(_ slice: PersistedSlice) throws {
        switch slice {
        case let .quota(quota): try saveQuota(quota)
        case let .paywallViews(history): try savePaywallViews(history)
        case let .entitlement(entitlement): try saveEntitlement(entitlement)
        }
    }

    /// Appends one event to `events.jsonl` and fsyncs it.
    public func appendEvent(_ event: RecordedEvent) throws {
        try appendEvents([event])
    }

    /// Appends events to `events.jsonl` in one write and one fsync (a group commit).
    public func appendEvents(_ events: [RecordedEvent]) throws {
        guard !events.isEmpty else { return }
        let lines = events.map { $0.jsonLine() + "\n" }.joined()
        do { try DurableFile.append(Data(utf8: lines), to: directory.eventsFile, durability: durability) }
        catch { throw PersistenceError(path: error.path, message: error.message) }
    }

    /// Every event in `events.jsonl`, oldest first; a bad line throws with its line number.
    public func loadEvents() throws -> [RecordedEvent] { try Self.loadEvents(in: directory) }

    /// `loadEvents()` of `directory`, without making the folder (a reader that only looks).
    public static func loadEvents(in directory: StateDirectory) throws -> [RecordedEvent] {
        let url = directory.eventsFile
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PersistenceError(path: url.path, message: "cannot read: \(FileErrorText.reason(error))")
        }
        let decoder = LocatedJSONDecoder(dateDecoding: .iso8601)
        var events: [RecordedEvent] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            do {
                events.append(try decoder.decode(RecordedEvent.self, from: Data(line)))
            } catch {
                // Each line is a document of its own: its line 1 is the file's line `index + 1`.
                throw PersistenceError(path: url.path, location: LineColumn(line: index + 1, column: error.location.column), message: error.message)
            }
        }
        return events
    }
}
