/*
 * scan.c: the scan of every guess of a node: drop those that split nothing
 * or split like an earlier one, bound the rest, order them, and keep their
 * rows (a local table) and the parts' table for the bounds one level down.
 */
#include <string.h>

#include "base/memory_internal.h"
#include "solver/cache_internal.h"
#include "solver/clock_internal.h"
#include "solver/count_internal.h"
#include "solver/node_internal.h"
#include "solver/rowkern_internal.h"
#include "solver/rows_internal.h"
#include "solver/scan_internal.h"
#include "solver/run_internal.h"

static inline uint64_t row_hash(const uint8_t *v, size_t bytes)
{
    return cbo_cache_hash(v, bytes);
}

/*
 * The rows a scan keeps, to drop a row equal to an earlier one: a set of 8-byte slots (a row's
 * generation in bits 48 to 63, 16 bits of its hash above, its index in the local table below)
 * that starts at CB_ROWS_MIN slots and grows four times whenever it is half full, so that it
 * stays in the first-level cache while the rows are few: the 16-byte slots of the search's
 * orbits (cbo_seen_find), twice as many as the guesses, took a miss a row, a quarter of a ranking's
 * time. A new generation empties it; only when the generations wrap is it cleared.
 */
static void rows_gen(cbo_tls *T, uint32_t size)
{
    T->rows_mask = size - 1;
    T->rows_n = 0;
    if (++T->rows_gen == 1u << 16) {
        memset(T->rows, 0, (size_t)T->seen_cap * sizeof *T->rows);
        T->rows_gen = 1;
    }
}

/* Add row kk, whose hash is h, to the set, at the first free slot from its hash. */
static inline void rows_put(cbo_tls *T, uint64_t h, uint32_t kk)
{
    uint32_t i = (uint32_t)h & T->rows_mask;
    while (T->rows[i] >> 48 == T->rows_gen)
        i = (i + 1) & T->rows_mask;
    T->rows[i] = (uint64_t)T->rows_gen << 48 | (h >> 16 & 0xffff0000ull) << 16 | kk;
    T->rows_n++;
}

/*
 * The index of a row of lt (rows of `bytes`) equal to v, whose hash is h; else CB_NONE, and v is
 * added as row kk (hashes[kk] = h: a bigger set takes every row again). Rows of equal tags but
 * other values are told apart by their bytes.
 */
static uint32_t rows_find(cbo_tls *T, const uint8_t *lt, size_t bytes, const uint8_t *v, uint64_t h, uint32_t kk,
                          uint64_t *hashes)
{
    uint64_t mark = (uint64_t)T->rows_gen << 48 | (h >> 16 & 0xffff0000ull) << 16;
    uint32_t i = (uint32_t)h & T->rows_mask;
    for (;; i = (i + 1) & T->rows_mask) {
        uint64_t s = T->rows[i];
        if (s >> 48 != T->rows_gen)
            break;
        uint32_t prev = (uint32_t)s;
        if ((s & ~0xffffffffull) == mark && memcmp(lt + (size_t)prev * bytes, v, bytes) == 0)
            return prev;
    }
    hashes[kk] = h;
    if (2 * (T->rows_n + 1) > T->rows_mask + 1 && T->rows_mask + 1 < T->seen_cap) {
        rows_gen(T, 4 * (T->rows_mask + 1) < T->seen_cap ? 4 * (T->rows_mask + 1) : T->seen_cap);
        for (uint32_t j = 0; j < kk; j++)
            rows_put(T, hashes[j], j);
        rows_put(T, h, kk);
        return CB_NONE;
    }
    T->rows[i] = mark | kk; /* the free slot the search ended at: where rows_put would put it */
    T->rows_n++;
    return CB_NONE;
}

