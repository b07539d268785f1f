/* digest.c: the public keyed digest (digest.h) over SipHash-2-4 (hash.c). */
#include "codebreaker/digest.h"
#include "base/hash_internal.h"

uint64_t cb_digest(const uint64_t key[2], const void *data, size_t len)
{
    return cbb_siphash(key[0], key[1], data, len);
}
