import TestSupport
import Foundation

/// Finds the built `paywall-sim` and runs the fault scripts for the fault tests (local to these files).
enum FaultsSupport {
    static let packageRoot = TestPaths.packageRoot

    /// This test run's build of `paywall-sim`; nil when it was not built.
    static let binary: String? = (try? BuiltBinary.url())?.path

    /// Whether a program is on the PATH.
    static func onPath(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// Runs `arguments` from the package root through `CleanSpawn` (signals unblocked, output via
    /// a temp file); returns the exit status and everything printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try CleanSpawn.shell(arguments.map(CleanSpawn.quote).joined(separator: " "), in: packageRoot)
    }
}
