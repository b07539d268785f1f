/* multi.c: several boards at once: their rules, the strategies that score a guess over all of them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/multi.h"
#include "base/parallel.h"
#include "tuning.h"

#define MULTI_MAX_FEEDBACKS 65536u /* the scorers count parts in an array: words of up to 10 letters */

struct cb_multi {
    const cb_table *table;
    const cb_game *game;
    int boards, max;
    size_t turns;
    cb_guess_index guesses[CB_MULTI_MAX_TURNS];
    int solved[CB_MAX_BOARDS]; /* turn it was solved on, or 0 */
    cb_state *board[CB_MAX_BOARDS];
};

int cb_multi_preset_boards(const char *name)
{
    const cb_game_preset *p = cb_game_preset_find(name);
    return p && p->boards > 1 ? p->boards : 0;
}

int cb_multi_default_max_guesses(const cb_game *game, int boards)
{
    return cb_game_default_max_guesses(game) + boards - 1;
}

static int check_rules(const cb_game *game, int boards, cb_error *err)
{
    if (boards < 1 || boards > CB_MAX_BOARDS)
        return cb_error_set(err, CB_EINVAL, "boards: %d is out of range (1 to %d)", boards, CB_MAX_BOARDS);
    if (cb_game_rule_info(game)->hidden)
        return cb_error_set(err, CB_EINVAL, "several boards are played with Wordle or Mastermind rules, not Symble's");
    if ((uint32_t)boards > cb_game_secret_count(game))
        return cb_error_set(err, CB_EINVAL, "%d boards need %d different secrets, but the game has %u", boards, boards,
                            cb_game_secret_count(game));
    return CB_OK;
}

/* The guess limit: max_guesses, or the default when 0; CB_EINVAL beyond CB_MULTI_MAX_TURNS. */
static int resolve_limit(const cb_game *game, int boards, int max_guesses, int *limit, cb_error *err)
{
    *limit = max_guesses ? max_guesses : cb_multi_default_max_guesses(game, boards);
    if (*limit < 1 || *limit > CB_MULTI_MAX_TURNS)
        return cb_error_set(err, CB_EINVAL, "the guess limit %d is out of range (1 to %d)", *limit, CB_MULTI_MAX_TURNS);
    return CB_OK;
}

int cb_multi_new(const cb_table *table, int boards, int max_guesses, cb_multi **out, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    *out = NULL;
    int rc = check_rules(game, boards, err);
    if (rc == CB_OK)
        rc = resolve_limit(game, boards, max_guesses, &max_guesses, err);
    if (rc != CB_OK)
        return rc;
    cb_multi *m = calloc(1, sizeof *m);
    if (!m)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    m->table = table;
    m->game = game;
    m->boards = boards;
    m->max = max_guesses;
    for (int b = 0; b < boards; b++)
        if (cb_state_new(table, &m->board[b]) != CB_OK) {
            cb_multi_free(m);
            return cb_error_set(err, CB_ENOMEM, "out of memory");
        }
    *out = m;
    return CB_OK;
}

void cb_multi_free(cb_multi *m)
{
    if (!m)
        return;
    for (int b = 0; b < m->boards; b++)
        cb_state_free(m->board[b]);
    free(m);
}

void cb_multi_reset(cb_multi *m)
{
    for (int b = 0; b < m->boards; b++) {
        cb_state_reset(m->board[b]);
        m->solved[b] = 0;
    }
    m->turns = 0;
}

const cb_table *cb_multi_table(const cb_multi *m)
{
    return m->table;
}

int cb_multi_boards(const cb_multi *m)
{
    return m->boards;
}

int cb_multi_max_guesses(const cb_multi *m)
{
    return m->max;
}

const cb_state *cb_multi_board(const cb_multi *m, int b)
{
    return m->board[b];
}

int cb_multi_solved_turn(const cb_multi *m, int b)
{
    return m->solved[b];
}

