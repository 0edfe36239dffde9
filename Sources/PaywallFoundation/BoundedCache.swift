import Foundation

/// Answers of a pure function kept by their input, for any thread, emptied when it passes `limit`
/// entries (so it never grows without bound). For work that is slow to redo and asked for again
/// and again with the same few inputs: formatters' output, normalized codes, decoded headers.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var values: [Key: Value] = [:]

    public init(limit: Int) { self.limit = max(1, limit) }

    /// The value kept for `key`, if any.
    public func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    /// Keeps `value` for `key` (emptying the cache first when it is full).
    public func remember(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[key] = value
    }

    /// The value kept for `key`, or `make()`'s, kept. `make` runs outside the lock.
    public func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let known = value(for: key) { return known }
        let made = try make()
        remember(made, for: key)
        return made
    }
}
