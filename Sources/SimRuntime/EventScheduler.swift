import Foundation

/// A queue of things due at an instant: the store answering, a spinner tick. Runs on any clock.
///
/// Items due at the same instant fire in the order they were scheduled, so runs are repeatable.
public struct EventScheduler<Item: Sendable>: Sendable {
    private struct Entry: Sendable {
        var due: Date
        var sequence: UInt64
        var item: Item
    }

    private var entries: [Entry] = []
    private var nextSequence: UInt64 = 0

    public init() {}

    /// Schedules `item` at `due`.
    public mutating func schedule(_ item: Item, at due: Date) {
        let entry = Entry(due: due, sequence: nextSequence, item: item)
        nextSequence += 1
        let index = entries.firstIndex { ($0.due, $0.sequence) > (entry.due, entry.sequence) } ?? entries.count
        entries.insert(entry, at: index)
    }

    /// The instant the earliest item is due, if any.
    public var nextDue: Date? { entries.first?.due }

    /// Whether nothing is scheduled.
    public var isEmpty: Bool { entries.isEmpty }

    /// Removes and returns the earliest item due at or before `now`.
    public mutating func popDue(at now: Date) -> (due: Date, item: Item)? {
        guard let first = entries.first, first.due <= now else { return nil }
        entries.removeFirst()
        return (first.due, first.item)
    }

    /// Drops every scheduled item (a relaunch kills the process and its timers).
    public mutating func removeAll() { entries.removeAll() }
}

private func > (lhs: (Date, UInt64), rhs: (Date, UInt64)) -> Bool {
    lhs.0 != rhs.0 ? lhs.0 > rhs.0 : lhs.1 > rhs.1
}
