#include "mhd_shim.h"

struct MHD_Daemon *recover_mhd_start(unsigned int flags, uint16_t port,
                                     MHD_AccessHandlerCallback handler, void *handler_context,
                                     const struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_context,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}
