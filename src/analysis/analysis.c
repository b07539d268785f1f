/* analysis.c: feedback counts, information bounds and entropies of guesses. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/analysis.h"
#include "codebreaker/feedback.h"
#include "codebreaker/partition.h"
#include "base/parallel.h"
#include "game/rule_internal.h"
#include "tuning.h"

#define MAX_SHAPE_LENGTH 12 /* dense counts over 3^n + 1 keys */

/* Shannon entropy in bits of parts of the given sizes: log2(T) - sum(s log2 s) / T. */
typedef struct entropy_sum {
    double total, sum;
} entropy_sum;

static void entropy_add(entropy_sum *e, double size)
{
    e->total += size;
    if (size > 0)
        e->sum += size * log2(size);
}

static double entropy_bits(const entropy_sum *e)
{
    return e->total <= 0 ? 0 : log2(e->total) - e->sum / e->total;
}

double cb_entropy(const uint32_t *sizes, size_t parts)
{
    entropy_sum e = {0, 0};
    for (size_t i = 0; i < parts; i++)
        entropy_add(&e, sizes[i]);
    return entropy_bits(&e);
}

double cb_entropy_weights(const double *sizes, size_t parts)
{
    entropy_sum e = {0, 0};
    for (size_t i = 0; i < parts; i++)
        entropy_add(&e, sizes[i]);
    return entropy_bits(&e);
}

double cb_derangements(int n)
{
    double d0 = 1, d1 = 0; /* D(0), D(1); D(i) = (i - 1)(D(i-1) + D(i-2)) */
    if (n <= 0)
        return 1;
    for (int i = 2; i <= n; i++) {
        double d = (i - 1) * (d1 + d0);
        d0 = d1;
        d1 = d;
    }
    return d1;
}

/* k (k-1) ... (k-j+1): j symbols drawn in order without repeats. */
static double falling(double k, int j)
{
    double r = 1;
    for (int i = 0; i < j; i++)
        r *= k - i;
    return r > 0 ? r : 0;
}

double cb_complete_size(int k, int n, int no_repeat)
{
    return no_repeat ? falling(k, n) : pow(k, n);
}

double cb_feedbacks_possible(cb_rule rule, int n, int first)
{
    const cbg_rule *r = cbg_rule_of(rule);
    return r ? r->possible(n, first) : NAN;
}

double cb_feedbacks_open(cb_rule rule, int n, int first)
{
    const cbg_rule *r = cbg_rule_of(rule);
    return r ? r->open(n, first) : NAN;
}

double cb_bound_information(cb_rule rule, int n, double secrets)
{
    double p = cb_feedbacks_possible(rule, n, 1), f = cb_feedbacks_possible(rule, n, 0);
    if (secrets <= 0 || f <= 1)
        return NAN;
    return (log(secrets) - log(p)) / log(f) + 1;
}

int cb_bound_counting(cb_rule rule, int n, double secrets)
{
    double p = cb_feedbacks_open(rule, n, 1), f = cb_feedbacks_open(rule, n, 0);
    double solved = 1, level = p; /* S(T), and the nodes at depth T */
    int t = 1;
    if (secrets <= 0)
        return 0;
    while (solved < secrets && t < 1000) {
        solved += level;
        level *= f;
        t++;
        if (level <= 0 && solved < secrets)
            return 1000; /* no later guess can split anything: cannot be solved */
    }
    return t;
}

double cb_adjusted_entropy(cb_rule rule, int k, int n, int no_repeat)
{
    if (k < n || n < 2)
        return NAN;
    double total = cb_complete_size(k, n, no_repeat);
    double gray = no_repeat ? falling(k - n, n) : pow(k - n, n), yellow = cb_derangements(n);
    double exact[2] = {gray, yellow}, others;
    int nexact = 2;
    if (cbg_rule_of(rule) && cbg_rule_of(rule)->info.hidden) {
        exact[0] = gray + yellow; /* one pattern: every position shows the same symbol */
        nexact = 1;
        others = cb_feedbacks_possible(rule, n, 1) - 1;
    } else
        others = cb_feedbacks_possible(rule, n, 0) - 2;
    double h = 0, rest = 1;
    for (int i = 0; i < nexact; i++) {
        double p = exact[i] / total;
        if (p > 0)
            h -= p * log2(p);
        rest -= p;
    }
    if (rest > 0)
        h -= rest * log2(rest / others);
    return h;
}

