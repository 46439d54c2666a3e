#ifndef RECOVER_CCURL_SHIM_H
#define RECOVER_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper each. */
static inline CURLcode recover_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode recover_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode recover_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode recover_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode recover_curl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*recover_curl_read_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode recover_curl_set_read_function(CURL *handle, recover_curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

/* The write callback has the read callback's shape. */
static inline CURLcode recover_curl_set_write_function(CURL *handle, recover_curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

typedef int (*recover_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size,
                                          void *context);

static inline CURLcode recover_curl_set_debug_function(CURL *handle, recover_curl_debug_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, callback);
}

/* CURL_GLOBAL_DEFAULT is a macro of macros: the process-wide set-up, once, before any handle. */
static inline CURLcode recover_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode recover_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}
#endif