int cb_multi_unsolved(const cb_multi *m)
{
    int n = 0;
    for (int b = 0; b < m->boards; b++)
        n += m->solved[b] == 0;
    return n;
}

int cb_multi_won(const cb_multi *m)
{
    return cb_multi_unsolved(m) == 0;
}

int cb_multi_over(const cb_multi *m)
{
    return cb_multi_won(m) || m->turns >= (size_t)m->max;
}

size_t cb_multi_turns(const cb_multi *m)
{
    return m->turns;
}

cb_guess_index cb_multi_guess(const cb_multi *m, size_t t)
{
    return t < m->turns ? m->guesses[t] : CB_NONE;
}

int cb_multi_apply(cb_multi *m, cb_guess_index gi, const uint32_t *fb, int *bad)
{
    int done = 0, rc = CB_OK, dummy;
    if (!bad)
        bad = &dummy;
    *bad = -1;
    if (cb_multi_over(m))
        return CB_EILLEGAL;
    if (gi >= cb_game_guess_count(m->game))
        return CB_EINVAL;
    for (int b = 0, wins = 0; b < m->boards; b++) /* the boards' words differ: one guess solves one board */
        if (!m->solved[b] && fb[b] == cb_game_won(m->game) && ++wins > 1) {
            *bad = b;
            return CB_ECONTRADICT;
        }
    for (int b = 0; b < m->boards && rc == CB_OK; b++) {
        if (m->solved[b])
            continue;
        rc = cb_state_apply(m->board[b], gi, fb[b]); /* CB_EINVAL for a feedback out of range */
        if (rc == CB_OK)
            done = b + 1;
        else
            *bad = b;
    }
    if (rc != CB_OK) { /* all or nothing: take back the boards already told */
        for (int b = 0; b < done; b++)
            if (!m->solved[b])
                cb_state_undo(m->board[b]);
        return rc;
    }
    m->guesses[m->turns++] = gi;
    for (int b = 0; b < m->boards; b++)
        if (!m->solved[b] && fb[b] == cb_game_won(m->game))
            m->solved[b] = (int)m->turns;
    return CB_OK;
}

int cb_multi_apply_secrets(cb_multi *m, cb_guess_index gi, const cb_secret_index *secrets)
{
    uint32_t fb[CB_MAX_BOARDS];
    if (gi >= cb_game_guess_count(m->game))
        return CB_EINVAL;
    for (int b = 0; b < m->boards; b++)
        fb[b] = m->solved[b] ? 0 : cb_table_get(m->table, gi, secrets[b]);
    return cb_multi_apply(m, gi, fb, NULL);
}

int cb_multi_undo(cb_multi *m)
{
    if (m->turns == 0)
        return CB_EEMPTY;
    int t = (int)m->turns;
    for (int b = 0; b < m->boards; b++) {
        if (m->solved[b] && m->solved[b] < t)
            continue;
        cb_state_undo(m->board[b]);
        m->solved[b] = 0;
    }
    m->turns--;
    return CB_OK;
}

/* ---- strategies ---- */

typedef enum { MS_ENTROPY = 0, MS_EXPECTED = 1, MS_ONE_BY_ONE = 2 } ms_kind;

static const char *const ms_names[] = {"sum-entropy", "sum-expected", "one-by-one"};

const char *const *cb_multi_strategy_names(size_t *count)
{
    *count = sizeof ms_names / sizeof ms_names[0];
    return ms_names;
}

struct cb_multi_strategy {
    const cb_table *table;
    const cb_game *game;
    ms_kind kind;
    char name[160];
    cb_strategy *single;   /* one-by-one's single-board strategy */
    cb_guess_index first;  /* the first guess given, or CB_NONE */
    cb_guess_index opener; /* the first guess computed when the strategy was made, or CB_NONE */
    double opener_score;
    int threads;
    const volatile int *cancel;
    double *nlogn; /* nlogn[n] = n log2 n, n <= secrets */
};

