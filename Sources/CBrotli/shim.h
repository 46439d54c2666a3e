#ifndef RECOVER_CBROTLI_SHIM_H
#define RECOVER_CBROTLI_SHIM_H
/* The encoder compresses responses; the decoder reads them back in the tests. */
#include <brotli/encode.h>
#include <brotli/decode.h>
#endif
