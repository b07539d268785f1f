/*
 * coach.c: the exact coach (coach.h): the guesses of a position ranked by
 * their proved totals (the search over every opener at the position, the N
 * best settled exactly), and a game reviewed turn by turn: at each
 * position the best total and the played guess's strategy, whose parts
 * give the luck of the feedback received.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/data.h"
#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "tuning.h"

void cb_coach_options_default(cb_coach_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->limit = 10;
    opt->opening_best = CB_NONE;
}

int cb_coach_opening(const cb_game *game, int hard, int max_guesses, int best_only, cb_guess_index *best,
                     uint64_t *total)
{
    const cb_word_lists *lists = cbg_game_lists(game);
    const char *text;
    size_t size;
    char name[32], word[CB_MAX_LENGTH * 4 + 1];
    int h, m, proved;
    unsigned long long t;
    /* the proofs are Wordle's: Symble on the same lists plays another game (its secrets are word-mapping pairs) */
    if (!lists || cb_game_rule(game) != CB_RULE_WORDLE || cb_data_bundled("proofs/openers.tsv", &text, &size) != CB_OK)
        return CB_ENOTFOUND;
    for (const char *p = text; p < text + size; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : text + size) {
        if (*p == '#' || sscanf(p, "%31s %d %d %80s %llu %d", name, &h, &m, word, &t, &proved) != 6)
            continue;
        if (strcmp(name, lists->name) == 0 && h == (hard != 0) && m == max_guesses && (proved || !best_only) &&
            cb_game_parse_code(game, word, best, NULL) == CB_OK) {
            *total = t;
            return CB_OK;
        }
    }
    return CB_ENOTFOUND;
}

/* The entries of a position: candidates, or (Symble) candidate-mapping pairs. */
static uint64_t entries(const cb_state *st)
{
    const uint8_t *masks = cb_state_masks(st);
    uint64_t n = 0;
    for (size_t i = 0; i < cb_state_count(st); i++)
        n += masks ? (uint64_t)__builtin_popcount(masks[i]) : 1u;
    return n;
}

/*
 * The solver's options for a search from st. Under a time limit, a position
 * of more than CB_COACH_BIG entries (Symble's opening pairs, every allowed
 * word) gets CB_COACH_BIG_SECONDS: no limit of seconds proves it, and its
 * bounds come as well from a short search.
 */
static void solver_options(const cb_coach_options *o, const cb_state *st, cb_optimal_options *so)
{
    cb_optimal_options_default(so);
    so->from = st;
    so->max_guesses = o->max_guesses;
    so->candidates_only = o->candidates_only;
    so->time_limit = o->time_limit;
    if (o->time_limit > CB_COACH_BIG_SECONDS && entries(st) > CB_COACH_BIG)
        so->time_limit = CB_COACH_BIG_SECONDS;
    so->threads = o->threads;
    so->cancel = o->cancel;
}

/* The entries of st whose codeword is guess g: the share g wins at once. */
static uint64_t wins_at_once(const cb_state *st, cb_guess_index g)
{
    const cb_game *game = cb_state_game(st);
    cb_secret_index s = cb_game_guess_secret(game, g);
    const uint32_t *c = cb_state_candidates(st);
    const uint8_t *masks = cb_state_masks(st);
    for (size_t i = 0; s != CB_NONE && i < cb_state_count(st); i++)
        if (c[i] == s)
            return masks ? (uint64_t)__builtin_popcount(masks[i]) : 1u;
    return 0;
}

typedef struct ranked {
    cb_coach_guess g;
    double weight;
} ranked;

static int cmp_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->g.total != y->g.total)
        return x->g.total < y->g.total ? -1 : 1;
    if (x->g.proved != y->g.proved)
        return y->g.proved - x->g.proved;
    if (x->g.candidate != y->g.candidate)
        return y->g.candidate - x->g.candidate;
    if (x->weight != y->weight)
        return x->weight > y->weight ? -1 : 1;
    return (x->g.guess > y->g.guess) - (x->g.guess < y->g.guess);
}

