/*
 * review.c: the exact coach's review of a game (coach.h,
 * cb_coach_review_game): at each position the best total and the played
 * guess's strategy, whose parts give the luck of the feedback received; the
 * grades themselves are grade.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/coach.h"
#include "codebreaker/feedback.h"
#include "game/game_internal.h"
#include "solver/coach_internal.h"

/* ---- the review ---- */

/* What is proved of one value: a guess's from a position, or the best of several guesses. */
typedef struct value {
    uint64_t lower, upper; /* upper: a strategy held, UINT64_MAX none */
    int exact, can_lose;
    cb_guess_index guess; /* the guess of the strategy held (the best's), CB_NONE none */
    const cb_tree *tree;  /* the strategy held, when searched (the cbo_coach_job's) */
} value;

static value value_none(void)
{
    return (value){0, UINT64_MAX, 0, 0, CB_NONE, NULL};
}

/* The opener of least proved bound a search over openers left (the first in its order on ties), CB_NONE none. */
static cb_guess_index least_bound(const cb_optimal_result *r)
{
    cb_guess_index g = CB_NONE;
    uint64_t least = UINT64_MAX;
    for (size_t i = 0; i < r->openers_searched; i++)
        if (r->openers[i].bound < least) {
            least = r->openers[i].bound;
            g = r->openers[i].guess;
        }
    return g;
}

/* The value a search found (first set: that guess's; else the best of the guesses searched). */
static value value_of(const cbo_coach_job *j)
{
    value v = value_none();
    const cb_optimal_result *r = &j->res;
    if (!j->used || j->rc != CB_OK)
        return v;
    if (r->proved && r->infeasible) {
        v.can_lose = 1;
        return v;
    }
    if (r->proved) {
        v.exact = 1;
        v.lower = v.upper = r->total;
    } else {
        v.lower = r->lower;
        if (r->tree)
            v.upper = r->total;
    }
    if (r->tree) {
        v.guess = r->first;
        v.tree = r->tree;
    } else if (j->so.first == CB_NONE) /* no strategy held: the guess of least proved bound is named */
        v.guess = least_bound(r);
    return v;
}

/* The best of two values of a position's guesses: the lower ends' least, the upper ends' least. */
static void value_meet(value *best, const value *other)
{
    if (other->can_lose || best->can_lose)
        return;
    if (other->upper < best->upper) {
        best->upper = other->upper;
        best->guess = other->guess;
        best->tree = other->tree;
    }
    /* best->lower bounds every guess; a guess proved at it is a best one */
    if (other->exact && other->upper <= best->lower) {
        best->exact = 1;
        best->lower = best->upper = other->upper;
        if (other->tree || other->guess != best->guess) /* the same guess without a strategy: keep best's */
            best->tree = other->tree;
        best->guess = other->guess;
    }
    if (best->lower >= best->upper && best->upper != UINT64_MAX)
        best->exact = 1;
}

/*
 * The fewest games lost within the limit at st (losses.c): after `first`,
 * into t->lose_chance (the lesser of the search's and a strategy's already
 * there) and t->lose_proved; with first CB_NONE, after the guess that loses
 * least found, into *best, t->best_lose_chance and t->best_lose_proved.
 */
static int least_losses(const cb_coach_options *o, const cb_state *st, cb_guess_index first, cb_coach_turn *t,
                        cb_guess_index *best)
{
    int limit = cbo_coach_limit_at(st), left = limit - (int)cb_state_turns(st);
    cb_coach_losses r;
    if (limit <= 0 || left < 1 || !cbo_coach_loss_pays(st))
        return CB_OK;
    int rc = cb_coach_least_losses(st, left, first, o->candidates_only, CB_COACH_LOSS_WORK, &r, NULL);
    if (rc != CB_OK || !r.entries)
        return rc;
    double lose = 1 - (double)r.won / (double)r.entries;
    if (first != CB_NONE) {
        if (r.exact || t->lose_chance < 0 || lose < t->lose_chance)
            t->lose_chance = lose;
        t->lose_proved = r.exact;
    } else if (r.best != CB_NONE) {
        t->best_lose_chance = lose;
        t->best_lose_proved = r.exact;
        *best = r.best;
    }
    return CB_OK;
}

