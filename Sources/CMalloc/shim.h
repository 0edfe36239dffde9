// glibc's heap controls (`mallopt`, `M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`), which the Glibc
// module does not import: `HeapTuning` (PaywallFoundation) sets them.
#include <malloc.h>