/*
 * The bundled all-openers proofs (data/proofs): the lists, the mode and the
 * guess limit of each search, and its results file.
 */
static const struct {
    const char *lists;
    int hard, max_guesses;
    const char *file;
} shipped_files[] = {
    {"original", 0, 0, "proofs/original.results"},
    {"nyt2023", 0, 0, "proofs/nyt2023.results"},
    {"original", 1, 6, "proofs/original-hard6.results"},
    {"nyt2023", 1, 6, "proofs/nyt2023-hard6.results"},
};

/*
 * The openers' values at st read from a bundled results file, when st is the
 * opening of a game one settles: Wordle on bundled lists as they are, any
 * allowed guess, in normal mode without a guess limit or in hard mode within
 * 6 guesses. The file's search line must name this game (its lists' sizes)
 * and that search, and it must hold every allowed guess, one of them proved
 * the best: else it is not used (CB_ENOTFOUND) or, damaged, refused
 * (CB_EINVAL, err naming it).
 */
static int shipped_openers(const cb_state *st, const cb_coach_options *o, const char **source, cb_optimal_opener **ops,
                           size_t *n, cb_error *err)
{
    const cb_game *game = cb_state_game(st);
    const cb_word_lists *lists = cbg_game_lists(game);
    const char *text;
    size_t size;
    char search[512];
    cb_error e;
    *source = NULL;
    if (!lists || cb_game_rule(game) != CB_RULE_WORDLE || cb_state_turns(st) || o->candidates_only)
        return CB_ENOTFOUND;
    for (size_t i = 0; i < sizeof shipped_files / sizeof shipped_files[0]; i++)
        if (strcmp(shipped_files[i].lists, lists->name) == 0 && shipped_files[i].hard == cb_state_hard(st) &&
            shipped_files[i].max_guesses == o->max_guesses)
            *source = shipped_files[i].file;
    if (!*source || cb_data_bundled(*source, &text, &size) != CB_OK)
        return CB_ENOTFOUND;
    /* the search line `codebreaker optimal --results` writes */
    cb_optimal_options so;
    cb_optimal_options_default(&so);
    so.hard = cb_state_hard(st);
    so.max_guesses = o->max_guesses;
    cb_optimal_search_line(game, &so, search, sizeof search);
    int rc = cb_optimal_results_parse(game, text, size, search, ops, n, &e);
    if (rc == CB_EINVAL && strncmp(e.message, "written by another search", 25) == 0)
        rc = CB_ENOTFOUND; /* the lists' sizes differ: another game */
    else if (rc != CB_OK)
        rc = cb_error_set(err, rc, "the bundled %s: %s", *source, e.message);
    if (rc == CB_OK) {
        uint64_t best = UINT64_MAX, least_bound = UINT64_MAX;
        for (size_t i = 0; i < *n; i++) {
            uint64_t *m = (*ops)[i].exact ? &best : &least_bound;
            if ((*ops)[i].bound < *m)
                *m = (*ops)[i].bound;
        }
        if (*n != cb_game_guess_count(game) || best == UINT64_MAX || least_bound < best)
            rc = cb_error_set(err, CB_EINVAL,
                              "the bundled %s does not settle every opener (%zu of %u, best total %llu, least "
                              "bound %llu)",
                              *source, *n, cb_game_guess_count(game), (unsigned long long)best,
                              (unsigned long long)least_bound);
    }
    if (rc != CB_OK) {
        free(*ops);
        *ops = NULL;
        *n = 0;
        *source = NULL;
    }
    return rc;
}

