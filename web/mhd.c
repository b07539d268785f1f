/*
 * mhd.c: libmicrohttpd's functions, looked up in the library when `serve`
 * starts (mhd.h says why).
 */
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

#include "mhd.h"

#ifndef WEB_MHD_SONAME
#define WEB_MHD_SONAME "libmicrohttpd.so.12"
#endif

web_mhd_table web_mhd;

int web_mhd_load(cb_error *err)
{
    static const struct {
        const char *name;
        size_t at;
    } fns[] = {
#define F(f) {"MHD_" #f, offsetof(web_mhd_table, f)}
        F(start_daemon),
        F(stop_daemon),
        F(get_daemon_info),
        F(get_connection_info),
        F(lookup_connection_value),
        F(get_connection_values),
        F(suspend_connection),
        F(resume_connection),
        F(create_response_from_buffer),
        F(create_response_from_callback),
        F(add_response_header),
        F(queue_response),
        F(destroy_response),
#undef F
    };
    if (web_mhd.destroy_response)
        return CB_OK;
    void *h = dlopen(WEB_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return cb_error_set(err, CB_EIO, "serve needs libmicrohttpd (Debian: libmicrohttpd12): %s", dlerror());
    web_mhd_table got;
    for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) {
        void *f = dlsym(h, fns[i].name);
        if (!f) {
            dlclose(h);
            return cb_error_set(err, CB_EIO, "%s has no %s: another version than the program was built with",
                                WEB_MHD_SONAME, fns[i].name);
        }
        memcpy((char *)&got + fns[i].at, &f, sizeof f); /* POSIX: a function's address fits a data pointer */
    }
    web_mhd = got; /* the handle stays open for the process */
    return CB_OK;
}
