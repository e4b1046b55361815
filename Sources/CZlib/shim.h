#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

// zlib's deflate and CRC-32: the compressed image data and the chunk checksums of the
// animated PNGs `tickplay export` writes.
#include <zlib.h>

#endif
