#ifndef RECOVER_CXML2_SHIM_H
#define RECOVER_CXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, whose headers clash with Foundation's own copy of ICU. Hiding it changes only
   the tail of xmlCharEncodingHandler, which Swift never reads or allocates (it handles pointers to it). */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>

/* XML_SAX2_MAGIC is above INT32_MAX, which Swift imports as the wrong type: the marker of a SAX2 handler. */
static inline unsigned int recover_xml_sax2_magic(void) {
    return XML_SAX2_MAGIC;
}

/* libxml2 reports some failures (an encoding conversion) through its generic error function, which prints them to
   standard error quoting the input's bytes. That function is variadic, so Swift cannot define one: these drop
   the text (the parse still fails and the structured handler still sees the parser's own errors). libxml2 keeps
   the function per thread, so it is set on the parsing thread before each parse. */
static inline void recover_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static inline void recover_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, recover_xml_ignore_generic_error);
}
#endif