/* Fill block r of t from the secret-major table. */
static void tab_block(const cbo_solver *S, cbo_lbtab *t, uint32_t r)
{
    uint32_t j0 = r * CB_LBSCAN_BLOCK, jn = t->k - j0 < CB_LBSCAN_BLOCK ? t->k - j0 : CB_LBSCAN_BLOCK;
    uint32_t g[CB_LBSCAN_BLOCK];
    for (uint32_t j = 0; j < jn; j++)
        g[j] = t->gid[t->ord[j0 + j]];
    uint8_t *out = t->t + (size_t)r * t->n * CB_LBSCAN_BLOCK;
    for (uint32_t i = 0; i < t->n; i++, out += CB_LBSCAN_BLOCK) {
        const uint8_t *row = S->tt + (size_t)t->sid[i] * S->game->nguess;
        for (uint32_t j = 0; j < jn; j++)
            out[j] = row[g[j]];
    }
}

/*
 * Fill the blocks of t up to block b. The guesses of a node may be tried by
 * several threads at once (par_guesses), each bounding its parts through the
 * node's table: one thread fills at a time, and `ready` is published after
 * the blocks it counts (a reader that sees it sees them).
 */
void cbo_tab_fill(const cbo_solver *S, cbo_lbtab *t, uint32_t b)
{
    if (__atomic_load_n(&t->ready, __ATOMIC_ACQUIRE) > b)
        return;
#pragma omp critical(cbo_tab_fill)
    for (uint32_t r = t->ready; r <= b; r++) {
        tab_block(S, t, r);
        __atomic_store_n(&t->ready, r + 1, __ATOMIC_RELEASE);
    }
}

/* The parts' table of x's scan, its guesses ordered by parts (a counting sort). */
static int tab_make(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_kept *sc, const uint16_t *parts)
{
    uint32_t top = 0, k = sc->k, nb = (k + CB_LBSCAN_BLOCK - 1) / CB_LBSCAN_BLOCK;
    for (uint32_t kk = 0; kk < k; kk++)
        if (parts[kk] > top)
            top = parts[kk];
    cbo_lbtab *t = cbo_alloc(S, T, sizeof *t);
    uint32_t *start = cbo_alloc(S, T, ((size_t)top + 2) * sizeof *start);
    uint32_t *ord = cbo_alloc(S, T, ((size_t)k + 1) * sizeof *ord);
    uint8_t *vals = cbo_alloc(S, T, (size_t)nb * x->n * CB_LBSCAN_BLOCK);
    if (!t || !start || !ord || !vals)
        return CB_ENOMEM;
    memset(start, 0, ((size_t)top + 2) * sizeof *start);
    for (uint32_t kk = 0; kk < k; kk++)
        start[top - parts[kk] + 1]++;
    for (uint32_t v = 1; v <= top + 1; v++)
        start[v] += start[v - 1];
    for (uint32_t kk = 0; kk < k; kk++)
        ord[start[top - parts[kk]]++] = kk;
    /* filled a block at a time as scan_lb first reads it (cbo_tab_fill), at the root too: an opening's is
     * hundreds of megabytes of which a search that stops or follows a book reads a few blocks */
    *t = (cbo_lbtab){x->n, k, x->sid, sc->gid, parts, ord, vals, 0};
    sc->tab = t;
    return CB_OK;
}

/*
 * The greedy key of a guess: its bound, then the sum of squares of its part
 * sizes (the expected size of the part left). The picker hands guesses out
 * by bound and, within a bound, by key.
 */
static inline uint64_t greedy_key(int64_t lb, uint64_t sq, uint32_t n)
{
    return (uint64_t)(lb >= CBO_INF ? CBO_INF : lb) * ((uint64_t)n + 1) + 2 * sq;
}