/* The ranking of st's guesses from the values of ops (n of them) into out; CB_OK or CB_ENOMEM. */
static int rank_openers(const cb_state *st, const cb_coach_options *opt, const cb_optimal_opener *ops, size_t n,
                        cb_coach_rank *out, cb_error *err)
{
    const cb_game *game = cb_state_game(st);
    uint64_t m = entries(st);
    ranked *r = calloc(n + 1, sizeof *r);
    if (!r)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const cb_optimal_opener *op = &ops[i];
        if (op->bound == UINT64_MAX)
            continue; /* cannot solve every secret within the limit */
        uint64_t now = wins_at_once(st, op->guess);
        cb_secret_index s = cb_game_guess_secret(game, op->guess);
        r[k].g = (cb_coach_guess){
            op->guess, op->bound, op->exact, now > 0, m ? (double)now / (double)m : 0, op->exact ? op->worst : 0};
        r[k++].weight = opt->weights && s != CB_NONE ? opt->weights[s] : 0;
    }
    qsort(r, k, sizeof *r, cmp_ranked);
    out->candidates = m;
    out->count = k < (size_t)opt->limit ? k : (size_t)opt->limit;
    out->guesses = malloc((out->count + 1) * sizeof *out->guesses);
    for (size_t i = 0; out->guesses && i < out->count; i++)
        out->guesses[i] = r[i].g;
    free(r);
    if (!out->guesses)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    return CB_OK;
}

int cb_coach_rank_solve(const cb_table *table, const cb_state *st, const cb_coach_options *opt, cb_coach_rank *out,
                        cb_error *err)
{
    cb_coach_options def;
    cb_optimal_options so;
    cb_optimal_result res;
    memset(out, 0, sizeof *out);
    if (!opt) {
        cb_coach_options_default(&def);
        opt = &def;
    }
    if (opt->limit < 1 || opt->limit > CB_COACH_MAX_LIMIT)
        return cb_error_set(err, CB_EINVAL, "the number of guesses to rank must be between 1 and %d",
                            CB_COACH_MAX_LIMIT);
    double t0 = cb_seconds();
    cb_optimal_opener *ops = NULL;
    size_t n = 0;
    const char *source;
    int rc = shipped_openers(st, opt, &source, &ops, &n, err);
    if (rc == CB_OK) {
        rc = rank_openers(st, opt, ops, n, out, err);
        free(ops);
        out->searched = 0;
        out->source = source;
        out->seconds = cb_seconds() - t0;
        return rc;
    }
    if (rc != CB_ENOTFOUND)
        return rc;
    solver_options(opt, st, &so);
    so.exact_top = opt->limit;
    rc = cb_optimal_solve(table, &so, &res, err);
    if (rc != CB_OK)
        return rc;
    rc = rank_openers(st, opt, res.openers, res.openers_searched, out, err);
    out->searched = res.openers_searched;
    out->stopped = res.stopped;
    out->seconds = res.seconds;
    cb_optimal_result_release(&res);
    return rc;
}

void cb_coach_rank_release(cb_coach_rank *r)
{
    if (!r)
        return;
    free(r->guesses);
    r->guesses = NULL;
    r->count = 0;
}

/* ---- the review ---- */

/* The guesses tree plays against the answer (a guess index that may be the secret), into t->line. */
static void line_of(const cb_table *table, const cb_tree *tree, cb_guess_index answer, cb_coach_turn *t)
{
    const cb_game *game = cb_table_game(table);
    cb_secret_index s = cb_game_guess_secret(game, answer);
    uint32_t node = cb_tree_root(tree);
    t->line_len = 0;
    if (s == CB_NONE || cb_game_rule(game) == CB_RULE_SYMBLE)
        return;
    while (node != CB_NONE && t->line_len < CB_COACH_LINE) {
        cb_guess_index g = cb_tree_guess(tree, node);
        t->line[t->line_len++] = g;
        uint32_t fb = cb_table_get(table, g, s);
        if (fb == cb_game_won(game))
            return;
        node = cb_tree_child(tree, node, fb);
    }
    t->line_len = 0; /* the tree does not reach it: no line */
}

