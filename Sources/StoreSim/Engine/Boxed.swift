/// A value held once on the heap, compared and hashed by value.
///
/// The store's array of transactions and the backend's dictionary of records each held a
/// 360-byte `TransactionPayload` inline in every slot, spare capacity included: 13.7 MB of the
/// 10,000-operation soak's 27.4 MB of heap. Holding a pointer instead leaves the spare slots small.
package final class Boxed<Value: Hashable & Sendable>: Hashable, Sendable {
    package let value: Value

    package init(_ value: Value) { self.value = value }

    package static func == (a: Boxed, b: Boxed) -> Bool { a === b || a.value == b.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
