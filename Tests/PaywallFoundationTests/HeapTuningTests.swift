import Testing
import PaywallFoundation

/// The heap settings every executable applies at start-up are taken by the C library.
@Suite("Heap tuning")
struct HeapTuningTests {
    @Test func glibcTakesBothSettings() {
        #if canImport(Glibc)
        #expect(HeapTuning.apply())
        #else
        #expect(!HeapTuning.apply())
        #endif
        #expect(HeapTuning.ownMappingBytes < HeapTuning.keptFreeBytes)
    }
}
