#if canImport(CMalloc)
import CMalloc
#endif

/// How the C heap keeps freed memory, set once at start-up by each executable.
///
/// Every frame makes a new cell grid (60 KB at 80×24, 384 KB at 200×60) and frees the one before.
/// By default glibc gives a freed heap top back to the system and serves blocks over 128 KB with
/// their own mapping, so the next frame faulted the same pages in again: 236,000 page faults in
/// one `paywall-bench --only keys` run. Keeping up to 16 MiB of freed heap, and mapping only
/// blocks of 4 MiB and more, leaves 2,600, and a third less CPU for the same run.
public enum HeapTuning {
    /// Freed heap kept for reuse before any is returned to the system.
    public static let keptFreeBytes: Int32 = 16 << 20
    /// Blocks at least this large get their own mapping.
    public static let ownMappingBytes: Int32 = 4 << 20

    /// Applies the settings (glibc only; elsewhere nothing to do). Returns whether both were taken.
    @discardableResult
    public static func apply() -> Bool {
        #if canImport(CMalloc) && canImport(Glibc)
        return mallopt(M_MMAP_THRESHOLD, ownMappingBytes) == 1 && mallopt(M_TRIM_THRESHOLD, keptFreeBytes) == 1
        #else
        return false
        #endif
    }
}