/*
 * Classes of first guesses, each given by its smallest code. Mastermind
 * and Wordle: codes up to moving positions and renaming symbols, i.e. how
 * often each symbol occurs (a partition of n). Symble: codes up to
 * renaming symbols only (restricted growth strings), because its yellow
 * goes to the leftmost copy of a letter in the codeword, so moving
 * positions changes which patterns fall together up to renaming.
 */
typedef struct class_list {
    uint8_t (*codes)[MAX_SHAPE_LENGTH];
    int *distinct;
    size_t len, cap;
} class_list;

static int classes_add(class_list *l, const uint8_t *code, int n, int distinct)
{
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 32;
        uint8_t(*c)[MAX_SHAPE_LENGTH] = realloc(l->codes, cap * sizeof *c);
        if (!c)
            return CB_ENOMEM;
        l->codes = c;
        int *d = realloc(l->distinct, cap * sizeof *d);
        if (!d)
            return CB_ENOMEM;
        l->distinct = d;
        l->cap = cap;
    }
    memcpy(l->codes[l->len], code, (size_t)n);
    l->distinct[l->len++] = distinct;
    return CB_OK;
}

/* Partitions of the n - pos positions left into symbols used at most `most` times, at most dmax symbols. */
static int shapes_gen(class_list *l, uint8_t *code, int n, int pos, int sym, int most, int dmax)
{
    if (pos == n)
        return classes_add(l, code, n, sym);
    if (sym == dmax)
        return CB_OK;
    for (int p = n - pos < most ? n - pos : most; p >= 1; p--) {
        memset(code + pos, sym, (size_t)p);
        int rc = shapes_gen(l, code, n, pos + p, sym + 1, p, dmax);
        if (rc != CB_OK)
            return rc;
    }
    return CB_OK;
}

/* Restricted growth strings: code[pos] is at most one more than every symbol before it. */
static int renamings_gen(class_list *l, uint8_t *code, int n, int pos, int used, int dmax, int distinct_only)
{
    if (pos == n)
        return classes_add(l, code, n, used);
    for (int s = 0; s <= used && s < dmax; s++) {
        if (distinct_only && s < used)
            continue;
        code[pos] = (uint8_t)s;
        int rc = renamings_gen(l, code, n, pos + 1, s == used ? used + 1 : used, dmax, distinct_only);
        if (rc != CB_OK)
            return rc;
    }
    return CB_OK;
}