/* One guess's score over the boards, and what breaks ties. */
typedef struct ms_score {
    cb_guess_index guess;
    double score;  /* larger is better (expected is negated) */
    double chance; /* sum over boards of 1/N where it is a candidate: above 0 when it is one somewhere */
} ms_score;

static int ms_better(const ms_score *a, const ms_score *b)
{
    /* no guess is never better: a thread that got no guess of the loop (one thread may take them all on a
     * busy machine) merges its empty score, whose 0 would beat the negative scores of `expected` */
    if (a->guess == CB_NONE)
        return 0;
    if (b->guess == CB_NONE)
        return 1;
    if (a->score != b->score)
        return a->score > b->score;
    if (a->chance != b->chance) /* a candidate somewhere first, then the likelier to solve a board */
        return a->chance > b->chance;
    return a->guess < b->guess;
}

/* The boards a decision looks at: their candidates. */
typedef struct ms_boards {
    int n;
    const cb_secret_index *cands[CB_MAX_BOARDS];
    size_t count[CB_MAX_BOARDS];
} ms_boards;

static void unsolved_boards(const cb_multi *m, ms_boards *bs)
{
    bs->n = 0;
    for (int b = 0; b < m->boards; b++)
        if (!m->solved[b]) {
            bs->cands[bs->n] = cb_state_candidates(m->board[b]);
            bs->count[bs->n++] = cb_state_count(m->board[b]);
        }
}

/* Per-thread work areas: part counts and the feedbacks of one board. */
typedef struct ms_work {
    uint32_t *counts;
    uint32_t *touched;
    uint32_t *keys;
} ms_work;

static int work_init(ms_work *w, const cb_game *game, size_t max_count)
{
    w->counts = calloc(cb_game_feedback_count(game), sizeof *w->counts);
    w->touched = malloc((max_count ? max_count : 1) * sizeof *w->touched);
    w->keys = malloc((max_count ? max_count : 1) * sizeof *w->keys);
    return w->counts && w->touched && w->keys ? CB_OK : CB_ENOMEM;
}

static void work_release(ms_work *w)
{
    free(w->counts);
    free(w->touched);
    free(w->keys);
}

static ms_score score_guess(const cb_multi_strategy *s, const ms_boards *bs, cb_guess_index g, ms_work *w)
{
    uint32_t won = cb_game_won(s->game);
    const uint8_t *row8 = cb_table_width(s->table) == 1 ? cb_table_row(s->table, g) : NULL;
    ms_score r = {g, 0, 0};
    for (int b = 0; b < bs->n; b++) {
        size_t n = bs->count[b], parts = 0;
        int hit = 0; /* the guess is this board's candidate: one of its feedbacks wins */
        const cb_secret_index *cand = bs->cands[b];
        if (!row8) /* one-byte rows (words of up to 5 letters, Mastermind) are read in place */
            cb_table_fill(s->table, g, cand, n, w->keys);
        for (size_t i = 0; i < n; i++) {
            uint32_t k = row8 ? row8[cand[i]] : w->keys[i];
            hit |= k == won;
            if (w->counts[k]++ == 0)
                w->touched[parts++] = k;
        }
        double sum = 0;
        for (size_t p = 0; p < parts; p++) {
            uint32_t c = w->counts[w->touched[p]];
            if (s->kind == MS_ENTROPY)
                sum += s->nlogn[c];
            else if (w->touched[p] != won)
                sum += (double)c * c;
            w->counts[w->touched[p]] = 0;
        }
        if (s->kind == MS_ENTROPY)
            r.score += log2((double)n) - sum / (double)n;
        else
            r.score -= sum / (double)n;
        if (hit)
            r.chance += 1.0 / (double)n;
    }
    return r;
}

static size_t max_count(const ms_boards *bs)
{
    size_t mx = 0;
    for (int b = 0; b < bs->n; b++)
        if (bs->count[b] > mx)
            mx = bs->count[b];
    return mx;
}

