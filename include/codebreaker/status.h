/*
 * status.h: status codes and error details shared by the whole library.
 *
 * Every fallible function returns an int status: CB_OK (0) on success or a
 * negative CB_E* code. Functions whose failures need a sentence (a bad word
 * in a file, an absurd size) also take a cb_error pointer, which may be NULL;
 * when given, it receives the code and a message naming what went wrong.
 *
 * Ownership rule for the whole API: whoever calls a *_new() function owns
 * the object it returns and releases it with the matching *_free(), which
 * accepts NULL. Pointers returned by accessors (const) belong to the object
 * they came from and stay valid until it is freed or changed.
 */
#ifndef CODEBREAKER_STATUS_H
#define CODEBREAKER_STATUS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CB_OK = 0,
    CB_EINVAL = -1,      /* an argument or option is out of range */
    CB_ENOMEM = -2,      /* an allocation failed */
    CB_EIO = -3,         /* a file could not be read */
    CB_EPARSE = -4,      /* malformed text: a word, a code, a feedback */
    CB_ENOTFOUND = -5,   /* a word or code is not in the game's lists */
    CB_ECONTRADICT = -6, /* no secret is consistent with the history */
    CB_ETOOBIG = -7,     /* the request exceeds a size limit */
    CB_EILLEGAL = -8,    /* a guess breaks the game's rules (hard mode) */
    CB_EEMPTY = -9,      /* nothing to undo, nothing to choose from */
    CB_ECANCELED = -10   /* stopped on request or at a time limit */
};

#define CB_ERROR_MAX 512
/* The largest text file the library reads (word list, frequencies, tree: docs/limits.md); CB_ETOOBIG beyond. */
#define CB_MAX_FILE (64 << 20)

/* Seconds on a monotonic clock (any origin): the one clock for durations, library and program. */
double cb_seconds(void);

/* Details of a failure: the status code and a sentence for people. */
typedef struct cb_error {
    int code;
    char message[CB_ERROR_MAX];
} cb_error;

/* A short sentence describing a status code; never NULL. */
const char *cb_strerror(int code);

/* Fill err (if not NULL) with code and a printf-style message; returns code. */
int cb_error_set(cb_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif
