import Foundation

/// Starts child processes one at a time across the whole test run.
///
/// swift-corelibs-foundation's `Process.run()` is not safe to call from several threads at once:
/// the suites that spawn processes in parallel (the shared-state tests start several `paywall-sim`s
/// at once) crashed the test process in `Process.run()`'s memcpy. Only the start is serialized;
/// the children run, and are waited for, in parallel.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// `process.run()`, never two at a time.
    public static func run(_ process: Process) throws {
        try lock.withLock { try process.run() }
    }

    /// Any other start of a child (`posix_spawn`), under the same lock: never beside a `Process.run()`.
    public static func serialized<T>(_ start: () throws -> T) rethrows -> T {
        try lock.withLock(start)
    }
}
