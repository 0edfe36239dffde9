import Foundation

/// How a state directory's writes are made: `durable` fsyncs what is committed (a user's state);
/// `throwaway` is for a directory removed when its run ends (a tape's own state, a sweep's
/// short-lived apps), where surviving a crash means nothing and each fsync costs milliseconds on
/// a real disk: replacement stays atomic, only the fsyncs are skipped. The workspace that opens a
/// directory chooses it and hands it to every file owner; a test or a benchmark may count the
/// fsyncs made (`counting`).
public struct Durability: Sendable, Hashable {
    /// Whether commits are fsynced.
    public let syncs: Bool
    /// Counts the fsyncs made under this policy, when set.
    public let counter: SyncCounter?

    /// Every commit fsynced.
    public static let durable = Durability(syncs: true, counter: nil)
    /// No fsyncs: a directory removed when its run ends.
    public static let throwaway = Durability(syncs: false, counter: nil)

    /// This policy, its fsyncs counted by `counter`.
    public func counting(_ counter: SyncCounter) -> Durability { Durability(syncs: syncs, counter: counter) }

    public static func == (a: Durability, b: Durability) -> Bool { a.syncs == b.syncs && a.counter === b.counter }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(syncs)
        hasher.combine(counter.map(ObjectIdentifier.init))
    }

    /// Fsyncs `fd` and counts it; false on failure (see errno).
    func fsync(_ fd: Int32) -> Bool {
        guard PlatformCalls.fsync(fd) == 0 else { return false }
        counter?.add()
        return true
    }
}

/// A count of fsyncs (tests, and the benchmark's fsyncs per operation).
public final class SyncCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counted = 0

    public init() {}

    /// The fsyncs counted so far.
    public var count: Int { lock.lock(); defer { lock.unlock() }; return counted }

    /// Starts again from zero.
    public func reset() { lock.lock(); counted = 0; lock.unlock() }

    func add() { lock.lock(); counted += 1; lock.unlock() }
}
