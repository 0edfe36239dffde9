import TestSupport
import Foundation

/// The profile files the tests read (paths from `TestSupport.TestPaths`).
enum ProfilePaths {
    static let scripts = TestPaths.scripts.appendingPathComponent("profiles")
    static let exampleProfile = scripts.appendingPathComponent("example-team.profile.json").path
}

/// An in-memory file system for loader tests: absolute path → text.
struct FakeFiles: Sendable {
    var files: [String: String]
    var read: @Sendable (String) -> Data? {
        let files = self.files
        return { path in files[path].map { Data($0.utf8) } }
    }
}