/* The best total at st: shipped for the opening, else the search over every guess; and the optimal line. */
static int best_at(const cb_table *table, const cb_state *st, const cb_coach_options *o, cb_guess_index answer,
                   cb_coach_turn *t, cb_error *err)
{
    cb_optimal_options so;
    cb_optimal_result res;
    int shipped = cb_state_turns(st) == 0 && o->opening_best != CB_NONE && o->opening_total;
    solver_options(o, st, &so);
    if (shipped) {
        t->best = o->opening_best;
        t->best_total = o->opening_total;
        t->best_proved = 1;
        if (answer == CB_NONE)
            return CB_OK;
        so.first = o->opening_best; /* for the line only */
    }
    int rc = cb_optimal_solve(table, &so, &res, err);
    if (rc != CB_OK)
        return rc;
    if (!shipped) {
        t->best_proved = res.proved && !res.infeasible;
        t->best = res.tree ? res.first : CB_NONE;
        t->best_total = res.proved ? res.total : res.lower;
    }
    if (res.tree && res.proved && answer != CB_NONE)
        line_of(table, res.tree, answer, t);
    cb_optimal_result_release(&res);
    return CB_OK;
}

/* The feedback guess g draws against entry (secret s, mapping m; m -1 outside Symble). */
static uint32_t seen(const cb_table *table, cb_guess_index g, uint32_t s, int m)
{
    uint32_t raw = cb_table_get(table, g, s);
    return m >= 0 ? cb_game_observe(cb_table_game(table), raw, m) : raw;
}

/* Guesses the tree plays against an entry, from its root. */
static int depth(const cb_table *table, const cb_tree *tree, uint32_t s, int m)
{
    uint32_t node = cb_tree_root(tree);
    const cb_game *game = cb_table_game(table);
    for (int d = 1; node != CB_NONE && d <= CB_TREE_MAX_DEPTH; d++) {
        uint32_t fb = seen(table, cb_tree_guess(tree, node), s, m);
        if (fb == cb_game_won(game))
            return d;
        node = cb_tree_child(tree, node, fb);
    }
    return 0;
}

/*
 * The luck of feedback fb for the strategy `tree` from st: each feedback's
 * part, its expected guesses left, against the one received.
 */
static double luck_of(const cb_table *table, const cb_state *st, const cb_tree *tree, uint32_t fb)
{
    const cb_game *game = cb_table_game(table);
    uint32_t nf = cb_game_feedback_count(game), g = cb_tree_guess(tree, cb_tree_root(tree));
    uint64_t *count = calloc(nf, sizeof *count), *left = calloc(nf, sizeof *left), total = 0;
    double better = 0, same = 0;
    const uint8_t *masks = cb_state_masks(st);
    if (!count || !left) {
        free(count);
        free(left);
        return -1;
    }
    for (size_t i = 0; i < cb_state_count(st); i++)
        for (int m = 0; m < (masks ? CB_MAPPINGS : 1); m++) {
            uint32_t s = cb_state_candidates(st)[i];
            if (masks && !(masks[i] >> m & 1))
                continue;
            uint32_t f = seen(table, g, s, masks ? m : -1);
            count[f]++;
            left[f] += (uint64_t)depth(table, tree, s, masks ? m : -1) - 1;
            total++;
        }
    double mine = count[fb] ? (double)left[fb] / (double)count[fb] : 0;
    for (uint32_t f = 0; f < nf; f++) {
        if (!count[f])
            continue;
        double e = (double)left[f] / (double)count[f];
        if (e > mine)
            better += (double)count[f]; /* that draw would have left more to do */
        else if (e == mine)
            same += (double)count[f];
    }
    free(count);
    free(left);
    return total ? 100.0 * (better + same / 2) / (double)total : -1;
}

/*
 * The played guess at st: its total and strategy (the tree), for the luck of
 * fb and, in *own (line_len 0: none), its line to the answer.
 */
static int played_at(const cb_table *table, const cb_state *st, const cb_coach_options *o, cb_guess_index answer,
                     cb_coach_turn *t, cb_coach_turn *own, cb_error *err)
{
    cb_optimal_options so;
    cb_optimal_result res;
    solver_options(o, st, &so);
    so.first = t->guess;
    int rc = cb_optimal_solve(table, &so, &res, err);
    if (rc == CB_EILLEGAL)
        return cb_error_set(err, rc, "the guess is not allowed there (hard mode)");
    if (rc != CB_OK)
        return rc;
    t->proved = res.proved && !res.infeasible;
    t->total = res.proved ? res.total : res.lower;
    t->luck = t->proved && res.tree ? luck_of(table, st, res.tree, t->feedback) : -1;
    own->line_len = 0;
    if (t->proved && res.tree && answer != CB_NONE)
        line_of(table, res.tree, answer, own);
    cb_optimal_result_release(&res);
    return CB_OK;
}

