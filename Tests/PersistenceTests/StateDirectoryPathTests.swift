import Foundation
import Testing
import PaywallFoundation
@testable import Persistence

/// The named state files' URLs are made without a `stat`, and equal the URLs `appendingPathComponent` makes (which asks the file system).
struct StateDirectoryPathTests {
    @Test func namedFilesAreTheURLsAppendingMakesWhetherOrNotTheyExist() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("state-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = StateDirectory(root: root)
        let named: [(URL, String)] = [
            (directory.quotaFile, "quota.json"), (directory.paywallViewsFile, "paywall-views.json"),
            (directory.entitlementFile, "entitlement.json"), (directory.profileStateFile, "profile-state.json"),
            (directory.eventsFile, "events.jsonl"),
        ]
        for (url, name) in named { #expect(url == root.appendingPathComponent(name)) } // no folder yet
        try directory.create()
        for (url, name) in named {
            try Data(utf8: "{}").write(to: url)
            #expect(url == root.appendingPathComponent(name))
            #expect(url.path == root.path + "/" + name)
        }
    }
}
