#ifndef RECOVER_CARCHIVE_SHIM_H
#define RECOVER_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>

/* AE_IFREG is a cast macro Swift cannot import: the file type of a regular file. */
static inline __LA_MODE_T recover_archive_regular_file(void) {
    return AE_IFREG;
}
#endif