/* Smallest observed id of each raw Symble pattern over the six renamings. */
static uint32_t *symble_classes(int n)
{
    static const uint8_t perms[CB_MAPPINGS][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint32_t p3 = cb_pow3(n);
    uint32_t *cls = malloc((size_t)p3 * sizeof *cls);
    if (!cls)
        return NULL;
    for (uint32_t raw = 0; raw < p3; raw++) {
        uint32_t lo = UINT32_MAX;
        for (int m = 0; m < CB_MAPPINGS; m++) {
            uint32_t id = 0, r = raw, w = 1;
            for (int i = 0; i < n; i++, r /= 3, w *= 3)
                id += perms[m][r % 3] * w;
            if (id < lo)
                lo = id;
        }
        cls[raw] = lo;
    }
    return cls;
}

typedef struct shape_job {
    cb_rule rule;
    int k, n, no_repeat;
    const uint32_t *classes; /* Symble */
    uint32_t nkeys, won;
    uint32_t (*feedback)(const uint8_t *g, const uint8_t *s, int n); /* the rule's (raw, for Symble) */
} shape_job;

/*
 * The partition of one guess over the reduced secrets: each position holds
 * one of the guess's d symbols or the stand-in d for every other symbol,
 * weighted by how many real secrets it stands for.
 */
static int shape_partition(const shape_job *job, const uint8_t *guess, int d, cb_first_guess *res)
{
    int n = job->n, a = d + (job->k > d);
    long long nsecrets = 1;
    double weight[CB_MAX_LENGTH + 1]; /* secrets a reduced one stands for, by its number of stand-ins */
    for (int i = 0; i < n; i++)
        nsecrets *= a;
    for (int j = 0; j <= n; j++)
        weight[j] = job->no_repeat ? falling(job->k - d, j) : pow(job->k - d, j);
    double *counts = calloc(job->nkeys, sizeof *counts);
    int failed = 0;
    if (!counts)
        return CB_ENOMEM;
#pragma omp parallel
    {
        double *mine = calloc(job->nkeys, sizeof *mine);
        uint8_t s[CB_MAX_LENGTH];
        int nth = 1, me = 0;
#ifdef _OPENMP
        nth = omp_get_num_threads();
        me = omp_get_thread_num();
#endif
        long long lo = nsecrets * me / nth, hi = nsecrets * (me + 1) / nth, r = lo;
        for (int i = n - 1; i >= 0; i--, r /= a) /* the first secret of this thread's share */
            s[i] = (uint8_t)(r % a);
        if (!mine) {
#pragma omp atomic write
            failed = 1;
            hi = lo;
        }
        for (long long idx = lo; idx < hi; idx++) {
            int stand_ins = 0;
            unsigned used = 0, repeated = 0;
            for (int i = 0; i < n; i++) {
                stand_ins += s[i] == d;
                repeated |= s[i] != d && (used >> s[i] & 1);
                used |= 1u << s[i];
            }
            if (!(job->no_repeat && repeated)) {
                uint32_t key;
                key = job->feedback(guess, s, n);
                if (job->classes)
                    key = key == job->won - 1 ? job->won : job->classes[key];
                mine[key] += weight[stand_ins];
            }
            for (int i = n - 1; i >= 0 && ++s[i] == a; i--) /* next secret */
                s[i] = 0;
        }
        if (mine) {
#pragma omp critical
            for (uint32_t i = 0; i < job->nkeys; i++)
                counts[i] += mine[i];
        }
        free(mine);
    }
    if (failed) {
        free(counts);
        return CB_ENOMEM;
    }
    res->entropy = cb_entropy_weights(counts, job->nkeys);
    res->largest = res->parts = 0;
    for (uint32_t i = 0; i < job->nkeys; i++)
        if (counts[i] > 0) {
            res->parts++;
            if (counts[i] > res->largest)
                res->largest = counts[i];
        }
    free(counts);
    return CB_OK;
}

static int cmp_first_guess(const void *pa, const void *pb)
{
    const cb_first_guess *a = pa, *b = pb;
    if (a->entropy != b->entropy)
        return a->entropy > b->entropy ? -1 : 1;
    return memcmp(a->code, b->code, (size_t)a->length);
}

int cb_first_guess_shapes(cb_rule rule, int k, int n, int no_repeat, double max_work, cb_first_guess **out,
                          size_t *count, cb_error *err)
{
    *out = NULL;
    *count = 0;
    if (!cbg_rule_of(rule))
        return cb_error_set(err, CB_EINVAL, "unknown rule %d", (int)rule);
    if (k < 2 || n < 1 || n > CB_MAX_LENGTH || k > CB_MAX_SYMBOLS || (no_repeat && n > k))
        return cb_error_set(err, CB_EINVAL, "no complete dictionary of %d symbols over %d%s", n, k,
                            no_repeat ? " without repeats" : "");
    if (n > MAX_SHAPE_LENGTH)
        return cb_error_set(err, CB_ETOOBIG, "first-guess shapes are computed up to length %d, not %d",
                            MAX_SHAPE_LENGTH, n);
    if (max_work <= 0)
        max_work = CB_SHAPES_DEFAULT_WORK;
    class_list l = {0};
    uint8_t code[MAX_SHAPE_LENGTH];
    int rc, dmax = no_repeat ? n : (k < n ? k : n);
    const cbg_rule *r = cbg_rule_of(rule);
    if (r->info.hidden)
        rc = renamings_gen(&l, code, n, 0, 0, dmax, no_repeat);
    else
        rc = shapes_gen(&l, code, n, 0, 0, no_repeat ? 1 : n, dmax);
    double work = 0;
    for (size_t i = 0; rc == CB_OK && i < l.len; i++)
        work += pow(l.distinct[i] + (k > l.distinct[i]), n);
    if (rc == CB_OK && work > max_work)
        rc = cb_error_set(err, CB_ETOOBIG, "the first guesses of %d symbols over %d take %.3g feedbacks (limit %.3g)",
                          n, k, work, max_work);
    shape_job job = {rule, k, n, no_repeat, NULL, 0, 0, r->feedback};
    if (rc == CB_OK && r->info.hidden) {
        job.classes = symble_classes(n);
        job.won = cb_pow3(n);
        job.nkeys = job.won + 1;
        if (!job.classes)
            rc = CB_ENOMEM;
    } else {
        cbg_ids ids;
        r->ids(n, &ids);
        job.nkeys = ids.count;
    }
    cb_first_guess *res = rc == CB_OK ? calloc(l.len, sizeof *res) : NULL;
    if (rc == CB_OK && !res)
        rc = CB_ENOMEM;
    for (size_t i = 0; rc == CB_OK && i < l.len; i++) {
        memcpy(res[i].code, l.codes[i], (size_t)n);
        res[i].length = n;
        res[i].distinct = l.distinct[i];
        rc = shape_partition(&job, res[i].code, l.distinct[i], &res[i]);
    }
    free((void *)job.classes);
    free(l.codes);
    free(l.distinct);
    if (rc != CB_OK) {
        free(res);
        return rc == CB_ENOMEM ? cb_error_set(err, rc, "out of memory") : rc;
    }
    qsort(res, l.len, sizeof *res, cmp_first_guess);
    *out = res;
    *count = l.len;
    return CB_OK;
}

int cb_guess_entropies(const cb_state *st, int threads, const volatile int *cancel, double *entropy)
{
    long nguess = (long)cb_game_guess_count(cb_state_game(st));
    int failed = CB_OK;
#pragma omp parallel num_threads(cbb_threads(threads))
    {
        cb_partition p;
        cb_partition_init(&p);
#pragma omp for schedule(dynamic, 16)
        for (long g = 0; g < nguess; g++) {
            entropy[g] = 0;
            if (__atomic_load_n(&failed, __ATOMIC_RELAXED) != CB_OK)
                continue;
            if (cancel && __atomic_load_n(cancel, __ATOMIC_RELAXED))
                __atomic_store_n(&failed, CB_ECANCELED, __ATOMIC_RELAXED);
            else if (cb_partition_compute(&p, st, (uint32_t)g) != CB_OK)
                __atomic_store_n(&failed, CB_ENOMEM, __ATOMIC_RELAXED);
            else
                entropy[g] = cb_entropy(p.sizes, p.parts);
        }
        cb_partition_release(&p);
    }
    return failed;
}

void cb_letter_positions(const cb_game *game, int guesses, uint64_t *counts)
{
    int n = cb_game_length(game), k = cb_game_colors(game);
    uint32_t total = guesses ? cb_game_guess_count(game) : cb_game_secret_count(game);
    memset(counts, 0, (size_t)n * (size_t)k * sizeof *counts);
    for (uint32_t i = 0; i < total; i++) {
        const uint8_t *code = cb_game_code(game, guesses ? i : cb_game_secret_guess(game, i));
        for (int p = 0; p < n; p++)
            counts[(size_t)p * (size_t)k + code[p]]++;
    }
}

int cb_letter_greedy(const cb_game *game, const uint64_t *counts, uint8_t *code, int *order)
{
    int n = cb_game_length(game), k = cb_game_colors(game);
    uint64_t used = 0, top[CB_MAX_LENGTH] = {0};
    if (k < n)
        return CB_EINVAL;
    for (int p = 0; p < n; p++) {
        order[p] = 0;
        for (int c = 0; c < k; c++)
            top[p] = counts[(size_t)p * (size_t)k + c] > top[p] ? counts[(size_t)p * (size_t)k + c] : top[p];
    }
    for (int rank = 1; rank <= n; rank++) {
        int bp = -1, bc = -1;
        for (int p = 0; p < n; p++) /* the open position of the largest maximum */
            if (!order[p] && (bp < 0 || top[p] > top[bp]))
                bp = p;
        for (int c = 0; c < k; c++) /* its most frequent symbol not taken yet */
            if (!((used >> c) & 1) &&
                (bc < 0 || counts[(size_t)bp * (size_t)k + c] > counts[(size_t)bp * (size_t)k + bc]))
                bc = c;
        order[bp] = rank;
        code[bp] = (uint8_t)bc;
        used |= (uint64_t)1 << bc;
    }
    return CB_OK;
}
