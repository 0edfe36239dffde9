import Foundation

/// Where things are for tests: the package root and its folders, found one way for every target.
public enum TestPaths {
    /// The package root: this file is `Tests/TestSupport/TestPaths.swift`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Real `.storekit` and `.xcstrings` files from public projects, with `SOURCES.md`.
    public static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")
    /// `Scripts/` (tapes, fault and fuzz scripts, tools).
    public static let scripts = packageRoot.appendingPathComponent("Scripts")
    /// `Themes/` (built-in themes, the default copy deck, profile decks).
    public static let themes = packageRoot.appendingPathComponent("Themes")

    /// The fixture files with this extension (`storekit`, `xcstrings`), sorted by name.
    public static func fixtureFiles(_ pathExtension: String) -> [URL] {
        let folder = fixtures.appendingPathComponent(pathExtension)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + pathExtension) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A path under the package root.
    public static func path(_ relative: String) -> URL { packageRoot.appendingPathComponent(relative) }

    /// A new empty directory under the temp folder, named with `label`; removed when the test
    /// process exits, if its test has not removed it already.
    public static func scratchDirectory(_ label: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paywallsim-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        ScratchDirectories.shared.removeAtExit(url)
        return url
    }
}

/// The scratch directories tests made, removed when the test process exits (a test run used to
/// leave a thousand directories in the temp folder).
final class ScratchDirectories: @unchecked Sendable {
    static let shared = ScratchDirectories()
    private let lock = NSLock()
    private var made: [URL] = []

    private init() {
        atexit { ScratchDirectories.shared.removeAll() }
    }

    func removeAtExit(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        made.append(url)
    }

    private func removeAll() {
        lock.lock()
        let all = made
        made = []
        lock.unlock()
        for url in all { try? FileManager.default.removeItem(at: url) }
    }
}
