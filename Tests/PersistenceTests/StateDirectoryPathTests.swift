import Foundation
import Testing
import PaywallFoundation
@testable import Persistence

/// The named state files' URLs are made without a `stat`, and are the URLs `file(_:)` makes.
struct StateDirectoryPathTests {
    @Test func namedFilesAreTheURLsFileMakesWhetherOrNotTheyExist() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("state-paths-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = StateDirectory(root: root)
        let named: [(URL, String)] = [
            (directory.quotaFile, "quota.json"), (directory.paywallViewsFile, "paywall-views.json"),
            (directory.entitlementFile, "entitlement.json"), (directory.profileStateFile, "profile-state.json"),
            (directory.eventsFile, "events.jsonl"),
        ]
        for (url, name) in named { #expect(url == directory.file(name)) } // no folder yet
        try directory.create()
        for (url, name) in named {
            try Data(utf8: "{}").write(to: url)
            #expect(url == directory.file(name))
            #expect(url.path == root.path + "/" + name)
        }
    }
}
