// The system zlib (Debian's zlib1g-dev): deflate and CRC-32 for the PNG writer (`PNGEncoder`, Tapes).
#include <zlib.h>
