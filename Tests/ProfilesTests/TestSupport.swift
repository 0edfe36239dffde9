import Foundation

/// Paths of the package and shared fixtures, computed from this file's location.
enum TestPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let scripts = packageRoot.appendingPathComponent("Scripts/profiles")
    static let exampleProfile = scripts.appendingPathComponent("example-team.profile.json").path
    static let themes = packageRoot.appendingPathComponent("Themes")
}

/// An in-memory file system for loader tests: absolute path → text.
struct FakeFiles: Sendable {
    var files: [String: String]
    var read: @Sendable (String) -> Data? {
        let files = self.files
        return { path in files[path].map { Data($0.utf8) } }
    }
}
