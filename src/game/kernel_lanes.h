/*
 * kernel_lanes.h: the lane-dependent pieces of the rules' row kernels
 * (kernel_internal.h), CBG_N secrets a step, every name through CBG_W:
 * included once a vector width, each time with CBG_N and CBG_W defined
 * (32 lanes and the plain names; 64 lanes and names ending in _w, for
 * the AVX-512 version). No include guard: it is a template.
 */
typedef uint8_t CBG_W(cbg_v8) __attribute__((vector_size(CBG_N)));
typedef uint16_t CBG_W(cbg_v16) __attribute__((vector_size(CBG_N * 2)));
typedef uint32_t CBG_W(cbg_v32) __attribute__((vector_size(CBG_N * 4)));

CBG_INLINE void CBG_W(cbg_load_lanes)(int n, const uint8_t *const *soa, size_t base, CBG_W(cbg_v8) * s)
{
    for (int p = 0; p < n; p++)
        memcpy(&s[p], soa[p] + base, CBG_N);
}

/*
 * Wordle colours of CBG_N secrets: green[i] and yellow[i] are lane masks
 * for guess position i. Position i (not green) is yellow while fewer
 * earlier non-green copies of its letter came before it than the secret
 * has unmatched copies.
 */
CBG_INLINE void CBG_W(cbg_wordle_lanes)(int n, const uint8_t *g, const cbg_letters *l, const CBG_W(cbg_v8) * s,
                                        CBG_W(cbg_v8) * green, CBG_W(cbg_v8) * yellow)
{
    for (int i = 0; i < n; i++)
        green[i] = (CBG_W(cbg_v8))(s[i] == g[i]);
    for (int k = 0; k < l->count; k++) {
        const uint8_t letter = l->letter[k];
        CBG_W(cbg_v8) avail = {0}, used = {0};
        for (int p = 0; p < n; p++)
            avail += (CBG_W(cbg_v8))(s[p] == letter) & ~green[p] & 1;
        for (int q = 0; q < n; q++) {
            if (!(l->where[k] >> q & 1))
                continue;
            CBG_W(cbg_v8) ng = ~green[q];
            yellow[q] = ng & (CBG_W(cbg_v8))(used < avail);
            used += ng & 1;
        }
    }
}

/*
 * Symble: the codewords vary (soa) and play Wordle's guess against the
 * fixed code `g`, so colours are per codeword position. Codeword position
 * i (not green) is yellow while fewer earlier non-green positions of the
 * codeword hold its letter than g has unmatched copies of it.
 */
CBG_INLINE void CBG_W(cbg_swapped_lanes)(int n, const uint8_t *g, const CBG_W(cbg_v8) * s, CBG_W(cbg_v8) * green,
                                         CBG_W(cbg_v8) * yellow)
{
    for (int i = 0; i < n; i++)
        green[i] = (CBG_W(cbg_v8))(s[i] == g[i]);
    for (int i = 0; i < n; i++) {
        CBG_W(cbg_v8) avail = {0}, prior = {0};
        for (int p = 0; p < n; p++)
            avail += (CBG_W(cbg_v8))(s[i] == g[p]) & ~green[p] & 1;
        for (int q = 0; q < i; q++)
            prior += (CBG_W(cbg_v8))(s[q] == s[i]) & ~green[q] & 1;
        yellow[i] = ~green[i] & (CBG_W(cbg_v8))(prior < avail);
    }
}

/* Group k of the colours as base-3 digits, five a byte (kept in a register: an array zeroed whole cost a tenth) */
CBG_INLINE void CBG_W(cbg_digit_group)(int n, int k, const CBG_W(cbg_v8) * green, const CBG_W(cbg_v8) * yellow,
                                       CBG_W(cbg_v8) * acc)
{
    uint8_t w = 1;
    *acc = (CBG_W(cbg_v8)){0};
    for (int i = 5 * k; i < n && i < 5 * k + 5; i++, w = (uint8_t)(w * 3))
        *acc += (green[i] & (uint8_t)(2 * w)) | (yellow[i] & w);
}

