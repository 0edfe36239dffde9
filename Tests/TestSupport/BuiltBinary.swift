import Foundation

/// The executables this package builds, found next to the running test bundle, so every test of a
/// run (process, tmux, fault) uses the build the tests were compiled with.
public enum BuiltBinary {
    /// The build folder of this test run (`.build/debug` or `.build/<triple>/debug`).
    public static let buildDirectory: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<6 {
            if FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("paywall-sim").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return TestPaths.packageRoot.appendingPathComponent(".build/debug")
    }()

    /// The executable `name` (default `paywall-sim`), or an error saying how to build it.
    public static func url(named name: String = "paywall-sim") throws -> URL {
        let url = buildDirectory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BuiltBinaryError(description: "\(url.path) not found; run `swift build --product \(name)` first")
        }
        return url
    }

    /// Whether `name` is built (for `.enabled(if:)` traits).
    public static func exists(_ name: String = "paywall-sim") -> Bool { (try? url(named: name)) != nil }
}

/// A binary the tests need is not built.
public struct BuiltBinaryError: Error, CustomStringConvertible {
    public var description: String
}