/* A scan's scratch buffers (scan_alloc). */
typedef struct scratch {
    cbo_tls *T;
    uint32_t *touched;
    cbo_partlb lb;
    uint8_t *tmp;
    uint16_t *kparts;
    uint8_t *tb;       /* or NULL: the rows of a block of guesses, read secret-major (tb_fill) */
    uint32_t *ident;   /* with tb: 0 to n - 1, the columns of tb's rows */
    uint32_t tbn, tb0; /* with tb: guesses per block, the first guess of the block in tb (m: none yet) */
    uint32_t tbs;      /* with tb: bytes per row of tb */
    cbo_rowfig *figs;  /* or NULL: with tb, its rows' figures (TB_LOCAL, nodes of at most CB_ROWBLOCK_MAX) */
    int tbkind;        /* with tb: where its rows come from (tb_want) */
    uint8_t *sm;       /* with TB_STAGED: the block's values secret-major, a row of sms bytes an entry */
    size_t sms;        /* with TB_STAGED: the block's guesses and 32 bytes of slack */
    cbo_flyrows fly;   /* without a table */
    cbo_rowctx rc;     /* the fast count's rows: their columns, whether to hash them (for the duplicates) */
} scratch;

/*
 * A node reading a guess-major table at scattered columns gathers a byte per
 * entry and guess, and touches a cache line per entry and guess at the game's
 * table (a part of the openers, mostly). When a secret-major copy of its base
 * is at hand (the game's S->tt, or the parent's x->ltc), the scan reads that
 * instead, a block of guesses at a time, and counts the block's rows in place:
 * from S->tt each entry's values of the block are one sequential read (kind
 * TB_GAME); from x->ltc, whose rows hold the guesses in order, 16 entries by
 * 16 guesses are turned over at once (TB_LOCAL, cbb_tr16). A node of the
 * game's table small enough for the block kernel copies each entry's values
 * of the block from S->tt into a staging copy (a run of bytes when the block's
 * guesses are consecutive rows, as below an opener), then reads that as
 * TB_LOCAL reads x->ltc (TB_STAGED): the row kernel read such a node's rows at
 * scattered columns of the game's table, a cache line an entry and guess.
 */
enum { TB_NONE, TB_GAME, TB_LOCAL, TB_STAGED };

/* Whether the block kernel counts x's rows (TB_LOCAL and TB_STAGED). */
static int tb_blocks(const cbo_solver *S, const cbo_node *x)
{
    return x->n <= CB_ROWBLOCK_MAX && S->nvals <= 255 && S->rowblk && S->lw == 1;
}

static int tb_want(const cbo_solver *S, const cbo_node *x, int fast)
{
    if (fast && x->ltc && !x->row && x->n >= CB_TBT_MIN)
        return TB_LOCAL;
    /* the game's table, with its secret-major copy */
    int game = fast && S->tt && x->base == S->gbase && x->stride == S->gstride && (size_t)x->n * 2 <= x->stride;
    if (game && x->n >= CB_TBT_MIN && tb_blocks(S, x))
        return TB_STAGED;
    /* at most CB_TB_BYTES entries: a block holds at least one guess's row */
    return game && x->n > CB_TB_MIN && x->n <= CB_TB_BYTES ? TB_GAME : TB_NONE;
}

