/* The baseline of `recover-bench web`: a libmicrohttpd hello world in C with the same threading
   as Recover's server (epoll, an internal pool of THREADS threads, keep-alive). Usage: hello PORT THREADS */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char page[] = "Hello, world";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **state) {
    static int marker;
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*state == NULL) { /* first call: headers only; answering now would disable keep-alive */
        *state = &marker;
        return MHD_YES;
    }
    *upload_data_size = 0;
    struct MHD_Response *response =
        MHD_create_response_from_buffer(strlen(page), (void *)page, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "text/plain");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: hello PORT THREADS\n"); return 64; }
    int threads = atoi(argv[2]);
    if (threads < 1 || threads > 256) { fprintf(stderr, "THREADS: 1 to 256\n"); return 64; }
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD, (uint16_t)atoi(argv[1]), NULL, NULL, answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads, MHD_OPTION_CONNECTION_LIMIT, (unsigned int)512,
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start\n"); return 1; }
    printf("ready\n");
    fflush(stdout);
    pause(); /* until killed */
    MHD_stop_daemon(daemon);
    return 0;
}
