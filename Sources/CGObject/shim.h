#ifndef RECOVER_CGOBJECT_SHIM_H
#define RECOVER_CGOBJECT_SHIM_H
/* glib's object system, which pango's objects are: its headers (and their arch-specific glibconfig.h) for CPangoCairo. */
#include <glib-object.h>
#endif