static void skill_of(cb_coach_turn *t)
{
    t->skill = -1;
    if (!t->proved || !t->best_proved || !t->candidates)
        return;
    double lost = ((double)t->total - (double)t->best_total) / (double)t->candidates;
    t->skill = 100.0 * (lost >= 1 ? 0 : lost <= 0 ? 1 : 1 - lost);
}

/* One turn: the position st before it, then the turn applied to st. */
static int review_turn(const cb_table *table, cb_state *st, const cb_coach_options *o, cb_guess_index answer, size_t i,
                       cb_coach_turn *t, cb_error *err)
{
    char why[160];
    cb_error e;
    t->candidates = entries(st);
    if (!cb_state_legal(st, t->guess, why, sizeof why))
        return cb_error_set(err, CB_EILLEGAL, "turn %zu: %s", i + 1, why);
    cb_coach_turn own;
    int rc = best_at(table, st, o, answer, t, &e);
    if (rc == CB_OK)
        rc = played_at(table, st, o, answer, t, &own, &e);
    if (rc != CB_OK)
        return cb_error_set(err, rc, "turn %zu: %s", i + 1, e.message);
    if (t->proved && t->best_proved && t->total == t->best_total) { /* a best guess was played: name it, and its line */
        t->best = t->guess;
        memcpy(t->line, own.line, sizeof t->line);
        t->line_len = own.line_len;
    }
    skill_of(t);
    rc = cb_state_apply(st, t->guess, t->feedback);
    if (rc == CB_ECONTRADICT)
        return cb_error_set(err, rc, "turn %zu: no candidate left gives that feedback", i + 1);
    if (rc != CB_OK)
        return cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
    t->left = cb_state_won(st) ? 0 : entries(st);
    return CB_OK;
}

int cb_coach_review_game(const cb_table *table, const cb_guess_index *guesses, const uint32_t *feedbacks, size_t turns,
                         int hard, const cb_coach_options *opt, cb_coach_review *out, cb_error *err)
{
    cb_coach_options own;
    cb_state *st;
    memset(out, 0, sizeof *out);
    if (opt)
        own = *opt;
    else
        cb_coach_options_default(&own);
    cb_guess_index best;
    uint64_t total;
    if (own.opening_best == CB_NONE &&
        cb_coach_opening(cb_table_game(table), hard, own.max_guesses, 1, &best, &total) == CB_OK) {
        own.opening_best = best;
        own.opening_total = total;
    }
    opt = &own;
    if (turns == 0 || turns > CB_TREE_MAX_DEPTH)
        return cb_error_set(err, CB_EINVAL, "a review needs between 1 and %d turns", CB_TREE_MAX_DEPTH);
    if (cb_state_new(table, &st) != CB_OK)
        return cb_error_set(err, CB_ENOMEM, "out of memory");
    if (hard && cb_game_rule(cb_table_game(table)) != CB_RULE_WORDLE) {
        cb_state_free(st);
        return cb_error_set(err, CB_EINVAL, "hard mode applies to Wordle rules only");
    }
    cb_state_set_hard(st, hard);
    out->turn = calloc(turns, sizeof *out->turn);
    /* the answer is known when the last turn won: then each turn gets its optimal line */
    cb_guess_index answer = feedbacks[turns - 1] == cb_game_won(cb_table_game(table)) ? guesses[turns - 1] : CB_NONE;
    int rc = out->turn ? CB_OK : cb_error_set(err, CB_ENOMEM, "out of memory");
    double t0 = cb_seconds();
    for (size_t i = 0; i < turns && rc == CB_OK; i++) {
        if (cb_state_won(st)) {
            rc = cb_error_set(err, CB_EINVAL, "turn %zu: the game was already won", i + 1);
            break;
        }
        out->turn[i].guess = guesses[i];
        out->turn[i].feedback = feedbacks[i];
        rc = review_turn(table, st, opt, answer, i, &out->turn[i], err);
        out->turns = i + 1;
    }
    out->won = cb_state_won(st);
    out->total = out->turns;
    out->seconds = cb_seconds() - t0;
    cb_state_free(st);
    if (rc != CB_OK)
        cb_coach_review_release(out);
    return rc;
}