/* Fill w->tb with the rows of x's guesses j0 to j0 + w->tbn - 1 (fewer at the end). */
static void tb_fill(const cbo_solver *S, const cbo_node *x, scratch *w, uint32_t j0)
{
    uint32_t n = x->n, jn = x->m - j0 < w->tbn ? x->m - j0 : w->tbn;
    w->tb0 = j0;
    if (w->tbkind == TB_STAGED) { /* each entry's values of guesses j0 to j0 + jn - 1, then 32 zero bytes */
        size_t ng = S->game->nguess;
        uint32_t r0 = cbo_guess_row(x, j0), runs = 1;
        for (uint32_t b = 1; b < jn && runs; b++) /* rows in order (below an opener), or gathered */
            runs = cbo_guess_row(x, j0 + b) == r0 + b;
        for (uint32_t e = 0; e < n; e++) {
            const uint8_t *src = S->tt + (size_t)x->col[e] * ng;
            uint8_t *dst = w->sm + (size_t)e * w->sms;
            if (runs)
                memcpy(dst, src + r0, jn);
            else
                for (uint32_t b = 0; b < jn; b++)
                    dst[b] = src[cbo_guess_row(x, j0 + b)];
            memset(dst + jn, 0, 32);
        }
    }
    if (w->tbkind == TB_LOCAL || w->tbkind == TB_STAGED) {
        /* rows of w->tbs >= n bytes; x->ltc's rows have 32 bytes of slack past guess m - 1, w->sm's too */
        int staged = w->tbkind == TB_STAGED;
        const uint8_t *bt = staged ? w->sm : x->ltc->t;
        size_t st = staged ? w->sms : x->ltc->ts;
        uint32_t off = staged ? 0 : j0;
        const uint8_t *in[16];
        for (uint32_t e0 = 0; e0 < n; e0 += 16) {
            for (uint32_t i = 0; i < 16; i++) {
                uint32_t e = e0 + i < n ? e0 + i : n - 1;
                in[i] = bt + (size_t)(staged ? e : x->col[e]) * st + off;
            }
            for (uint32_t b0 = 0; b0 < jn; b0 += 16) {
                cbb_tr16(in, w->tb + (size_t)b0 * w->tbs + e0, w->tbs);
                for (uint32_t i = 0; i < 16; i++)
                    in[i] += 16;
            }
        }
        if (w->figs) { /* the rows are read 32 bytes at a time: the slack */
            const uint8_t *blk[CB_ROWBLOCK_MAX];
            for (uint32_t b0 = 0; b0 < jn; b0 += 32) {
                for (uint32_t e = 0; e < n; e++)
                    blk[e] = bt + (size_t)(staged ? e : x->col[e]) * st + off + b0;
                S->rowblk(&w->rc, blk, w->tb + (size_t)b0 * w->tbs, w->tbs, jn - b0 < 32 ? jn - b0 : 32, w->figs + b0);
            }
        }
        return;
    }
    uint32_t r[CB_TB_BYTES / CB_TB_MIN];
    for (uint32_t b = 0; b < jn; b++)
        r[b] = cbo_guess_row(x, j0 + b);
    size_t ng = S->game->nguess;
    for (uint32_t e = 0; e < n; e++) {
        const uint8_t *src = S->tt + (size_t)x->col[e] * ng;
        uint8_t *dst = w->tb + e;
        for (uint32_t b = 0; b < jn; b++)
            dst[(size_t)b * n] = src[r[b]];
    }
}

/* w's block of rows for x, of the kind tb_want gave. CB_ENOMEM. */
static int tb_alloc(cbo_solver *S, cbo_tls *T, const cbo_node *x, scratch *w, int kind)
{
    uint32_t n = x->n;
    w->tbkind = kind;
    w->sm = NULL;
    int tiles = kind == TB_LOCAL || kind == TB_STAGED;
    if (tiles) { /* whole tiles: rows of a multiple of 16 bytes, a multiple of 16 rows */
        w->tbs = (n + 15) & ~15u;
        w->tbn = (uint32_t)(CB_TB_BYTES / w->tbs) & ~15u;
        w->tbn = w->tbn < 16 ? 16 : w->tbn;
        w->sms = (size_t)w->tbn + 32;
        if (kind == TB_STAGED && !(w->sm = cbo_alloc(S, T, (size_t)n * w->sms)))
            return CB_ENOMEM;
    } else {
        w->tbs = n;
        w->tbn = (uint32_t)(CB_TB_BYTES / n);
    }
    w->tb0 = x->m;
    w->tb = cbo_alloc(S, T, (size_t)w->tbn * w->tbs + 16);
    w->ident = cbo_alloc(S, T, (size_t)n * sizeof *w->ident);
    w->figs = NULL;
    if (tiles && tb_blocks(S, x) && !(w->figs = cbo_alloc(S, T, (size_t)w->tbn * sizeof *w->figs)))
        return CB_ENOMEM;
    if (!w->tb || !w->ident)
        return CB_ENOMEM;
    for (uint32_t e = 0; e < n; e++)
        w->ident[e] = e;
    return CB_OK;
}

