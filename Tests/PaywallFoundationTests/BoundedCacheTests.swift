import Testing
@testable import PaywallFoundation

/// A bounded cache answers from what it kept, makes each value once, and never passes its limit.
@Suite("Bounded cache")
struct BoundedCacheTests {
    @Test func makesOnceKeepsAndEmptiesWhenFull() {
        let cache = BoundedCache<Int, String>(limit: 3)
        var made = 0
        for _ in 0..<5 { _ = cache.value(for: 1) { made += 1; return "one" } }
        #expect(made == 1)
        #expect(cache.value(for: 1) == "one")
        cache.remember("two", for: 2)
        cache.remember("three", for: 3)
        cache.remember("four", for: 4) // full: emptied, then kept
        #expect(cache.value(for: 1) == nil)
        #expect(cache.value(for: 4) == "four")
    }
}
