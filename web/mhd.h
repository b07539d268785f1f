/*
 * mhd.h: libmicrohttpd, loaded by `serve` when it starts (web_mhd_load) rather
 * than linked into the program: the library and the TLS libraries it brings
 * (libgnutls and eight more, 2.3 MiB) would otherwise be mapped by every
 * command's start, as PLplot would be (tools/plot/plot_load.c). The server's
 * files call libmicrohttpd through `web_mhd`, one pointer a function they use;
 * its types and constants come from microhttpd.h as before.
 */
#ifndef WEB_MHD_H
#define WEB_MHD_H

#include <microhttpd.h>

#include "codebreaker/status.h"

/* each pointer has the type of the function microhttpd.h declares (__typeof__: GCC and Clang) */
typedef struct web_mhd_table {
    __typeof__(&MHD_start_daemon) start_daemon;
    __typeof__(&MHD_stop_daemon) stop_daemon;
    __typeof__(&MHD_get_daemon_info) get_daemon_info;
    __typeof__(&MHD_get_connection_info) get_connection_info;
    __typeof__(&MHD_lookup_connection_value) lookup_connection_value;
    __typeof__(&MHD_get_connection_values) get_connection_values;
    __typeof__(&MHD_suspend_connection) suspend_connection;
    __typeof__(&MHD_resume_connection) resume_connection;
    __typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
    __typeof__(&MHD_create_response_from_callback) create_response_from_callback;
    __typeof__(&MHD_add_response_header) add_response_header;
    __typeof__(&MHD_queue_response) queue_response;
    __typeof__(&MHD_destroy_response) destroy_response;
} web_mhd_table;

/* The functions, once web_mhd_load succeeded (before: every pointer NULL). */
extern web_mhd_table web_mhd;

/*
 * Load libmicrohttpd (WEB_MHD_SONAME, found when the program was built) and
 * fill `web_mhd`; again a no-op. CB_OK, or CB_EIO with err saying what is
 * missing and which Debian package holds it. Not thread-safe: call it
 * before any thread of the server starts.
 */
int web_mhd_load(cb_error *err);

#endif