/*
 * Room for sc->lt's secret-major copy, for the parts' scans (TB_LOCAL): rows of k up to a multiple
 * of 16 bytes, n up to a multiple of 16 rows (cbb_tr16's tiles), 32 bytes of slack. Its pages are
 * first touched when a part fills it (ltc_fill): most nodes' parts are never scanned.
 */
static int ltc_alloc(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_kept *sc)
{
    cbo_ltcopy *c = cbo_alloc(S, T, sizeof *c);
    size_t ts = ((size_t)sc->k + 15) & ~(size_t)15, rows = ((size_t)x->n + 15) & ~(size_t)15;
    uint8_t *t = cbo_alloc(S, T, rows * ts + 32);
    if (!c || !t)
        return CB_ENOMEM;
    *c = (cbo_ltcopy){sc->lt, t, ts, x->n, sc->k, 0};
    sc->ltc = c;
    return CB_OK;
}

/* Fill c, once: the parts of a node may be scanned by several threads at once. */
static void ltc_fill(cbo_ltcopy *c)
{
    if (__atomic_load_n(&c->ready, __ATOMIC_ACQUIRE))
        return;
#pragma omp critical(cbo_ltc_fill)
    if (!c->ready) {
        uint32_t n = c->n, k = c->k;
        const uint8_t *in[16];
        for (uint32_t k0 = 0; k0 < k; k0 += 16) {
            /* lt's rows are read up to 15 bytes past n: the next row's, or lt's slack */
            for (uint32_t i = 0; i < 16; i++)
                in[i] = c->lt + (size_t)(k0 + i < k ? k0 + i : k - 1) * n;
            for (uint32_t e0 = 0; e0 < n; e0 += 16) {
                cbb_tr16(in, c->t + (size_t)e0 * c->ts + k0, c->ts);
                for (uint32_t i = 0; i < 16; i++)
                    in[i] += 16;
            }
        }
        __atomic_store_n(&c->ready, 1, __ATOMIC_RELEASE);
    }
}

/* Whether x's columns are its entries' indexes (a root of every secret, in order). */
static int cols_are_entries(const cbo_node *x)
{
    for (uint32_t e = 0; e < x->n; e++)
        if (x->col[e] != e)
            return 0;
    return 1;
}

/* The scan's buffers, from the thread's arena: the kept guesses' arrays in sc, and its own scratch. */
static int scan_alloc(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_kept *sc, scratch *w)
{
    uint32_t n = x->n, m = x->m;
    int lw = S->lw;
    sc->gid = cbo_alloc(S, T, (size_t)m * sizeof *sc->gid);
    sc->srow = cbo_alloc(S, T, (size_t)m * sizeof *sc->srow);
    sc->lb = cbo_alloc(S, T, (size_t)m * sizeof *sc->lb);
    sc->key = cbo_alloc(S, T, (size_t)m * sizeof *sc->key);
    sc->tx = cbo_alloc(S, T, m);
    w->touched = cbo_alloc(S, T, ((size_t)n + 1) * sizeof *w->touched);
    w->lb.t = cbo_alloc(S, T, ((size_t)n + 1) * sizeof *w->lb.t);
    size_t ltbytes = (size_t)m * n * (size_t)lw;
    int build = x->n * 2 <= x->stride && ltbytes <= CB_LT_MAX && x->n > CB_LT_MIN;
    if (build)
        sc->lt = cbo_alloc(S, T, ltbytes + 16);
    w->tmp = cbo_alloc(S, T, (size_t)n * (size_t)lw + 16);
    /* the parts get bounded one guess ahead (raise_bounds): keep each guess's parts for them */
    /*
     * (the parts' scan reads the table's rows by their column, which must be the node's entry: with a local
     * table, or at a root whose columns are its entries, the opening; a position of more than half the
     * secrets has no local table and its parts' columns are secrets)
     */
    int want = S->tt && !S->cands && !S->pairs && x->level <= CB_LBSCAN_LEVEL &&
               (sc->lt || (x->level == 0 && cols_are_entries(x)));
    w->kparts = want ? cbo_alloc(S, T, (size_t)m * sizeof *w->kparts) : NULL;
    return !sc->gid || !sc->srow || !sc->lb || !sc->key || !sc->tx || !w->touched || !w->lb.t || (build && !sc->lt) ||
                   !w->tmp || (want && !w->kparts)
               ? CB_ENOMEM
               : CB_OK;
}

