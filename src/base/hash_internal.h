/* hash_internal.h: SipHash-2-4, the keyed digest of the library's own files (results files of optimal). */
#ifndef CB_HASH_INTERNAL_H
#define CB_HASH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/*
 * SipHash-2-4 of the len bytes at data under the 128-bit key (k0, k1): the
 * key's bytes 0-7 and 8-15 read as little-endian numbers, the result as the
 * reference's 8 bytes read little-endian (J.-P. Aumasson and D. J. Bernstein,
 * "SipHash: a fast short-input PRF", 2012; tests/unit/test_hash.c checks its
 * test vectors). A digest against damage and mistakes, not a secret.
 */
uint64_t cbb_siphash(uint64_t k0, uint64_t k1, const void *data, size_t len);

#endif
