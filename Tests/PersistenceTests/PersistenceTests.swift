import Foundation
import PaywallFoundation
import Testing
import PaywallCore
@testable import Persistence

/// A fresh temporary state directory per test.
struct TempDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("paywall-sim-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

@Suite struct AppStateStoreTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func emptyDirectoryLoadsDefaults() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url.appendingPathComponent("nested/state")))
        #expect(try store.loadQuota() == MessageQuota())
        #expect(try store.loadPaywallViews() == PaywallViewHistory())
        #expect(try store.loadEntitlement() == nil)
        #expect(try store.loadEvents().isEmpty)
    }

    @Test func stateRoundTrips() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        var quota = MessageQuota()
        _ = quota.consume(now: now, timeZone: TimeZone(identifier: "UTC")!, limit: 10)
        var views = PaywallViewHistory()
        views.record(at: now)
        views.record(at: now.addingTimeInterval(60))
        let entitlement = Entitlement(isPremium: true, productID: "yearly_59_99", expiresAt: now.addingTimeInterval(86_400),
                                      source: .purchase, verifiedAt: now)
        try store.save(.quota(quota))
        try store.save(.paywallViews(views))
        try store.save(.entitlement(entitlement))

        let reopened = try AppStateStore(directory: StateDirectory(root: temp.url))
        #expect(try reopened.loadQuota() == quota)
        #expect(try reopened.loadPaywallViews() == views)
        #expect(try reopened.loadEntitlement() == entitlement)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted()
        #expect(leftovers == ["entitlement.json", "paywall-views.json", "quota.json"])
    }

    @Test func quotaFileIsReadableJSON() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        try store.saveQuota(MessageQuota(day: "2026-05-28", used: 3))
        let text = try String(contentsOf: store.directory.quotaFile, encoding: .utf8)
        #expect(text == "{\n  \"day\" : \"2026-05-28\",\n  \"used\" : 3\n}\n")
    }

    @Test func eventLogAppendsAndReadsBack() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        let first = RecordedEvent(.paywallView(offer: .A, reason: "flow"), at: now)
        let second = RecordedEvent(.messageSent(countToday: 2), at: now.addingTimeInterval(1))
        try store.appendEvent(first)
        try store.appendEvent(second)
        #expect(try store.loadEvents() == [first, second])
        let text = try String(contentsOf: store.directory.eventsFile, encoding: .utf8)
        #expect(text == first.jsonLine() + "\n" + second.jsonLine() + "\n")
    }

    func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    func errorText(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    @Test func corruptFilesThrowNamingTheFileAndAreKept() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        let quotaPath = store.directory.quotaFile.path
        try write("{\n  \"day\": \"2026-05-28\"\n  \"used\": 3\n}\n", to: store.directory.quotaFile)
        #expect(errorText { _ = try store.loadQuota() } == "\(quotaPath):3:3: invalid JSON, unexpected '\"', expected ',' or '}' in an object")
        #expect(try String(contentsOf: store.directory.quotaFile, encoding: .utf8).contains("\"used\": 3"))

        try write(#"{"isPremium": "yes", "source": "purchase"}"#, to: store.directory.entitlementFile)
        #expect(errorText { _ = try store.loadEntitlement() }
            == "\(store.directory.entitlementFile.path):1:15: at isPremium: wrong type, expected true or false")

        try write(#"{"viewz": []}"#, to: store.directory.paywallViewsFile)
        #expect(errorText { _ = try store.loadPaywallViews() }
            == "\(store.directory.paywallViewsFile.path):1:1: missing key views, expected it to be present")

        try write("", to: store.directory.paywallViewsFile)
        #expect(errorText { _ = try store.loadPaywallViews() }
            == "\(store.directory.paywallViewsFile.path):1:1: invalid JSON, the file is empty, expected a JSON object")
    }

    @Test func implausibleValuesAreRejectedNotUsed() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        let path = store.directory.quotaFile.path
        try write(#"{"day": "2026-05-28", "used": -4}"#, to: store.directory.quotaFile)
        #expect(errorText { _ = try store.loadQuota() } == "\(path):1:31: at used: -4 is negative, expected 0 or more")
        try write(#"{"day": "yesterday", "used": 1}"#, to: store.directory.quotaFile)
        #expect(errorText { _ = try store.loadQuota() } == "\(path):1:9: at day: \"yesterday\" is not a day, expected yyyy-MM-dd")
    }

    @Test func viewsAreSortedWhenLoaded() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        try write(#"{"views": ["2026-05-28T10:00:00Z", "2026-05-27T10:00:00Z"]}"#, to: store.directory.paywallViewsFile)
        let views = try store.loadPaywallViews().views
        #expect(views == views.sorted())
        #expect(views.count == 2)
    }

    @Test func corruptEventLineNamesItsLine() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        try store.appendEvent(RecordedEvent(.restoreSuccess, at: now))
        try DurableFile.append(Data("{\"name\":\"x\",\"time\":oops}\n".utf8), to: store.directory.eventsFile, durability: .durable)
        #expect(errorText { _ = try store.loadEvents() }
            == "\(store.directory.eventsFile.path):2:20: invalid JSON, unexpected 'o', expected a value (object, array, string, number, true, false or null)")
    }

    @Test func unreadableFileIsAnError() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let store = try AppStateStore(directory: StateDirectory(root: temp.url))
        try FileManager.default.createDirectory(at: store.directory.quotaFile, withIntermediateDirectories: true)
        #expect(errorText { _ = try store.loadQuota() }.hasPrefix("\(store.directory.quotaFile.path): cannot read"))
        #expect(errorText { try store.saveQuota(MessageQuota()) }.hasPrefix(store.directory.quotaFile.path))
    }

    @Test func defaultRootFollowsXDG() {
        #expect(StateDirectory.defaultRoot(environment: ["XDG_STATE_HOME": "/s"], home: "/h").path == "/s/paywall-sim")
        #expect(StateDirectory.defaultRoot(environment: ["XDG_STATE_HOME": ""], home: "/h").path == "/h/.local/state/paywall-sim")
        #expect(StateDirectory.defaultRoot(environment: [:], home: "/h").path == "/h/.local/state/paywall-sim")
    }
}

@Suite struct DurableFileTests {
    @Test func replacesTheWholeFileAndLeavesNoTempFile() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("f.json")
        try DurableFile.replace(Data("a much longer first version".utf8), at: url, durability: .durable)
        try DurableFile.replace(Data("v2".utf8), at: url, durability: .durable)
        #expect(try String(contentsOf: url, encoding: .utf8) == "v2")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == ["f.json"])
    }

    @Test func writingIntoAMissingDirectoryFailsClearly() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("missing/f.json")
        do {
            try DurableFile.replace(Data("x".utf8), at: url, durability: .durable)
            Issue.record("expected an error")
        } catch {
            #expect(error.message.hasPrefix("cannot create temp file"))
            #expect(error.path.contains("missing/.f.json.tmp-\(getpid())-"))
        }
    }
}

/// State files a person edited into JSON that crashes Foundation's decoder: refused, never decoded.
@Suite struct StateFileTrapTests {
    static let trap = Data(repeating: UInt8(ascii: "["), count: 513)

    @Test func deepBracketsInQuotaAndEventsAreRefusedWithThePlace() throws {
        let temp = try TempDirectory()
        defer { temp.remove() }
        let directory = StateDirectory(root: temp.url)
        let store = try AppStateStore(directory: directory)
        try Self.trap.write(to: directory.quotaFile)
        #expect { _ = try store.loadQuota() } throws: { "\($0)".contains("quota.json:1:257") && "\($0)".contains("nesting deeper than 256 levels") }
        try FileManager.default.removeItem(at: directory.quotaFile)
        try (Self.trap + Data("\n".utf8)).write(to: directory.eventsFile)
        #expect { _ = try store.loadEvents() } throws: { "\($0)".contains("events.jsonl:1:257") && "\($0)".contains("nesting deeper than 256 levels") }
    }
}