/* With a local table, each entry's codeword: its kept row, through a map from game index to row. */
static int scan_codewords(cbo_solver *S, cbo_tls *T, const cbo_node *x, cbo_kept *sc)
{
    sc->kc = cbo_alloc(S, T, (size_t)x->n * sizeof *sc->kc);
    if (!sc->kc)
        return CB_ENOMEM;
    for (uint32_t kk = 0; kk < sc->k; kk++)
        T->gmap[sc->gid[kk]] = kk;
    for (uint32_t e = 0; e < x->n; e++)
        sc->kc[e] = x->crow[e] == CB_NONE
                        ? CB_NONE
                        : T->gmap[cb_game_secret_guess(S->game, x->sid[e] / (S->pairs ? CB_MAPPINGS : 1))];
    for (uint32_t kk = 0; kk < sc->k; kk++)
        T->gmap[sc->gid[kk]] = CB_NONE;
    return CB_OK;
}

/*
 * The partition of guess row srow over x's entries into v, and its figures in *st (*hh: the row's
 * hash when the fast count made it): the fast count, or the generic one for a row it does
 * not take. 0 when the guess splits nothing.
 */
static int row_stats(cbo_solver *S, const cbo_node *x, uint32_t j, uint32_t srow, uint8_t *v, scratch *w, int r,
                     cbo_rowstat *st, uint64_t *hh)
{
    uint32_t n = x->n;
    if (w->lb.fast) {
        const uint32_t *col;
        const uint8_t *rp = w->tb ? w->tb + (size_t)(j - w->tb0) * w->tbs : cbo_row_at(S, x, &w->fly, srow, v, &col);
        cbo_rowfig f;
        if (w->figs) { /* counted with its block (tb_fill); the slot of a row a few ahead asked for */
            uint32_t b = j - w->tb0;
            f = w->figs[b];
            memcpy(v, rp, n);
            if (b + CB_ROWS_AHEAD < w->tbn && j + CB_ROWS_AHEAD < x->m) /* a row of this block */
                __builtin_prefetch(w->T->rows + ((uint32_t)w->figs[b + CB_ROWS_AHEAD].hash & w->T->rows_mask));
        } else
            S->rowk(&w->rc, rp, v, &f);
        *hh = f.hash;
        if (f.parts == 1 && !f.won)
            return 0;
        if (cbo_plain_stats(&w->lb, n, f.parts, f.pairs, f.won, f.maxpart, st))
            return 1;
    }
    cbo_row_generic(S, x, srow, v, w->lb.fast, w->touched, w->lb.t, r, st); /* the fast count left the values in v */
    return st->parts > 1 || st->won;
}

/*
 * The first look at a small node (cbo_scan_first): at most CB_SCAN_FIRST_MAX entries, read
 * through its parent's secret-major copy by the block kernel as cbo_scan would read them, a scan
 * without a clock to watch (cbo_scan_prepare then says whether the fast count takes it).
 */
static int first_wanted(const cbo_solver *S, const cbo_node *x)
{
    return x->n <= CB_SCAN_FIRST_MAX && (uint64_t)x->n * x->m < CB_SCAN_WATCH && tb_want(S, x, 1) == TB_LOCAL &&
           tb_blocks(S, x);
}

