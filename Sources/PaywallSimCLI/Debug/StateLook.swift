import Foundation
import PaywallFoundation
import PaywallCore
import SimRuntime
import Persistence
import StoreSim
import TeamServer

/// What one look at a state directory found, read by the program's own loaders without changing,
/// locking or making any file in it.
public struct StateLook: Sendable {
    /// The state directory looked at.
    public let directory: URL
    /// What could not be read, one line each: a file that does not parse, a damaged journal line.
    public private(set) var problems: [String] = []
    /// The store ledger's transactions in ledger order (empty before the first save); nil when it
    /// could not be read.
    public private(set) var transactions: [SavedStoreLedger.Transaction]?
    /// The backend's grants in order (empty before the first save); nil when its ledger could not be read.
    public private(set) var grants: [String]?
    /// The ids of every transaction the backend recorded; nil when its ledger could not be read.
    public private(set) var backendRecords: Set<String>?
    /// `quota.json`; nil when there is none yet or it could not be read.
    public private(set) var quota: MessageQuota?
    /// The number of `message_sent` events in `events.jsonl`; nil when it could not be read.
    public private(set) var messageEvents: Int?
    /// The largest `count_today` a `message_sent` event carries (0 when none does).
    public private(set) var mostCountedToday = 0
    /// The state's clock at the look (its settings', else the wall clock); nil when it could not be read.
    public private(set) var clockNow: Date?

    /// The files read by their own loader below, left out of the plain JSON syntax check.
    static func filesWithTheirOwnLoader(_ layout: StateLayout) -> Set<String> {
        [layout.quota.path, layout.store.ledger.path, layout.backend.ledger.path]
    }

    /// Reads every file of `directory` the checks need.
    public init(directory: URL) {
        self.directory = directory
        let state = StateDirectory(root: directory)
        checkJSONFiles()
        do {
            let events = try AppStateStore.loadEvents(in: state).filter { $0.name == AnalyticsEvent.messageSent(countToday: 0).name }
            messageEvents = events.count
            mostCountedToday = events.compactMap { Int($0.properties["count_today"] ?? "0") }.max() ?? 0
        } catch {
            problems.append("\(error) (a half-written event line?)")
        }
        do { quota = try JSONFile<MessageQuota>(url: state.quotaFile).load() } catch { problems.append("\(error)") }
        do { clockNow = try StateWorkspace(root: directory).savedTime().now() } catch { problems.append("\(error)") }
        do {
            let store = try SavedStoreLedger.read(in: StateLayout(root: directory).store.folder)
            transactions = store?.transactions ?? []
            note(store?.droppedJournalLine)
        } catch {
            problems.append("\(error)")
        }
        do {
            let backend = try SavedBackendLedger.read(in: StateLayout(root: directory).backend.folder)
            grants = backend?.grants ?? []
            backendRecords = backend?.recordedTransactionIDs ?? []
            note(backend?.droppedJournalLine)
        } catch {
            problems.append("\(error)")
        }
    }

    /// A journal line left out is a problem unless it is a torn last line (an append a kill cut
    /// short): a kill cannot damage a line that has its newline.
    private mutating func note(_ dropped: DroppedJournalLine?) {
        guard let dropped, !dropped.isTornLastLine else { return }
        problems.append("\(dropped.path):\(dropped.lineNumber):1: not a journal line (\(dropped.reason)); only a torn last line may be left out")
    }

    /// Every other `.json` file under the directory parses (a kill never leaves one half-written);
    /// hidden files (a temp file a kill left before its rename, the locks) are not state.
    private mutating func checkJSONFiles() {
        var relativePaths: [String] = []
        let ownLoaders = Self.filesWithTheirOwnLoader(StateLayout(root: directory))
        let walk = FileManager.default.enumerator(atPath: directory.path)
        while let relative = walk?.nextObject() as? String {
            let components = relative.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) {
                if walk?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { walk?.skipDescendants() }
                continue
            }
            guard relative.hasSuffix(".json"), !ownLoaders.contains(directory.appendingPathComponent(relative).path),
                  walk?.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            relativePaths.append(relative)
        }
        for relative in relativePaths.sorted() {
            let path = directory.appendingPathComponent(relative).path
            guard let data = FileManager.default.contents(atPath: path) else {
                problems.append("\(path): cannot read")
                continue
            }
            do { _ = try LocatedJSONParser.parse(data) } catch {
                problems.append("\(path):\(error.location): \(error.message); not valid JSON (half-written?)")
            }
        }
    }
}
