#ifndef RECOVER_CHARFBUZZ_SHIM_H
#define RECOVER_CHARFBUZZ_SHIM_H
/* HarfBuzz, which pango shapes text with: its headers for CPangoCairo. */
#include <hb.h>
#endif
