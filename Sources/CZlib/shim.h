#ifndef RECOVER_CZLIB_SHIM_H
#define RECOVER_CZLIB_SHIM_H
#include <zlib.h>

/* deflateInit2 is a macro (it passes the library version and the stream size): one function Swift can call. */
static inline int recover_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
