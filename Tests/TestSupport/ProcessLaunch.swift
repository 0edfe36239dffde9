import Foundation
import PaywallFoundation

/// Starts child processes one at a time across the whole test run.
///
/// swift-corelibs-foundation's `Process.run()` walks `/proc/self/fd` to close every inherited
/// descriptor and copies each entry's whole 256-byte `d_name`, which can read past the end of the
/// directory buffer: with a thousand or more descriptors open it crashed the test process in
/// memcpy (the state locks once kept one descriptor per directory; `StateLockTests` now holds
/// them to none after release). Starting one child at a time keeps the walk away from
/// descriptors other starts are opening; the children run, and are waited for, in parallel.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// More open descriptors than this in the test process is a leak; past about a thousand,
    /// `Process.run()` can crash the whole run (see above), so the start is refused instead.
    public static let descriptorLimit = 512

    /// A start refused because the test process holds too many descriptors.
    public struct DescriptorLeak: Error, CustomStringConvertible {
        /// How many descriptors were open.
        public var open: Int
        public var description: String {
            "the test process holds \(open) open descriptors (more than \(ProcessLaunch.descriptorLimit)): something leaks them, and Process.run() would crash walking /proc/self/fd"
        }
    }

    /// `process.run()`, never two at a time, and never with leaked descriptors.
    public static func run(_ process: Process) throws {
        try lock.withLock {
            let open = PlatformCalls.openDescriptorCount() ?? 0
            guard open <= descriptorLimit else { throw DescriptorLeak(open: open) }
            try process.run()
        }
    }

    /// Any other start of a child (`posix_spawn`), under the same lock: never beside a `Process.run()`.
    public static func serialized<T>(_ start: () throws -> T) rethrows -> T {
        try lock.withLock(start)
    }
}