/* The best of `n` guesses (guess_list, or every guess when NULL) over the boards, on `threads` threads. */
static int best_guess(const cb_multi_strategy *s, const ms_boards *bs, const cb_guess_index *list, size_t n,
                      int threads, ms_score *best)
{
    int rc = CB_OK;
    best->guess = CB_NONE;
    size_t mx = max_count(bs);
#pragma omp parallel num_threads(cbb_threads(threads))
    {
        ms_work w;
        ms_score mine = {CB_NONE, 0, 0};
        int ok = work_init(&w, s->game, mx) == CB_OK;
        if (!ok) {
#pragma omp critical(cb_multi_best)
            rc = CB_ENOMEM;
        }
#pragma omp for schedule(dynamic, 64)
        for (size_t i = 0; i < n; i++) {
            if (!ok || cbb_flag(s->cancel))
                continue;
            ms_score sc = score_guess(s, bs, list ? list[i] : (cb_guess_index)i, &w);
            if (ms_better(&sc, &mine))
                mine = sc;
        }
        work_release(&w);
#pragma omp critical(cb_multi_best)
        if (ms_better(&mine, best))
            *best = mine;
    }
    if (rc == CB_OK && cbb_flag(s->cancel))
        rc = CB_ECANCELED;
    if (rc == CB_OK && best->guess == CB_NONE)
        rc = CB_EEMPTY;
    return rc;
}

/* The candidates of the unsolved boards, as guesses (each once per board it is on). */
static int candidate_guesses(const cb_multi_strategy *s, const ms_boards *bs, cb_guess_index **out, size_t *n)
{
    size_t total = 0;
    for (int b = 0; b < bs->n; b++)
        total += bs->count[b];
    *out = malloc((total ? total : 1) * sizeof **out);
    if (!*out)
        return CB_ENOMEM;
    *n = 0;
    for (int b = 0; b < bs->n; b++)
        for (size_t i = 0; i < bs->count[b]; i++)
            (*out)[(*n)++] = cb_game_secret_guess(s->game, bs->cands[b][i]);
    return CB_OK;
}

/* The board the one-by-one baseline works on: the fewest candidates, the lowest board on a tie. */
static int focus_board(const cb_multi *m)
{
    int best = -1;
    for (int b = 0; b < m->boards; b++)
        if (!m->solved[b] && (best < 0 || cb_state_count(m->board[b]) < cb_state_count(m->board[best])))
            best = b;
    return best;
}

static int choose_in(const cb_multi_strategy *s, const cb_multi *m, int threads, cb_guess_index *guess, double *score)
{
    ms_boards bs;
    double dummy;
    if (!score)
        score = &dummy;
    *score = 0;
    if (cb_multi_over(m))
        return CB_EEMPTY;
    if (m->turns == 0 && s->first != CB_NONE) {
        *guess = s->first;
        return CB_OK;
    }
    int unsolved = cb_multi_unsolved(m), left = m->max - (int)m->turns;
    if (m->turns == 0 && s->opener != CB_NONE && left > unsolved) {
        *guess = s->opener;
        *score = s->opener_score * (s->kind == MS_ONE_BY_ONE ? 1 : m->boards);
        return CB_OK;
    }
    if (s->kind == MS_ONE_BY_ONE)
        return cb_strategy_choose(s->single, m->board[focus_board(m)], NULL, guess, score);
    unsolved_boards(m, &bs);
    for (int b = 0; b < bs.n; b++)
        if (bs.count[b] == 1) { /* finish a board whose secret is known */
            *guess = cb_game_secret_guess(s->game, bs.cands[b][0]);
            return CB_OK;
        }
    ms_score best;
    int rc;
    if (left <= unsolved) { /* every guess left must solve a board: candidates only */
        cb_guess_index *list;
        size_t n;
        if ((rc = candidate_guesses(s, &bs, &list, &n)) != CB_OK)
            return rc;
        rc = best_guess(s, &bs, list, n, threads, &best);
        free(list);
    } else
        rc = best_guess(s, &bs, NULL, cb_game_guess_count(s->game), threads, &best);
    if (rc != CB_OK)
        return rc;
    *guess = best.guess;
    *score = s->kind == MS_EXPECTED ? -best.score : best.score;
    return CB_OK;
}

