#ifndef RECOVER_CPANGOCAIRO_SHIM_H
#define RECOVER_CPANGOCAIRO_SHIM_H
/* cairo draws and writes the PDF (its PDF surface embeds the fonts with their Unicode maps, so text can be
   extracted); pango shapes and breaks the text with fontconfig's fonts, CJK included. */
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#endif
