/// A value kept in one shared heap box and copied only when a copy is changed (as `Array` keeps
/// its elements). For a struct of many strings and arrays that is copied far more often than it is
/// changed: a copy retains one object instead of each field. Reading or changing a field through
/// `value` does not copy the others.
public struct CopyOnWriteBox<Value> {
    @usableFromInline final class Storage {
        @usableFromInline var value: Value
        @inlinable init(_ value: Value) { self.value = value }
    }

    @usableFromInline var storage: Storage

    @inlinable public init(_ value: Value) { storage = Storage(value) }

    /// The value; changing it first copies the box when another `CopyOnWriteBox` shares it.
    @inlinable public var value: Value {
        _read { yield storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }

    /// True when both hold the very same box (so their values are equal without comparing them).
    @inlinable public func sharesBox(with other: CopyOnWriteBox) -> Bool { storage === other.storage }
}

// Its value is changed only through the one `CopyOnWriteBox` holding the box (`isKnownUniquelyReferenced`),
// so boxes shared between threads are only read.
extension CopyOnWriteBox: @unchecked Sendable where Value: Sendable {}

extension CopyOnWriteBox: Equatable where Value: Equatable {
    @inlinable public static func == (lhs: CopyOnWriteBox, rhs: CopyOnWriteBox) -> Bool {
        lhs.sharesBox(with: rhs) || lhs.value == rhs.value
    }
}

extension CopyOnWriteBox: Hashable where Value: Hashable {
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
