// glibc's heap controls (`mallopt`, `M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`), which the Glibc
// module does not import: `HeapTuning` (PaywallFoundation) sets them. Linux only: Package.swift
// depends on this module only there, and macOS has no <malloc.h> (its heap is not tuned).
#if defined(__linux__)
#include <malloc.h>
#endif