int cb_multi_choose(const cb_multi_strategy *s, const cb_multi *m, cb_guess_index *guess, double *score)
{
    return choose_in(s, m, s->threads, guess, score);
}

static int ms_kind_of(const char *name)
{
    for (size_t i = 0; i < sizeof ms_names / sizeof ms_names[0]; i++)
        if (strcmp(name, ms_names[i]) == 0)
            return (int)i;
    return -1;
}

/* The opener on fresh boards, once, when it costs little enough (a long game keeps computing it per call). */
static int compute_opener(cb_multi_strategy *s)
{
    double work = (double)cb_game_guess_count(s->game) * cb_game_secret_count(s->game);
    if (work > CB_MULTI_OPENER_WORK || s->first != CB_NONE)
        return CB_OK;
    cb_multi *m;
    int rc = cb_multi_new(s->table, 1, CB_MULTI_MAX_TURNS, &m, NULL);
    if (rc != CB_OK)
        return rc;
    rc = choose_in(s, m, s->threads, &s->opener, &s->opener_score);
    cb_multi_free(m);
    return rc;
}

int cb_multi_strategy_new(const cb_table *table, const char *name, const cb_strategy_config *single,
                          cb_multi_strategy **out, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    cb_strategy_config cfg;
    *out = NULL;
    int kind = ms_kind_of(name ? name : "");
    if (kind < 0)
        return cb_error_set(err, CB_ENOTFOUND,
                            "unknown multi-board strategy '%s' (use sum-entropy, sum-expected or "
                            "one-by-one)",
                            name ? name : "");
    int rc = check_rules(game, 1, err);
    if (rc != CB_OK)
        return rc;
    if (cb_game_feedback_count(game) > MULTI_MAX_FEEDBACKS)
        return cb_error_set(err, CB_EINVAL, "several boards are scored for words of up to 10 letters");
    if (single)
        cfg = *single;
    else
        cb_strategy_config_default(&cfg);
    if (!cfg.name)
        cfg.name = "parts";
    if (cfg.first_guess != CB_NONE && cfg.first_guess >= cb_game_guess_count(game))
        return cb_error_set(err, CB_EINVAL, "the first guess is out of range");
    cb_multi_strategy *s = calloc(1, sizeof *s);
    if (!s)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    s->table = table;
    s->game = game;
    s->kind = (ms_kind)kind;
    s->first = cfg.first_guess;
    s->opener = CB_NONE;
    s->threads = cfg.threads;
    s->cancel = cfg.cancel;
    uint32_t n = cb_game_secret_count(game);
    s->nlogn = malloc(((size_t)n + 1) * sizeof *s->nlogn);
    if (!s->nlogn) {
        cb_multi_strategy_free(s);
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    }
    for (uint32_t i = 0; i <= n; i++)
        s->nlogn[i] = i ? (double)i * log2((double)i) : 0;
    if (s->kind == MS_ONE_BY_ONE) {
        if ((rc = cb_strategy_new(table, &cfg, &s->single, err)) != CB_OK) {
            cb_multi_strategy_free(s);
            return rc;
        }
        snprintf(s->name, sizeof s->name, "one-by-one (%s)", cb_strategy_name(s->single));
    } else
        snprintf(s->name, sizeof s->name, "%s", ms_names[kind]);
    if ((rc = compute_opener(s)) != CB_OK) {
        cb_multi_strategy_free(s);
        return cb_error_set(err, rc, "%s", rc == CB_ECANCELED ? "canceled" : cb_strerror(rc));
    }
    *out = s;
    return CB_OK;
}

void cb_multi_strategy_free(cb_multi_strategy *s)
{
    if (!s)
        return;
    cb_strategy_free(s->single);
    free(s->nlogn);
    free(s);
}