void cb_coach_review_release(cb_coach_review *r)
{
    if (!r)
        return;
    free(r->turn);
    r->turn = NULL;
    r->turns = 0;
}

/* A word of game as a JSON string, null for CB_NONE. */
static void json_word(const cb_game *game, cb_guess_index g, cb_json *j)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    if (g == CB_NONE) {
        cb_json_null(j);
        return;
    }
    cb_game_format_code(game, g, w, sizeof w);
    cb_json_str(j, w);
}

void cb_coach_rank_json(const cb_game *game, const cb_coach_rank *r, cb_json *j)
{
    cb_json_raw(j, "{");
    cb_json_kuint(j, "candidates", r->candidates);
    cb_json_kbool(j, "stopped", r->stopped);
    cb_json_kfixed(j, "seconds", r->seconds, 3);
    cb_json_kstr(j, "source", r->source); /* the bundled all-openers proof the values were read from, or null */
    cb_json_key(j, "guesses");
    cb_json_raw(j, "[");
    for (size_t i = 0; i < r->count; i++) {
        const cb_coach_guess *g = &r->guesses[i];
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kuint(j, "rank", i + 1);
        cb_json_key(j, "guess");
        json_word(game, g->guess, j);
        cb_json_kuint(j, "total", g->total);
        cb_json_kfixed(j, "expected", (double)g->total / (double)r->candidates, 6);
        cb_json_kbool(j, "proved", g->proved);
        cb_json_kbool(j, "candidate", g->candidate);
        cb_json_kfixed(j, "win_chance", g->win_chance, 6);
        if (g->worst)
            cb_json_kint(j, "worst", g->worst);
        else
            cb_json_knull(j, "worst");
        cb_json_raw(j, "}");
    }
    cb_json_raw(j, "]}");
}

void cb_coach_review_json(const cb_game *game, const cb_coach_review *r, cb_json *j)
{
    char f[64];
    cb_json_raw(j, "{");
    cb_json_kbool(j, "won", r->won);
    cb_json_kuint(j, "guesses", r->turns);
    cb_json_kfixed(j, "seconds", r->seconds, 3);
    cb_json_key(j, "turns");
    cb_json_raw(j, "[");
    for (size_t i = 0; i < r->turns; i++) {
        const cb_coach_turn *t = &r->turn[i];
        double m = (double)t->candidates;
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kuint(j, "turn", i + 1);
        cb_json_key(j, "guess");
        json_word(game, t->guess, j);
        cb_game_format_feedback(game, t->feedback, f, sizeof f);
        cb_json_kstr(j, "feedback", f);
        cb_json_kuint(j, "candidates", t->candidates);
        cb_json_kuint(j, "total", t->total);
        cb_json_kfixed(j, "expected", (double)t->total / m, 6);
        cb_json_kbool(j, "proved", t->proved);
        cb_json_key(j, "best");
        json_word(game, t->best, j);
        cb_json_kuint(j, "best_total", t->best_total);
        cb_json_kfixed(j, "best_expected", (double)t->best_total / m, 6);
        cb_json_kbool(j, "best_proved", t->best_proved);
        if (t->skill < 0)
            cb_json_knull(j, "skill");
        else
            cb_json_kfixed(j, "skill", t->skill, 1);
        if (t->luck < 0)
            cb_json_knull(j, "luck");
        else
            cb_json_kfixed(j, "luck", t->luck, 1);
        cb_json_kuint(j, "left", t->left);
        cb_json_key(j, "line");
        cb_json_raw(j, "[");
        for (int k = 0; k < t->line_len; k++) {
            cb_json_sep(j);
            json_word(game, t->line[k], j);
        }
        cb_json_raw(j, "]}");
    }
    cb_json_raw(j, "]}");
}