/* The guess indexes of st's candidates that are guesses of the game, into *out (malloc'd); their count. */
static size_t candidate_guesses(const cb_state *st, uint32_t **out)
{
    const cb_game *game = cb_state_game(st);
    size_t n = cb_state_count(st), k = 0;
    *out = malloc((n + 1) * sizeof **out);
    for (size_t i = 0; *out && i < n; i++) {
        cb_guess_index g = cb_game_secret_guess(game, cb_state_candidates(st)[i]);
        if (g != CB_NONE)
            (*out)[k++] = g;
    }
    return k;
}

/* The searches of one turn: the best of every guess, the guess played, the best candidate; the losses after. */
enum { J_BEST, J_PLAYED, J_CAND, J_LOSE, J_KINDS };

/* What the book proves at the opening: the played guess's value and the best one's, and the best answer word. */
static void book_turn(const cb_coach_book *b, const cb_game *game, cb_guess_index played, value *p, value *best,
                      value *cand, int *from_book)
{
    *from_book = 0;
    if (!b->entry || played >= b->count)
        return;
    const cb_coach_book_entry *e = &b->entry[played];
    if (e->exact) {
        *p = value_none();
        p->exact = 1;
        p->lower = p->upper = e->lower;
        p->guess = played;
        *from_book = 1;
    } else if (e->can_lose) {
        *p = value_none();
        p->can_lose = 1;
        *from_book = 1;
    } else {
        if (e->lower > p->lower)
            p->lower = e->lower;
        if (e->upper < p->upper)
            p->upper = e->upper; /* a strategy another limit's book holds */
    }
    if (b->best_proved) {
        *best = value_none();
        best->exact = 1;
        best->lower = best->upper = b->best_total;
        best->guess = b->best;
    }
    /* the best answer word the book settles, proved when every other answer word is bounded at or above it */
    uint64_t least = UINT64_MAX, other = UINT64_MAX;
    cb_guess_index g0 = CB_NONE;
    for (size_t g = 0; g < b->count; g++)
        if (cb_game_guess_secret(game, (cb_guess_index)g) != CB_NONE && b->entry[g].exact &&
            b->entry[g].lower < least) {
            least = b->entry[g].lower;
            g0 = (cb_guess_index)g;
        }
    for (size_t g = 0; g0 != CB_NONE && g < b->count; g++)
        if (g != g0 && cb_game_guess_secret(game, (cb_guess_index)g) != CB_NONE && !b->entry[g].can_lose &&
            b->entry[g].lower < other)
            other = b->entry[g].lower;
    if (g0 != CB_NONE) {
        *cand = value_none();
        cand->guess = g0;
        cand->upper = least;
        cand->lower = other < least ? other : least;
        cand->exact = other >= least;
    }
}

/*
 * The skill of turn t (cbo_coach_skill) from the values proved: p the guess
 * played's, b the best's, e0 the played one's with no limit (where it can
 * lose); a point where the interval closes, else t->skill -1.
 */
static void grade_skill(cb_coach_turn *t, const value *p, const value *b, const value *e0)
{
    uint64_t m = t->candidates;
    cbo_coach_grade_in g = {m,         p->lower, p->upper, b->lower, b->upper, p->can_lose, b->can_lose, e0->lower,
                            e0->upper, 0,        1,        0,        1};
    if (p->can_lose) { /* a proved loss is at least one entry */
        g.l_lo = t->lose_proved ? t->lose_chance : 1.0 / (double)m;
        g.l_hi = t->lose_chance >= 0 ? t->lose_chance : 1;
    }
    if (b->can_lose) {
        g.lb_lo = t->best_lose_proved ? t->best_lose_chance : 1.0 / (double)m;
        g.lb_hi = t->best_lose_chance >= 0 ? t->best_lose_chance : 1;
    }
    cbo_coach_skill(&g, &t->skill_low, &t->skill_high);
    if (t->candidates == 1 && p->exact && p->lower == 1)
        t->skill_low = t->skill_high = 100; /* the forced final guess, played */
    t->skill = t->skill_low >= 0 && t->skill_low == t->skill_high ? t->skill_low : -1;
}