const char *cb_multi_strategy_name(const cb_multi_strategy *s)
{
    return s->name;
}

/* ---- simulation ---- */

void cb_multi_sample(const cb_game *game, int boards, uint64_t seed, uint64_t i, cb_secret_index *secrets)
{
    cb_rng rng;
    uint32_t n = cb_game_secret_count(game);
    cb_rng_seed2(&rng, seed, i);
    for (int b = 0; b < boards; b++) {
        int fresh;
        do {
            secrets[b] = cb_rng_below(&rng, n);
            fresh = 1;
            for (int a = 0; a < b; a++)
                fresh &= secrets[a] != secrets[b];
        } while (!fresh);
    }
}

/* One game of the sample with strategy s on m (reset first); the guesses it took, or 0 when lost. */
static int play_one(const cb_multi_strategy *s, cb_multi *m, const cb_secret_index *secrets, int *solved)
{
    cb_multi_reset(m);
    while (!cb_multi_over(m)) {
        cb_guess_index g;
        int rc = choose_in(s, m, 1, &g, NULL);
        if (rc == CB_OK)
            rc = cb_multi_apply_secrets(m, g, secrets);
        if (rc != CB_OK)
            return rc;
    }
    *solved = m->boards - cb_multi_unsolved(m);
    return cb_multi_won(m) ? (int)m->turns : 0;
}

static int simulate_one(const cb_table *table, const cb_multi_strategy *s, const cb_multi_sim_options *opt, int max,
                        cb_multi_sim_result *r)
{
    int rc = CB_OK;
    double t0 = cb_seconds();
    memset(r, 0, sizeof *r);
#pragma omp parallel num_threads(cbb_threads(opt->threads))
    {
        cb_multi *m = NULL;
        int mine = cb_multi_new(table, opt->boards, max, &m, NULL);
#pragma omp for schedule(dynamic, 4)
        for (uint32_t i = 0; i < opt->games; i++) {
            if (mine != CB_OK || cbb_flag(opt->cancel))
                continue;
            cb_secret_index secrets[CB_MAX_BOARDS];
            int solved = 0;
            cb_multi_sample(cb_table_game(table), opt->boards, opt->seed, i, secrets);
            int n = play_one(s, m, secrets, &solved);
            if (n < 0) {
                mine = n;
                continue;
            }
#pragma omp critical(cb_multi_sim)
            {
                r->games++;
                r->boards_solved += (uint64_t)solved;
                if (n > 0) {
                    r->wins++;
                    r->guesses_won += (uint64_t)n;
                    r->hist[n]++;
                }
            }
        }
        if (mine != CB_OK) {
#pragma omp critical(cb_multi_sim)
            if (rc == CB_OK)
                rc = mine;
        }
        cb_multi_free(m);
    }
    r->seconds = cb_seconds() - t0;
    if (rc == CB_OK && cbb_flag(opt->cancel))
        rc = CB_ECANCELED;
    return rc;
}

int cb_multi_simulate(const cb_table *table, cb_multi_strategy *const *strategies, size_t n,
                      const cb_multi_sim_options *opt, cb_multi_sim_result *results, cb_error *err)
{
    const cb_game *game = cb_table_game(table);
    int max, rc = check_rules(game, opt->boards, err);
    if (rc == CB_OK)
        rc = resolve_limit(game, opt->boards, opt->max_guesses, &max, err);
    if (rc != CB_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        memset(&results[i], 0, sizeof results[i]);
    for (size_t i = 0; i < n && rc == CB_OK; i++) {
        if (strategies[i]->table != table)
            return cb_error_set(err, CB_EINVAL, "strategy %zu was made for another table", i + 1);
        rc = simulate_one(table, strategies[i], opt, max, &results[i]);
    }
    if (rc != CB_OK)
        return cb_error_set(err, rc, "%s",
                            rc == CB_ECANCELED ? "canceled: the results hold the games played" : cb_strerror(rc));
    return CB_OK;
}
