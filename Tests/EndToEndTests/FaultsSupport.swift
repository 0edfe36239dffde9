import Foundation

/// Finds the built `paywall-sim` and runs the fault scripts for the fault tests (local to these files).
enum FaultsSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `$PAYWALL_SIM`, else the release build, else the debug build; nil when none was built.
    static let binary: String? = {
        var candidates = [".build/release/paywall-sim", ".build/debug/paywall-sim"].map { packageRoot.appendingPathComponent($0).path }
        if let env = ProcessInfo.processInfo.environment["PAYWALL_SIM"] { candidates.insert(env, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

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