/* Turn two by look-up (cb_coach_turn_two) into v[J_BEST], and v[J_PLAYED] when it is that guess. */
static int turn_two(const cb_state *st1, const cb_guess_index *guesses, value *v, cb_coach_turn *t, cb_error *err)
{
    cb_error e;
    value b = value_none();
    int rc = cb_coach_turn_two(st1, &b.guess, &b.lower, &e);
    if (rc != CB_OK)
        return rc == CB_ENOTFOUND ? CB_OK : cb_error_set(err, rc, "turn 2: %s", e.message);
    b.exact = t->best_book = 1;
    b.upper = b.lower;
    v[J_BEST] = b;
    if ((t->book = guesses[1] == b.guess) != 0)
        v[J_PLAYED] = b;
    return CB_OK;
}

int cb_coach_review_game(const cb_state *played, const cb_coach_options *opt, cb_coach_review *out, cb_error *err)
{
    const cb_table *table = cb_state_table(played);
    const cb_game *game = cb_table_game(table);
    size_t turns = cb_state_turns(played);
    cb_coach_options o;
    memset(out, 0, sizeof *out);
    if (opt)
        o = *opt;
    else
        cb_coach_options_default(&o);
    if (turns == 0 || turns > CB_TREE_MAX_DEPTH)
        return cb_error_set(err, CB_EINVAL, "a review needs between 1 and %d turns", CB_TREE_MAX_DEPTH);
    int limit = cb_state_max_guesses(played); /* the game's limit: its position's, or past_limit's */
    if (o.past_limit && (o.past_limit < 0 || (size_t)o.past_limit >= turns || limit))
        return cb_error_set(err, CB_EINVAL,
                            "past_limit is for a game of more turns than it, in a position with no limit (a game "
                            "within its limit carries it in its position)");
    if (o.past_limit)
        limit = o.past_limit;
    double t0 = cb_seconds();
    cb_state **st = calloc(turns + 1, sizeof *st);
    cb_state **unlimited = calloc(turns, sizeof *unlimited); /* J_LOSE's positions: st[i] with no limit */
    cbo_coach_job *jobs = calloc(turns * J_KINDS, sizeof *jobs);
    uint32_t **cands = calloc(turns, sizeof *cands);
    cb_guess_index *guesses = calloc(turns, sizeof *guesses);
    uint32_t *feedbacks = calloc(turns, sizeof *feedbacks);
    out->turn = calloc(turns, sizeof *out->turn);
    cb_coach_book book;
    memset(&book, 0, sizeof book);
    int rc = st && unlimited && jobs && cands && guesses && feedbacks && out->turn
                 ? CB_OK
                 : cb_error_set(err, CB_ENOMEM, "out of memory");
    /* the positions before each turn, as the game went (its turns were checked as they were applied), each with the
       limit it is graded under: the game's, none from the limit on (cbo_coach_limit_at) */
    for (size_t i = 0; rc == CB_OK && i <= turns; i++)
        if (cb_state_at(played, i, &st[i]) != CB_OK ||
            cb_state_set_max_guesses(st[i], limit > 0 && i < (size_t)limit ? limit : 0) != CB_OK)
            rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    if (rc == CB_OK && !o.no_book) {
        cb_error e;
        int brc = cb_coach_book_open(st[0], &book, &e);
        if (brc != CB_OK && brc != CB_ENOTFOUND)
            rc = cb_error_set(err, brc, "%s", e.message);
    }
    if (rc == CB_OK && o.opening_best != CB_NONE && o.opening_total && !book.best_proved) {
        book.best = o.opening_best; /* the caller's proof of the opening */
        book.best_total = o.opening_total;
        book.best_proved = 1;
    }
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        cb_coach_turn *t = &out->turn[i];
        cb_state_turn(played, i, &guesses[i], &feedbacks[i]);
        t->guess = guesses[i];
        t->feedback = feedbacks[i];
        t->candidates = cb_state_entries(st[i]);
        t->left = cb_state_won(st[i + 1]) ? 0 : cb_state_entries(st[i + 1]);
    }
    /* the answer is known when the last turn won: then each turn gets its optimal line */
    cb_guess_index answer = rc == CB_OK && cb_state_won(played) ? guesses[turns - 1] : CB_NONE;
    value *pv = calloc(turns * J_KINDS, sizeof *pv);
    if (rc == CB_OK && !pv)
        rc = cb_error_set(err, CB_ENOMEM, "out of memory");
    cb_tree *otree = NULL; /* the best opener's shipped strategy, for the line from turn 1 */
    uint64_t ototal = 0;
    if (rc == CB_OK && answer != CB_NONE && !o.no_book && book.best_proved &&
        cb_coach_opening_tree(st[0], &otree, &ototal, err) == CB_ENOMEM)
        rc = CB_ENOMEM;
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        value *v = &pv[i * J_KINDS];
        cbo_coach_job *j = &jobs[i * J_KINDS];
        for (int k = 0; k < J_KINDS; k++)
            v[k] = value_none();
        if (i == 0 && book.entry)
            book_turn(&book, game, guesses[0], &v[J_PLAYED], &v[J_BEST], &v[J_CAND], &out->turn[0].book);
        else if (i == 0 && book.best_proved) {
            v[J_BEST].exact = 1;
            v[J_BEST].lower = v[J_BEST].upper = book.best_total;
            v[J_BEST].guess = book.best;
        } else if (i == 1 && !o.no_book && (rc = turn_two(st[1], guesses, v, &out->turn[1], err)) != CB_OK)
            break;
        if (!v[J_BEST].exact) {
            cbo_coach_solver_options(&o, st[i], &j[J_BEST].so);
            j[J_BEST].used = 1;
        } else if (i == 0 && otree && cb_tree_guess(otree, cb_tree_root(otree)) == v[J_BEST].guess &&
                   ototal == v[J_BEST].lower)
            v[J_BEST].tree = otree; /* the shipped strategy of the best opener: its line, nothing searched */
        else if (answer != CB_NONE && v[J_BEST].guess != CB_NONE) { /* the book's best: its strategy for the line */
            cbo_coach_solver_options(&o, st[i], &j[J_BEST].so);
            j[J_BEST].so.first = v[J_BEST].guess;
            /* for a line only: an eighth of the budget (SALET's proof takes 0.18 G pairs, TARSE's on nyt2023 5.2 G) */
            j[J_BEST].so.work_limit = o.work / 8 ? o.work / 8 : o.work;
            j[J_BEST].used = 1;
        }
        if (!out->turn[i].book) {
            cbo_coach_solver_options(&o, st[i], &j[J_PLAYED].so);
            j[J_PLAYED].so.first = guesses[i];
            j[J_PLAYED].used = 1;
        }
        if (!(i == 0 && book.entry) && cb_game_rule(game) != CB_RULE_SYMBLE) {
            size_t nc = candidate_guesses(st[i], &cands[i]);
            j[J_CAND].so.nopeners = nc; /* kept when unused: nc of every guess says the best's search is this one */
            if (!cands[i])
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
            else if (nc && nc < cb_game_guess_count(game)) { /* every guess a candidate: the best's search is it */
                cbo_coach_solver_options(&o, st[i], &j[J_CAND].so);
                j[J_CAND].so.openers = cands[i];
                j[J_CAND].so.nopeners = nc;
                j[J_CAND].used = 1;
            }
        }
    }
    if (rc == CB_OK)
        cbo_coach_jobs_run(table, jobs, turns * J_KINDS, 1, o.threads, o.work != 0);
    for (size_t i = 0; rc == CB_OK && i < turns * J_KINDS; i++)
        if (jobs[i].used && jobs[i].rc != CB_OK)
            rc = cb_error_set(err, jobs[i].rc, "turn %zu: %s", i / J_KINDS + 1,
                              jobs[i].rc == CB_EILLEGAL ? "the guess is not allowed there (hard mode)"
                                                        : jobs[i].err.message);
    /* a guess that can lose: the share a strategy held loses, without the limit (a second round of searches) */
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        value *v = &pv[i * J_KINDS];
        cbo_coach_job *j = &jobs[i * J_KINDS];
        if (j[J_BEST].used && j[J_BEST].so.first == CB_NONE)
            v[J_BEST] = value_of(&j[J_BEST]);
        else if (j[J_BEST].used) { /* the book's best searched for its line: its strategy when it proves the same */
            value vb = value_of(&j[J_BEST]);
            if (vb.exact && vb.lower == v[J_BEST].lower)
                v[J_BEST].tree = vb.tree;
        }
        if (j[J_PLAYED].used) {
            value known = v[J_PLAYED]; /* what the book bounds (another limit's proofs) */
            v[J_PLAYED] = value_of(&j[J_PLAYED]);
            if (known.lower > v[J_PLAYED].lower && !v[J_PLAYED].exact && !v[J_PLAYED].can_lose)
                v[J_PLAYED].lower = known.lower;
            if (known.upper < v[J_PLAYED].upper && !v[J_PLAYED].exact && !v[J_PLAYED].can_lose)
                v[J_PLAYED].upper = known.upper; /* a strategy the book holds, not searched here: no tree */
            if (!v[J_PLAYED].exact && !v[J_PLAYED].can_lose && v[J_PLAYED].upper <= v[J_PLAYED].lower)
                v[J_PLAYED] = (value){known.upper, known.upper, 1, 0, guesses[i], NULL}; /* the ends meet */
        }
        if (j[J_CAND].used)
            v[J_CAND] = value_of(&j[J_CAND]);
        else if (j[J_CAND].so.nopeners == cb_game_guess_count(game) && j[J_BEST].used && j[J_BEST].so.first == CB_NONE)
            v[J_CAND] = v[J_BEST];
        if (v[J_PLAYED].can_lose && cbo_coach_limit_at(st[i]) > 0) {
            if (cb_state_copy(st[i], &unlimited[i]) != CB_OK) {
                rc = cb_error_set(err, CB_ENOMEM, "out of memory");
                break;
            }
            cb_state_set_max_guesses(unlimited[i], 0); /* the same search with no limit */
            cbo_coach_solver_options(&o, unlimited[i], &j[J_LOSE].so);
            j[J_LOSE].so.first = guesses[i];
            j[J_LOSE].used = 1;
        }
    }
    if (rc == CB_OK) /* the second round: each turn's J_LOSE search */
        cbo_coach_jobs_run(table, jobs + J_LOSE, turns, J_KINDS, o.threads, o.work != 0);
    for (size_t i = 0; rc == CB_OK && i < turns; i++)
        pv[i * J_KINDS + J_LOSE] = value_of(&jobs[i * J_KINDS + J_LOSE]);
    double skills = 0, lucks = 0;
    int nskill = 0, nluck = 0;
    for (size_t i = 0; rc == CB_OK && i < turns; i++) {
        cb_coach_turn *t = &out->turn[i];
        value *v = &pv[i * J_KINDS];
        cbo_coach_job *j = &jobs[i * J_KINDS];
        value p = v[J_PLAYED], b = v[J_BEST], c = v[J_CAND];
        for (int k = 0; k < J_KINDS; k++)
            t->timed_out |= j[k].used && j[k].rc == CB_OK && j[k].res.timed_out;
        value_meet(&b, &c);
        value_meet(&b, &p); /* last: on a tie the guess played is the best one named */
        /* a best guess that could win now is the best candidate too; so is a played one proved as good */
        if (b.exact && b.guess != CB_NONE && cbo_coach_wins_at_once(st[i], b.guess))
            c = b;
        else if (p.exact && cbo_coach_wins_at_once(st[i], guesses[i]) && (c.guess == CB_NONE || p.lower <= c.lower)) {
            c = p;
            c.guess = guesses[i];
        }
        t->total = p.lower;
        t->upper = p.upper;
        t->proved = p.exact;
        t->can_lose = p.can_lose;
        t->lose_chance = t->best_lose_chance = -1;
        t->max_guesses = cbo_coach_limit_at(st[i]);
        if (p.can_lose && j[J_LOSE].used && j[J_LOSE].rc == CB_OK && j[J_LOSE].res.tree)
            t->lose_chance = cbo_coach_lose_share(table, st[i], j[J_LOSE].res.tree, cbo_coach_limit_at(st[i]));
        cb_guess_index least = CB_NONE;
        if (p.can_lose && (rc = least_losses(&o, st[i], guesses[i], t, NULL)) != CB_OK)
            rc = cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
        if (b.can_lose && rc == CB_OK && (rc = least_losses(&o, st[i], CB_NONE, t, &least)) != CB_OK)
            rc = cb_error_set(err, rc, "turn %zu: %s", i + 1, cb_strerror(rc));
        if (b.can_lose && t->best_lose_chance >= 0) {
            b.guess = least;
            /* the guess played loses no more than the best found: name it */
            if (t->lose_chance >= 0 && t->lose_chance <= t->best_lose_chance &&
                (t->lose_proved || !t->best_lose_proved)) {
                b.guess = guesses[i];
                t->best_lose_chance = t->lose_chance;
                t->best_lose_proved = t->lose_proved;
            }
        }
        t->best = b.guess;
        t->best_total = b.lower;
        t->best_upper = b.upper;
        t->best_proved = b.exact;
        t->best_can_lose = b.can_lose;
        t->best_candidate = c.guess;
        t->candidate_total = c.lower;
        t->candidate_upper = c.upper;
        t->candidate_proved = c.exact;
        t->answer_word = cb_game_guess_secret(game, t->guess) != CB_NONE;
        t->best_answer_word = t->best != CB_NONE && cb_game_guess_secret(game, t->best) != CB_NONE;
        if (p.exact && b.exact && p.lower == b.lower)
            t->best = t->guess; /* a best guess was played: name it */
        grade_skill(t, &p, &b, &v[J_LOSE]);
        /* luck: from the played guess's strategy when searched and proved, else (the book) from the parts' sizes */
        if (p.exact && p.tree)
            t->luck = cbo_coach_luck(table, st[i], p.tree, t->feedback);
        else if (p.exact && t->book)
            t->luck = cbo_coach_luck_by_size(table, st[i], t->guess, t->feedback);
        else
            t->luck = -1;
        /* the optimal line: a best guess's strategy, the played one's when it is best */
        const cb_tree *line = p.exact && b.exact && p.lower == b.lower && p.tree ? p.tree : b.exact ? b.tree : NULL;
        if (line && answer != CB_NONE)
            cbo_coach_line(table, line, answer, t);
        if (t->skill >= 0)
            skills += t->skill, nskill++;
        out->skill_low += (t->skill_low >= 0 ? t->skill_low : 0) / (double)turns;
        out->skill_high += (t->skill_high >= 0 ? t->skill_high : 100) / (double)turns;
        if (t->luck >= 0)
            lucks += t->luck, nluck++;
        out->timed_out |= t->timed_out;
    }
    out->skill = nskill ? skills / nskill : -1;
    out->skill_turns = nskill;
    if (nskill && (size_t)nskill < turns && out->skill > 99.9)
        out->skill = 99.9; /* a turn ungraded: never 100 */
    out->luck = nluck ? lucks / nluck : -1;
    out->work = o.work;
    out->turns = rc == CB_OK ? turns : 0;
    out->won = rc == CB_OK && cb_state_won(st[turns]);
    out->total = out->turns;
    out->seconds = cb_seconds() - t0;
    cbo_coach_jobs_release(jobs, jobs ? turns * J_KINDS : 0);
    for (size_t i = 0; st && i <= turns; i++)
        cb_state_free(st[i]);
    for (size_t i = 0; unlimited && i < turns; i++)
        cb_state_free(unlimited[i]);
    free(unlimited);
    for (size_t i = 0; cands && i < turns; i++)
        free(cands[i]);
    free(cands);
    free(st);
    free(jobs);
    free(pv);
    free(guesses);
    free(feedbacks);
    cb_tree_free(otree);
    cb_coach_book_release(&book);
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