int cbo_scan_first(cbo_solver *S, const cbo_node *x, int64_t known, int64_t beta, int64_t *val, uint32_t *gid)
{
    if (!first_wanted(S, x))
        return CBO_SCAN_OPEN;
    uint32_t n = x->n, m = x->m;
    int64_t lbt[CB_SCAN_FIRST_MAX + 1];
    cbo_partlb plb = {.t = lbt};
    cbg_hard_turn h;
    int filter = cbo_scan_prepare(S, x, cbo_child_d(x->d), &plb, &h);
    if (!plb.fast || S->depth_only) /* its bounds are totals' */
        return CBO_SCAN_OPEN;
    cbo_count_work(cbo_me(S), n, m); /* cbo_scan's count: it is told not to count again */
    ltc_fill(x->ltc);
    const uint8_t *bt = x->ltc->t, *blk[CB_SCAN_FIRST_MAX];
    size_t st = x->ltc->ts;
    cbo_rowctx rc = {NULL, n, S->won, S->nvals, 1, 0, cbo_me(S)};
    cbo_rowfig figs[32];
    int64_t lbmin = CBO_INF, tmin = CBO_INF;
    uint32_t tg = CB_NONE;
    for (uint32_t b0 = 0; b0 < m; b0 += 32) {
        uint32_t nb = m - b0 < 32 ? m - b0 : 32;
        for (uint32_t e = 0; e < n; e++) /* x->ltc's rows have 32 bytes of slack past guess m - 1 */
            blk[e] = bt + (size_t)x->col[e] * st + b0;
        S->rowblk(&rc, blk, NULL, 0, nb, figs);
        for (uint32_t b = 0; b < nb; b++) {
            const cbo_rowfig *f = &figs[b];
            uint32_t g = x->gid[b0 + b];
            if ((f->parts == 1 && !f->won) || (filter && !cbo_respects_inline(S, &h, g)))
                continue; /* not kept by cbo_scan */
            cbo_rowstat rs;
            if (!cbo_plain_stats(&plb, n, f->parts, f->pairs, f->won, f->maxpart, &rs))
                return CBO_SCAN_LOOKED; /* the generic count's row */
            int64_t lb = cbo_sat((int64_t)n + rs.lbsum);
            if (rs.triv && lb <= known) { /* cbo_scan's early end */
                *val = lb;
                *gid = g;
                return CBO_SCAN_SOLVED;
            }
            lbmin = lb < lbmin ? lb : lbmin;
            if (rs.triv && lb < tmin) {
                tmin = lb;
                tg = g;
            }
        }
    }
    int64_t lb = known > lbmin ? known : lbmin;
    if (lb >= beta) {
        *val = lb;
        return CBO_SCAN_BOUND;
    }
    if (tmin == lb) { /* the first guess whose parts are all trivial at the least bound */
        *val = lb;
        *gid = tg;
        return CBO_SCAN_SOLVED;
    }
    return CBO_SCAN_LOOKED;
}

/*
 * Look at every guess of x: drop those that split nothing, or (with a local
 * table) split exactly like an earlier one; bound the rest. Stops early when
 * a guess whose parts are all trivial meets `target`, a lower bound of x.
 */
