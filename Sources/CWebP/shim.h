#ifndef CWEBP_SHIM_H
#define CWEBP_SHIM_H

// libwebp's encoder and its animation encoder (libwebpmux): lossless animated WebP for
// `tickplay export`.
#include <webp/encode.h>
#include <webp/mux.h>

#endif
