/* digest.h: a keyed digest of bytes (SipHash-2-4), for files the program seals and verifies. */
#ifndef CB_DIGEST_H
#define CB_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * SipHash-2-4 of the len bytes at data under the 128-bit key (key[0] its
 * bytes 0-7, key[1] its bytes 8-15, as little-endian numbers): the same
 * value on every machine. Against forgery only as long as the key is
 * secret; nothing allocated.
 */
uint64_t cb_digest(const uint64_t key[2], const void *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif
