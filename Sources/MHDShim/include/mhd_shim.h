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

/* The URI log callback (MHD_OPTION_URI_LOG_CALLBACK): called with the raw request target once the
   request line has arrived; its result becomes the request's context (`*con_cls`). */
typedef void *(*recover_mhd_uri_log_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/* The callbacks a daemon is started with, each with its context. */
struct recover_mhd_callbacks {
    MHD_AccessHandlerCallback access;
    void *access_context;
    MHD_RequestCompletedCallback completed;
    void *completed_context;
    MHD_NotifyConnectionCallback connection;
    void *connection_context;
    recover_mhd_uri_log_callback uri_log;
    void *uri_log_context;
    MHD_LogCallback log;
    void *log_context;
};

/* Starts the daemon listening on `host` (an IPv4 or IPv6 literal) and `port` (0 picks a free port),
   with the given callbacks and option array. Returns NULL when the address is not a literal or the
   daemon cannot start. */
struct MHD_Daemon *recover_mhd_start_at(unsigned int flags, const char *host, uint16_t port,
                                        const struct recover_mhd_callbacks *callbacks,
                                        const struct MHD_OptionItem *options);

/* The port the daemon listens on (useful after starting on port 0), or 0 when unknown. */
uint16_t recover_mhd_bound_port(struct MHD_Daemon *daemon);

/* Writes the client's numeric address into `buffer` (NUL-terminated); returns 0 on success. */
int recover_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length);

/* The connection's socket context (set in the connection-notify callback), or NULL. */
void *recover_mhd_socket_context(struct MHD_Connection *connection);

/* The connection's socket, or -1 when unknown. */
int recover_mhd_connection_fd(struct MHD_Connection *connection);

/* The size in bytes of the request line and headers as received (MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE),
   or 0 when unknown. */
size_t recover_mhd_request_header_size(struct MHD_Connection *connection);
#endif
