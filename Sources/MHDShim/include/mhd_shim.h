#ifndef RECOVER_MHD_SHIM_H
#define RECOVER_MHD_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: this starts it with an option array
   terminated by MHD_OPTION_END, passed as one MHD_OPTION_ARRAY. */
struct MHD_Daemon *recover_mhd_start(unsigned int flags, uint16_t port,
                                     MHD_AccessHandlerCallback handler, void *handler_context,
                                     const struct MHD_OptionItem *options);

/* Starts the daemon listening on `host` (an IPv4 or IPv6 literal) and `port` (0 picks a free port),
   with a request-completed callback and the given option array. Returns NULL when the address is
   not a literal or the daemon cannot start. */
struct MHD_Daemon *recover_mhd_start_at(unsigned int flags, const char *host, uint16_t port,
                                        MHD_AccessHandlerCallback handler, void *handler_context,
                                        MHD_RequestCompletedCallback completed, void *completed_context,
                                        const struct MHD_OptionItem *options);

/* The port the daemon listens on (useful after starting on port 0), or 0 when unknown. */
uint16_t recover_mhd_bound_port(struct MHD_Daemon *daemon);

/* Writes the client's numeric address into `buffer` (NUL-terminated); returns 0 on success. */
int recover_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length);
#endif
