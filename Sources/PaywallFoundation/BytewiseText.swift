#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text compared and hashed by its UTF-8 bytes.
///
/// `String`'s own `==` and hashing treat canonically equivalent text as equal, so for text that
/// is not ASCII (a "·" in a state name, any translation) they normalize both sides first, which
/// is most of the cost of a set or dictionary of such text. For text this program made itself
/// (state names, resolved copy, layout keys), equal bytes and equal text are the same thing.
/// Inlinable: the layout memo compares keys with it on every frame.
public struct BytewiseText: Hashable, Sendable {
    public let text: String

    @inlinable public init(_ text: String) { self.text = text }

    @inlinable public static func == (a: BytewiseText, b: BytewiseText) -> Bool { same(a.text, b.text) }

    @inlinable public func hash(into hasher: inout Hasher) { Self.combine(text, into: &hasher) }

    /// Whether `a` and `b` are both nil or have the same UTF-8 bytes.
    @inlinable public static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?):
            guard x.utf8.count == y.utf8.count else { return false }
            let compared = x.utf8.withContiguousStorageIfAvailable { xs in
                y.utf8.withContiguousStorageIfAvailable { ys in
                    xs.count == 0 || memcmp(xs.baseAddress!, ys.baseAddress!, xs.count) == 0
                }
            }
            if let compared, let same = compared { return same }
            return x.utf8.elementsEqual(y.utf8)
        default: return false
        }
    }

    /// Whether `text`'s UTF-8 bytes begin with `prefix`'s.
    @inlinable public static func starts(_ text: String, with prefix: String) -> Bool {
        guard text.utf8.count >= prefix.utf8.count else { return false }
        let compared = text.utf8.withContiguousStorageIfAvailable { xs in
            prefix.utf8.withContiguousStorageIfAvailable { ys in
                ys.count == 0 || memcmp(xs.baseAddress!, ys.baseAddress!, ys.count) == 0
            }
        }
        if let compared, let starts = compared { return starts }
        return text.utf8.starts(with: prefix.utf8)
    }

    /// Feeds `text`'s UTF-8 bytes (or a mark for nil) to `hasher`.
    @inlinable public static func combine(_ text: String?, into hasher: inout Hasher) {
        guard let text else { hasher.combine(-1); return }
        hasher.combine(text.utf8.count)
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if done == nil { for byte in text.utf8 { hasher.combine(byte) } }
    }
}
