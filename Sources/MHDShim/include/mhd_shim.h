#ifndef RECOVER_MHD_SHIM_H
#define RECOVER_MHD_SHIM_H
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: this starts it with an option array
   terminated by MHD_OPTION_END, passed as one MHD_OPTION_ARRAY. */
struct MHD_Daemon *recover_mhd_start(unsigned int flags, uint16_t port,
                                     MHD_AccessHandlerCallback handler, void *handler_context,
                                     const struct MHD_OptionItem *options);
#endif