/* The colour patterns of one chunk (Wordle; Symble's raw patterns with swapped), width bytes an entry. */
CBG_INLINE void CBG_W(cbg_pattern_chunk)(int n, const uint8_t *g, const cbg_letters *l, const uint8_t *const *soa,
                                         size_t base, size_t cnt, int swapped, int width, void *out)
{
    CBG_W(cbg_v8) s[CB_MAX_LENGTH], green[CB_MAX_LENGTH], yellow[CB_MAX_LENGTH]; /* each set once: its letter's */
    for (int i = 0; i < n; i++) /* only the n used: zeroing all CB_MAX_LENGTH cost a tenth of the build */
        yellow[i] = (CBG_W(cbg_v8)){0};
    CBG_W(cbg_load_lanes)(n, soa, base, s);
    if (swapped)
        CBG_W(cbg_swapped_lanes)(n, g, s, green, yellow);
    else
        CBG_W(cbg_wordle_lanes)(n, g, l, s, green, yellow);
    /* base-3 digits in groups of five, each group's number a byte: then one widening per group */
    int ngroups = (n + 4) / 5;
    CBG_W(cbg_v8) lo, hi;
    CBG_W(cbg_digit_group)(n, 0, green, yellow, &lo);
    if (width == 1) {
        memcpy((uint8_t *)out + base, &lo, cnt);
    } else if (width == 2) {
        CBG_W(cbg_v16) pat = __builtin_convertvector(lo, CBG_W(cbg_v16));
        CBG_W(cbg_digit_group)(n, 1, green, yellow, &hi);
        pat += __builtin_convertvector(hi, CBG_W(cbg_v16)) * (uint16_t)243;
        memcpy((uint16_t *)out + base, &pat, cnt * 2);
    } else {
        CBG_W(cbg_v32) pat = __builtin_convertvector(lo, CBG_W(cbg_v32));
        uint32_t scale = 243;
        for (int k = 1; k < ngroups; k++, scale *= 243) {
            CBG_W(cbg_digit_group)(n, k, green, yellow, &hi);
            pat += __builtin_convertvector(hi, CBG_W(cbg_v32)) * scale;
        }
        memcpy((uint32_t *)out + base, &pat, cnt * 4);
    }
}

/* Blacks, and the common colours as the sum of min(count in guess, count in secret) (Mastermind, Jotto). */
CBG_INLINE void CBG_W(cbg_common_lanes)(int n, const uint8_t *g, const cbg_letters *l, const CBG_W(cbg_v8) * s,
                                        CBG_W(cbg_v8) * black, CBG_W(cbg_v8) * common)
{
    *black = *common = (CBG_W(cbg_v8)){0};
    for (int i = 0; i < n; i++)
        *black += (CBG_W(cbg_v8))(s[i] == g[i]) & 1;
    for (int k = 0; k < l->count; k++) {
        CBG_W(cbg_v8) cs = {0};
        uint8_t cg = (uint8_t)__builtin_popcount(l->where[k]);
        for (int p = 0; p < n; p++)
            cs += (CBG_W(cbg_v8))(s[p] == l->letter[k]) & 1;
        CBG_W(cbg_v8) less = (CBG_W(cbg_v8))(cs < cg);
        *common += (cs & less) | (cg & ~less);
    }
}

/* The blacks and the common symbols of the chunk of secrets at base (Mastermind, Jotto). */
CBG_INLINE void CBG_W(cbg_common_chunk)(int n, const uint8_t *g, const cbg_letters *l, const uint8_t *const *soa,
                                        size_t base, CBG_W(cbg_v8) * black, CBG_W(cbg_v8) * common)
{
    CBG_W(cbg_v8) s[CB_MAX_LENGTH];
    CBG_W(cbg_load_lanes)(n, soa, base, s);
    CBG_W(cbg_common_lanes)(n, g, l, s, black, common);
}
