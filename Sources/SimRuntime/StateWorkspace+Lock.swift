import Foundation
import PaywallFoundation

/// The state directory's lock: the one every process takes before it changes the directory's own
/// files (setup, clock, user, the app's files) or resets it.
extension StateWorkspace {
    /// The process's lock on the directory's own files (`DIR/.lock`; `StateLock` says the order of the three).
    public var lock: StateLock { StateLock.directory(layout) }

    /// Runs `body` holding the directory's lock, so no other process changes the directory meanwhile.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try lock.withLock(body)
    }
}