int cbo_scan(cbo_solver *S, const cbo_node *x, int64_t target, cbo_kept *sc, int counted)
{
    cbo_tls *T = cbo_me(S);
    uint32_t n = x->n, m = x->m;
    int r = cbo_child_d(x->d), lw = S->lw;
    memset(sc, 0, sizeof *sc);
    sc->early = CB_NONE;
    sc->lbmin = CBO_INF;
    scratch w = {.T = T};
    if (!counted)
        cbo_count_work(T, n, m);
    if (scan_alloc(S, T, x, sc, &w) != CB_OK)
        return CB_ENOMEM;
    uint8_t *tmp = w.tmp;
    uint16_t *kparts = w.kparts;
    cbg_hard_turn h;
    int filter = cbo_scan_prepare(S, x, r, &w.lb, &h);
    int tbkind = tb_want(S, x, w.lb.fast);
    if (tbkind != TB_NONE && tb_alloc(S, T, x, &w, tbkind) != CB_OK)
        return CB_ENOMEM;
    if (tbkind == TB_LOCAL)
        ltc_fill(x->ltc);
    if (cbo_fly_prepare(S, T, x, &w.fly) != CB_OK)
        return CB_ENOMEM;
    int dedup = S->dedup && sc->lt;
    w.rc =
        (cbo_rowctx){w.tb ? w.ident : x->base ? x->col : w.fly.ident, n, S->won, S->nvals, w.tb || !x->base, dedup, T};
    uint64_t *hashes = dedup ? cbo_alloc(S, T, (size_t)m * sizeof *hashes) : NULL;
    if (dedup && !hashes)
        return CB_ENOMEM;
    if (dedup)
        rows_gen(T, CB_ROWS_MIN < T->seen_cap ? CB_ROWS_MIN : T->seen_cap);
    int64_t wc = S->depth_only ? 0 : n;
    /*
     * A big node looks at the clock as it goes: a search stopped below the root keeps x's bound lb; the root's
     * scan (minutes for a big game on the fly) stops on the time limit and the cancel flag, not on the work budget.
     */
    int watch = (uint64_t)n * m * (uint64_t)lw >= CB_SCAN_WATCH;
    for (uint32_t j = 0; j < m; j++) {
        uint32_t g = x->gid[j];
        if (watch && (j & 1023) == 1023) {
            if (x->level > 0)
                cbo_check_clock(S);
            else
                cbo_check_cancel(S);
            if (cbo_stopped(S))
                return CB_ECANCELED;
        }
        if (filter && !cbo_respects_inline(S, &h, g))
            continue;
        uint32_t srow = cbo_guess_row(x, j);
        uint8_t *v = sc->lt ? sc->lt + (size_t)sc->k * n * (size_t)lw : tmp;
        cbo_rowstat st;
        uint64_t hh = 0;
        if (w.tb && (j < w.tb0 || j - w.tb0 >= w.tbn))
            tb_fill(S, x, &w, j);
        if (!row_stats(S, x, j, srow, v, &w, r, &st, &hh)) /* splits nothing */
            continue;
        if (dedup) {
            if (!hh)
                hh = row_hash(v, (size_t)n * (size_t)lw);
            /* a row equal to an earlier one adds nothing */
            if (rows_find(T, sc->lt, (size_t)n * (size_t)lw, v, hh, sc->k, hashes) != CB_NONE)
                continue;
        }
        int64_t lb = cbo_sat(wc + st.lbsum);
        uint32_t kk = sc->k++;
        sc->gid[kk] = g;
        sc->srow[kk] = srow;
        sc->lb[kk] = lb;
        sc->tx[kk] = (uint8_t)st.triv;
        if (kparts)
            kparts[kk] = (uint16_t)st.parts;
        if (S->depth_only)
            sc->key[kk] = (st.maxpart << 32) | (st.sq & 0xffffffffu);
        else
            sc->key[kk] = greedy_key(lb, st.sq, n);
        if (st.parts > sc->bmax)
            sc->bmax = st.parts;
        if (lb < sc->lbmin)
            sc->lbmin = lb;
        if (st.triv && lb <= target) {
            sc->early = kk;
            return CB_OK;
        }
    }
    if (kparts && tab_make(S, T, x, sc, kparts) != CB_OK)
        return CB_ENOMEM;
    if (sc->lt && scan_codewords(S, T, x, sc) != CB_OK)
        return CB_ENOMEM;
    /* for the block kernel (the parts of a candidates-only search play their own rows: never read) */
    if (sc->lt && lw == 1 && w.lb.fast && S->rowblk && !S->cands && sc->k > 0 && (size_t)sc->k * n <= CB_LTT_MAX &&
        ltc_alloc(S, T, x, sc) != CB_OK)
        return CB_ENOMEM;
    return CB_OK;
}
