/*
 * optimal.h: the exact solver: strategies that provably minimise the total
 * number of guesses over all secrets (equivalently the average), optionally
 * under a limit on the number of guesses, or that minimise the worst case
 * first and the total second.
 *
 * The search is a depth-first branch and bound over the decision trees of
 * the game (docs/optimal.md): lower bounds per part of a partition, guesses
 * tried in the order of a greedy score, a cache of solved candidate sets,
 * cut-offs against the best total found so far, symmetries of complete
 * dictionaries (permutations of colours, and of positions under the
 * Mastermind rule) that fix the history, and OpenMP tasks over the parts.
 *
 * Every guess of the game's list may be played unless candidates_only is
 * set; in hard mode (the position's, cb_optimal_options.from) only
 * guesses legal after the history. The guess limit is the position's too
 * (cb_state_max_guesses; no position: none).
 * In Symble a secret is a codeword together with the hidden mapping, all
 * six mappings equally likely: totals count guesses over all such pairs.
 *
 * The result owns the strategy found as a decision tree (tree.h).
 */
#ifndef CODEBREAKER_OPTIMAL_H
#define CODEBREAKER_OPTIMAL_H

#include <stddef.h>
#include <stdint.h>

#include "table.h"
#include "tree.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cb_objective {
    CB_OBJECTIVE_TOTAL = 0, /* least total guesses (within from's guess limit when it has one) */
    CB_OBJECTIVE_WORST = 1  /* least worst case, then least total within it */
} cb_objective;

/* What a progress callback is told, about once per progress_interval. */
typedef struct cb_optimal_progress {
    double seconds;
    uint64_t nodes;      /* search nodes entered so far */
    uint64_t best;       /* best total proved so far at the root, UINT64_MAX before the first */
    uint32_t opener;     /* guess being searched at the root */
    size_t opener_index; /* its rank among the openers (0 first) */
    size_t opener_count;
    int phase;      /* 0: searching, 1: worst case (objective worst), 2: building the tree,
                       3: a first budget from a quick strategy (the search over every opener) */
    int depth;      /* the limit being tried (objective worst) */
    size_t settled; /* openers settled so far of the opener_count (exact total, or a bound at or above the
                       budget), the exact totals of `known` included; not the ones being searched */
} cb_optimal_progress;

/* One opener searched at the root, with what is known of its total. */
typedef struct cb_optimal_opener {
    uint32_t guess;
    uint64_t bound; /* its total when exact, else a lower bound; UINT64_MAX: it cannot solve every secret */
    int exact;
    int worst; /* exact_top N > 1: for the exact openers among the N best, the most guesses of the strategy
                  found (from the position); else 0 */
} cb_optimal_opener;

/* The best guess and the least total after one feedback of an opener (cb_optimal_options.on_children). */
typedef struct cb_optimal_child {
    uint32_t feedback; /* the opener's feedback (never the win) */
    uint32_t guess;    /* a best guess after it */
    uint64_t total;    /* the least total of the position it leaves, its guesses from there on (exact) */
} cb_optimal_child;

/*
 * A position below an opener that a search settled (`codebreaker optimal --checkpoint`, docs/optimal.md, "The
 * checkpoint file"): the turns that lead to it from the search's root (the opener first), and its least total
 * (exact, with a best guess there) or a proved lower bound of it; with `play` set, the same of playing that
 * guess there (its total over the position's candidates, the guess included). Totals count the guesses from the
 * position on, as everywhere in the solver.
 */
#define CB_OPTIMAL_POINT_DEPTH 16 /* most turns a point's path holds */
typedef struct cb_optimal_point {
    int turns;                              /* 1 to CB_OPTIMAL_POINT_DEPTH */
    uint32_t guess[CB_OPTIMAL_POINT_DEPTH]; /* turn i: guess[i] drew feedback[i] */
    uint32_t feedback[CB_OPTIMAL_POINT_DEPTH];
    uint32_t play;  /* CB_NONE: the position's own value; else the value of playing this guess there */
    uint64_t value; /* the exact total, or a proved lower bound */
    int exact;
    uint32_t best; /* the position's own value, exact: a best guess there; else CB_NONE */
} cb_optimal_point;

typedef struct cb_optimal_options {
    cb_objective objective;
    int candidates_only;        /* every guess must be a remaining candidate */
    uint32_t first;             /* the opener (guess index), or CB_NONE to search for the best one */
    int top;                    /* 0: every guess (a proof); N: only the N best by the greedy score (an upper bound) */
    double time_limit;          /* seconds; 0: none. At the limit the search stops with its best bounds */
    const volatile int *cancel; /* when not NULL and set (atomic store) from any thread, the search
                                   stops as at the time limit (result stopped and timed_out) within
                                   milliseconds, with no greedy strategy searched after it; writing
                                   down the best strategy known is not stopped by it */
    int threads;                /* 0: OpenMP's default */
    int symmetry;               /* skip guesses equivalent under the game's symmetries (default 1) */
    size_t cache_bytes;         /* memory for the cache of solved sets; 0: default (a quarter of RAM, at most 4 GiB) */
    /*
     * The all-openers search (first == CB_NONE). cutoff > 0: a fixed budget:
     * every opener whose total is below it gets its exact total, the others
     * a proved lower bound at or above it (otherwise the budget is the best
     * total found so far). openers/nopeners: search only these openers (in
     * the solver's order; under symmetry an opener stands for its class).
     * slice_step > 1: only the openers of rank slice_start, slice_start +
     * slice_step, ... in the solver's order. known/nknown: openers settled
     * by an earlier run with the same options (a results file's lines whose
     * digests verified: the caller checks them, cb_optimal_reader), evidence
     * checked again where it is cheap: the exact ones give the first budget and
     * are not searched again (the best one's strategy is rebuilt, and its
     * total must agree); a bound is kept only at or above the final budget
     * (a run never settles one below it), else the opener is searched
     * again and reported. CB_EINVAL, err naming the opener, for a result
     * that cannot hold: a total below the opener's lower bound or unlike
     * its rebuilt strategy's, "impossible" (bound UINT64_MAX, not exact)
     * without a limit on guesses.
     */
    uint64_t cutoff;
    const uint32_t *openers;
    size_t nopeners;
    size_t slice_start, slice_step;
    const cb_optimal_opener *known;
    size_t nknown;
    /*
     * Called once for each opener when it is settled (exact total, or a lower
     * bound at or above the budget), from whichever thread settled it, one
     * call at a time; the openers of `known` are not reported again.
     */
    void (*on_opener)(const cb_optimal_opener *op, void *arg);
    void *on_opener_arg;
    /*
     * A queue shared with other processes (MPI): when set, the search over
     * openers asks claim for each opener to search, one at a time on the
     * calling thread: it returns a rank in the solver's order (0 first; count
     * openers) or count and more when none is left, and sets *budget to the
     * least total proved elsewhere (UINT64_MAX: none), which then bounds the
     * search like a total found here.
     */
    size_t (*claim)(void *arg, size_t count, uint64_t *budget);
    void *claim_arg;
    void (*progress)(const cb_optimal_progress *p, void *arg);
    void *progress_arg;
    double progress_interval; /* seconds between progress calls; 0: 1 s */
    /*
     * The search over every opener (not claim): called when an opener is
     * proved to total less than every opener settled before it, with its
     * strategy, checked like the final one (stats: its totals), so that a
     * crash loses no strategy already found. From the thread that settled
     * it, one call at a time, never with a worse total than an earlier call;
     * tree and stats are the library's and valid during the call only.
     */
    void (*on_best)(const cb_tree *tree, const cb_tree_stats *stats, void *arg);
    void *on_best_arg;
    /*
     * The position to solve from (NULL: the start of the game, normal mode,
     * no limit), a state of the same table: its candidates are the secrets,
     * its history fixes the symmetries and, in its hard mode (cb_state_hard:
     * the search has no mode of its own), the guesses allowed; its guess
     * limit (cb_state_max_guesses, 0: none; the search has no limit of its
     * own, at most CB_TREE_MAX_DEPTH) counts the whole game, the turns played
     * included (a position with no guess left within it is proved
     * infeasible, nothing searched). Totals count the guesses from the position on, the winning
     * one included: in normal mode what the game of the position's
     * candidates as answers, with every guess allowed, would total. The
     * strategy found (the result's tree) opens at the position: its root is
     * the guess to play there. The state must outlive the call.
     */
    const cb_state *from;
    /*
     * The search over every opener (first CB_NONE): 0 or 1 proves the best
     * one; N > 1 proves the N best: every opener whose total is at most the
     * N-th least total found gets its exact total (ties included), the
     * others a proved lower bound above it. The result's openers then rank
     * the guesses of the position (cb_optimal_rank).
     */
    int exact_top;
    /*
     * A budget of work: the search stops once its scans have looked at this
     * many pairs, a guess against a candidate (0: none), counted over all
     * threads and checked every few nodes. On one thread the stop falls at the
     * same node on every run, so a budgeted search gives the same result on
     * any machine and load (the coach's searches, coach.h); time_limit is
     * then only an outer guard, and the result says which of the two fired.
     */
    uint64_t work_limit;
    /*
     * The search over openers (objective total, no top): called for each
     * opener it settles exactly (not those of `known`), before on_opener
     * for it, with the n positions its feedbacks leave (the win left out),
     * feedback ascending: a best guess there and its least total, read back
     * from what proving the opener solved (nothing searched again unless the
     * cache let it go). The opener's total is the secrets' count plus the
     * children's totals. From the thread that settled it, one call at a
     * time; kids is valid during the call only. A stop while they are read
     * leaves the opener unsettled (searched again by a resumed run).
     */
    void (*on_children)(const cb_optimal_opener *op, const cb_optimal_child *kids, size_t n, void *arg);
    void *on_children_arg;
    /*
     * The position's optimum proved elsewhere, under these very options: book_guess (CB_NONE: none, the
     * default) a best guess there and book_total its least total, over every guess (the bundled turn-two
     * book's after one guess, cb_coach_turn_two, as `codebreaker optimal` passes it). Taken by the search
     * over every opener of a position (from set, total objective, no top, cutoff, openers, slice, known,
     * claim or exact_top > 1): book_guess alone is searched, with book_total + 1 as budget (its strategy
     * is the result's); when that proves book_total, every other guess is bounded by it (or by its scan's
     * bound, where more) and result.book is set; else the book is not believed and every guess is searched.
     */
    uint32_t book_guess;
    uint64_t book_total;
    /*
     * Checkpoints inside an opener (objective total, no top; not Symble): on_point, when set, is called for
     * each position below an opener whose search took at least point_work pairs of the work budget's unit
     * (0: CB_OPTIMAL_POINT_WORK) and ended with its least total or a bound at or above its budget, and for
     * each guess tried at a position whose evaluation took as much (on one thread the same points on every
     * run); from the thread that settled it, one call at a time, p valid during the call only. Nothing is
     * reported after a stop. points/npoints: points of an earlier run of the same search (their lines' seals
     * checked by the caller, cb_optimal_checkpoint_parse), put in the cache before the search, which then
     * skips what they settle: exact totals are the same with and without them (a bound at or above the budget
     * may come out higher). CB_EINVAL, err naming the point (its index from 0), for one whose turns do not lead
     * to a position of the search or whose value is below the position's lower bound.
     */
    void (*on_point)(const cb_optimal_point *p, void *arg);
    void *on_point_arg;
    uint64_t point_work;
    const cb_optimal_point *points;
    size_t npoints;
    /*
     * Memory kept from one search to the next (cb_optimal_workspace_new; NULL, the default: the search takes
     * its memory from the system and gives it back). The caller owns it; the search borrows it for the call
     * and must be its only user meanwhile (one workspace a thread for searches run side by side).
     */
    struct cb_optimal_workspace *workspace;
} cb_optimal_options;

/*
 * A solver's work areas kept between searches: each thread's stack of blocks and counters and the cache of
 * solved sets, with its buckets and chunks. A search given one (cb_optimal_options.workspace) takes its memory
 * from it and leaves it there, its content cleared (nothing a search cached is read by the next: results are
 * those of a search without it, byte for byte), so that searches of one process after the first find their
 * pages resident rather than ask the system for fresh ones, which it zeroes. At most 64 MiB of the cache
 * and as many of each thread's blocks stay between searches (CB_WORKSPACE_KEEP, src/tuning.h); the rest goes
 * back to the system when the search ends. Any game, table and options may follow any other.
 */
typedef struct cb_optimal_workspace cb_optimal_workspace;
/* An empty workspace in *out (it takes memory at the first search), owned by the caller. CB_ENOMEM. */
int cb_optimal_workspace_new(cb_optimal_workspace **out);
/* Give back everything ws holds; NULL is accepted. No search may be using it. */
void cb_optimal_workspace_free(cb_optimal_workspace *ws);

#define CB_OPTIMAL_POINT_WORK 1000000000ull /* 1e9 pairs: about half a second of a core */

void cb_optimal_options_default(cb_optimal_options *opt);

typedef struct cb_optimal_result {
    int proved;          /* the total is optimal (no --top, not stopped); with openers or a slice: among them */
    int subset;          /* only some openers were searched (openers, slice) */
    int cut;             /* a fixed cutoff left no opener below it: total and tree are unset, lower is proved */
    int stopped;         /* the time limit (or the cancel flag) stopped the search */
    int infeasible;      /* no strategy solves every secret within from's limit (with top > 0: none was
                            found among the guesses tried, which proves nothing) */
    uint64_t total;      /* total guesses of the strategy found over all secrets */
    uint64_t lower;      /* proved lower bound on the optimum (equal to total when proved) */
    int worst_limit;     /* objective worst: the least worst case proved (0 otherwise) */
    cb_tree_stats stats; /* of the strategy found: games, total, max, distribution */
    uint32_t first;      /* its opener */
    uint64_t nodes;      /* search nodes entered */
    uint64_t cache_entries;
    double seconds;
    int threads;                /* threads used */
    uint64_t symmetries;        /* size of the symmetry group used at the root (1: none) */
    size_t opener_count;        /* distinct openers at the root (after symmetry) */
    cb_optimal_opener *openers; /* the openers searched, in search order */
    size_t openers_searched;
    cb_tree *tree;     /* the strategy (NULL when infeasible) */
    int timed_out;     /* stopped: 1 when time_limit or the cancel flag stopped it (not work_limit) */
    int setup_stopped; /* the stop came in the set-up (threads, tables, cache) or the scan of the root's guesses:
                          no opener has a bound and no strategy is given (the time limit counts the set-up) */
    uint64_t work;     /* pairs the scans looked at (the unit of work_limit) */
    int book;          /* the optimum is opt.book_total (book_guess above): only that guess was searched; the
                          other openers' bounds are book_total or their scan's bound */
} cb_optimal_result;

/*
 * Solve the game of table (which must be precomputed) under opt. On success
 * res is filled and must be released with cb_optimal_result_release(). A
 * stopped search (time limit) still succeeds: res->stopped is set, total and
 * tree describe the best strategy known (found by the search, or else by the
 * greedy score) and lower the best proved bound. Errors: CB_EINVAL for
 * options that do not fit the game (err says which), CB_ETOOBIG for games
 * the solver cannot hold, CB_ENOMEM.
 */
int cb_optimal_solve(const cb_table *table, const cb_optimal_options *opt, cb_optimal_result *res, cb_error *err);
/*
 * CB_OK when cb_optimal_solve can read this table: a precomputed one, or one
 * computed on the fly whose values fit a byte (Mastermind, Wordle of up to 5
 * letters; not Symble). Else CB_ETOOBIG, err saying why. err may be NULL.
 */
int cb_optimal_table_check(const cb_table *table, cb_error *err);
/*
 * 1 when cb_optimal_solve, given this game's table computed on the fly (CB_TABLE_OFF), makes the
 * game's feedback secret-major itself (guesses x secrets bytes, every secret's values of every guess:
 * for the look-ahead bounds and the scans below the openers) for a search from the opening or from a
 * position of at least 200 candidates: games of one-byte feedback, not Symble, of at least 200
 * secrets and at most 64 MiB of such a table (Wordle's lists). That copy is then the only one in
 * memory: a search whose openers are named (first, openers) reads no other row of the
 * guess-major table, so that table is better left on the fly (half the memory, half the pages the
 * system clears). 0 otherwise: on the fly, such a search computes its rows, without those bounds.
 */
int cb_optimal_fly_columns(const cb_game *game);
void cb_optimal_result_release(cb_optimal_result *res);

/*
 * The results file of `codebreaker optimal --results` (docs/optimal.md, "The
 * results file"): CB_OPTIMAL_RESULTS_MAGIC, "# search: " and the search it
 * belongs to, "# words: " and the game's words hashed, then a line per
 * opener: "WORD TOTAL", "WORD >=BOUND" or "WORD impossible", then the line's
 * digest (16 hex digits) under the file's seal. A line whose digest does not
 * verify is never believed. Format 3 (CB_OPTIMAL_RESULTS_MAGIC_KEYED) adds
 * "# key: " and the id of the secret key its lines are sealed with (one an
 * installation of the program keeps: the caller gives it), after the words
 * line. Format 2 is sealed with a key anyone can compute: the bundled files
 * and files of earlier versions. Files of format 1 (CB_OPTIMAL_RESULTS_MAGIC_UNSIGNED,
 * no words line, no digests) are read only to be signed.
 */
#define CB_OPTIMAL_RESULTS_MAGIC "# codebreaker optimal results 2"
#define CB_OPTIMAL_RESULTS_MAGIC_UNSIGNED "# codebreaker optimal results 1"
#define CB_OPTIMAL_RESULTS_MAGIC_KEYED "# codebreaker optimal results 3"

/*
 * What seals a results file's lines: a key made from the search line and
 * the game's words (answers and guesses, hashed in any order), so that a
 * line verifies only unedited, in a file of its own search and words.
 * Format 2 (cb_optimal_seal_init) guards against damage and mistakes only:
 * its key is no secret (the program computes it), so it does not stop a
 * forger who computes digests on purpose. Format 3
 * (cb_optimal_seal_init_keyed) mixes in a secret key as well, so that only
 * whoever holds the secret can seal a line (docs/optimal.md, "Who can
 * forge a line").
 */
typedef struct cb_optimal_seal {
    uint64_t key[2];
    uint64_t words;  /* the game's words hashed: the file's third line */
    int format;      /* 2: the public key; 3: a secret key */
    uint64_t key_id; /* format 3: the secret key's public id (its fourth line); 0 otherwise */
} cb_optimal_seal;

/*
 * What o searches for, in words ("least total guesses, at most 6 guesses,
 * any allowed guess, hard mode": the limit and hard mode of o->from), into
 * buf (size bytes, cut short to fit, NUL-terminated). Nothing allocated.
 */
void cb_optimal_describe(const cb_optimal_options *o, char *buf, size_t size);
/*
 * The search of o on game as a results file names it after "# search: "
 * (the game, cb_optimal_describe, the cutoff and --top), into buf as above.
 * A file is only read by the same search: the program resumes from it, the
 * coach reads the shipped ones (coach.h).
 */
void cb_optimal_search_line(const cb_game *game, const cb_optimal_options *o, char *buf, size_t size);
/* The seal of the results files of search `search` on game (hashes every word once). */
void cb_optimal_seal_init(const cb_game *game, const char *search, cb_optimal_seal *seal);
/*
 * The seal of format 3: as cb_optimal_seal_init, keyed with the 128-bit
 * secret as well; its key_id names the secret without revealing it.
 */
void cb_optimal_seal_init_keyed(const cb_game *game, const char *search, const uint64_t secret[2],
                                cb_optimal_seal *seal);
/* The header lines of a new results file in the seal's format, each ended by a newline, into buf (cut short to fit). */
void cb_optimal_results_header(const cb_optimal_seal *seal, const char *search, char *buf, size_t size);
/* Whether no total fits both what a and b say of one opener: 1 when they contradict each other. */
int cb_optimal_opener_conflict(const cb_optimal_opener *a, const cb_optimal_opener *b);
/* An opener as people read it ("salet 7920", "serin >=7920", "1123 impossible"), into buf. */
void cb_optimal_opener_format(const cb_game *game, const cb_optimal_opener *op, char *buf, size_t size);
/* An opener's line of a results file, its digest under seal included (no newline), into buf. */
void cb_optimal_opener_seal(const cb_game *game, const cb_optimal_seal *seal, const cb_optimal_opener *op, char *buf,
                            size_t size);

/*
 * A reader of a results file of game whose search line must be `search`,
 * fed one line at a time (cb_optimal_reader_line, in order): the header is
 * checked, each opener line parsed and its digest verified, and the lines
 * of one opener merged (the stronger kept). flags: 0, or
 * CB_OPTIMAL_READ_UNSIGNED to accept a file of format 1 (its lines then
 * unverified: only to sign it; so are the lines of a file of format 3
 * sealed with another secret). The reader keeps a copy of search; the game
 * must outlive it. CB_ENOMEM. Free with cb_optimal_reader_free (NULL ok).
 */
typedef struct cb_optimal_reader cb_optimal_reader;
#define CB_OPTIMAL_READ_UNSIGNED 1
int cb_optimal_reader_new(const cb_game *game, const char *search, int flags, cb_optimal_reader **out, cb_error *err);
/*
 * The secret that files of format 3 must be sealed with (before the first
 * line): without it, a file of format 3 is refused; with it, a new file's
 * seal (cb_optimal_reader_seal before any line) is of format 3.
 */
void cb_optimal_reader_set_key(cb_optimal_reader *r, const uint64_t secret[2]);
void cb_optimal_reader_free(cb_optimal_reader *r);
/*
 * The next line of the file (len bytes at buf, without its newline; buf is
 * modified). *out (may be NULL) gets the opener of an opener line, guess
 * CB_NONE for the header, comments and blank lines. CB_EINVAL, err saying
 * why without the line number (cb_optimal_reader_lineno gives it): a file of
 * another format, search or words, a file of format 1 without the flag
 * (cb_optimal_reader_version is then 1), a malformed line, a line whose
 * digest does not verify, a line contradicting an earlier one of its opener.
 */
int cb_optimal_reader_line(cb_optimal_reader *r, char *buf, size_t len, cb_optimal_opener *out, cb_error *err);
/* After the last line: CB_EINVAL for an empty file or one whose header stops short. */
int cb_optimal_reader_end(const cb_optimal_reader *r, cb_error *err);
/* The file's format once its first line is read (1 unsigned, 2 sealed, 3 sealed with a secret), 0 before. */
int cb_optimal_reader_version(const cb_optimal_reader *r);
/* 1 when the file's lines are verified (format 2, or 3 with the reader's key), 0 otherwise (format 1, another key). */
int cb_optimal_reader_verified(const cb_optimal_reader *r);
/* The number of the last line read (from 1). */
long cb_optimal_reader_lineno(const cb_optimal_reader *r);
/* The openers read so far (*n of them, merged; the reader's, valid until the next line), and the line of the i-th. */
const cb_optimal_opener *cb_optimal_reader_openers(const cb_optimal_reader *r, size_t *n);
long cb_optimal_reader_opener_line(const cb_optimal_reader *r, size_t i);
/*
 * The seal of the reader's search and game in the file's format, for the
 * lines appended after (before the first line: format 3 when the reader
 * has a key, else 2).
 */
const cb_optimal_seal *cb_optimal_reader_seal(const cb_optimal_reader *r);
/*
 * Read a whole results file held in text (size bytes) as the reader does
 * (no flag, no key: format 2 only, every line verified): *openers (malloc'd, free()
 * it; NULL when none) gets its *n openers. CB_EINVAL, err naming the line
 * ("line 7: ..."), for anything the reader refuses or a last line cut short
 * (no newline); CB_ENOMEM. Nothing printed.
 */
int cb_optimal_results_parse(const cb_game *game, const char *text, size_t size, const char *search,
                             cb_optimal_opener **openers, size_t *n, cb_error *err);

/*
 * The turn-two file of `codebreaker optimal --turn-two` (docs/optimal.md,
 * "The turn-two file"): CB_OPTIMAL_TURN_TWO_MAGIC, "# search: " and the
 * search (cb_optimal_search_line, as its results file), "# words: " as
 * there, then a line per opener settled exactly: "WORD TOTAL", then for
 * each feedback it can draw but the win, feedback ascending,
 * "FEEDBACK:GUESS:TOTAL" (a best guess after it and the least total from
 * there), then the line's digest (16 hex digits) under the turn-two seal
 * (cb_optimal_turn_two_seal_init: another key than the results file's, so
 * that neither file's line verifies in the other). TOTAL is the secrets'
 * count plus the children's totals, which the reader checks too.
 */
#define CB_OPTIMAL_TURN_TWO_MAGIC "# codebreaker optimal turn two 1"

/* The seal of the turn-two files of search `search` on game. */
void cb_optimal_turn_two_seal_init(const cb_game *game, const char *search, cb_optimal_seal *seal);
/* The three header lines of a new turn-two file, each ended by a newline, into buf (cut short to fit). */
void cb_optimal_turn_two_header(const cb_optimal_seal *seal, const char *search, char *buf, size_t size);
/*
 * The sealed line of opener op (exact) and its n children (as on_children
 * gives them), with its newline, into *line (malloc'd, free() it).
 * CB_EINVAL when op is not exact or its total is not the secrets' count
 * plus the children's; CB_ENOMEM.
 */
int cb_optimal_turn_two_line(const cb_game *game, const cb_optimal_seal *seal, const cb_optimal_opener *op,
                             const cb_optimal_child *kids, size_t n, char **line, cb_error *err);

/*
 * A turn-two file read whole (cb_optimal_turn_two_parse): what it says
 * after each opener it holds. Free with cb_optimal_turn_two_free (NULL ok).
 */
typedef struct cb_optimal_turn_two cb_optimal_turn_two;
/*
 * Read a turn-two file of game held in text (size bytes), whose search line
 * must be `search`: every line parsed and its digest verified, each
 * opener's total checked against its children's, two lines of one opener
 * kept only when they agree on every total (the first one's guesses kept).
 * CB_EINVAL, err naming the line ("line 7: ..."), for anything refused or a
 * last line cut short (no newline); CB_ENOMEM. Nothing printed.
 */
int cb_optimal_turn_two_parse(const cb_game *game, const char *text, size_t size, const char *search,
                              cb_optimal_turn_two **out, cb_error *err);
void cb_optimal_turn_two_free(cb_optimal_turn_two *t);
/* The openers t holds. */
size_t cb_optimal_turn_two_count(const cb_optimal_turn_two *t);
/*
 * What t says after opener `opener` drew `feedback`: *out (its best guess
 * and least total) and, when total is not NULL, the opener's total.
 * CB_ENOTFOUND when t does not hold the opener, or the opener cannot draw
 * that feedback (or it is the win).
 */
int cb_optimal_turn_two_find(const cb_optimal_turn_two *t, uint32_t opener, uint32_t feedback, cb_optimal_child *out,
                             uint64_t *total);
/*
 * The same from text directly, for one opener: the header checked, then
 * only that opener's first line parsed and verified (what a look-up needs,
 * without reading every line). CB_ENOTFOUND as above; CB_EINVAL, err naming
 * the line, for a header of another search or words or a line refused.
 */
int cb_optimal_turn_two_lookup(const cb_game *game, const char *text, size_t size, const char *search, uint32_t opener,
                               uint32_t feedback, cb_optimal_child *out, uint64_t *total, cb_error *err);

/*
 * The checkpoint file of `codebreaker optimal --checkpoint` (docs/optimal.md, "The checkpoint file"):
 * CB_OPTIMAL_CHECKPOINT_MAGIC, "# search: " and the search (cb_optimal_search_line, as its results file),
 * "# words: " and "# key: " as in a results file of format 3, then a line per point: "node PATH TOTAL BEST",
 * "node PATH >=BOUND", "guess PATH GUESS TOTAL" or "guess PATH GUESS >=BOUND", PATH the turns
 * GUESS=FEEDBACK joined by commas, then the line's digest under the checkpoint's seal: always keyed with the
 * installation's secret (cb_optimal_checkpoint_seal_init), another key than the results and turn-two
 * files', so that no line of theirs verifies here nor a line of another search or installation.
 */
#define CB_OPTIMAL_CHECKPOINT_MAGIC "# codebreaker optimal checkpoint 1"

/* The seal of the checkpoint files of search `search` on game, keyed with the 128-bit secret. */
void cb_optimal_checkpoint_seal_init(const cb_game *game, const char *search, const uint64_t secret[2],
                                     cb_optimal_seal *seal);
/* The four header lines of a new checkpoint file, each ended by a newline, into buf (cut short to fit). */
void cb_optimal_checkpoint_header(const cb_optimal_seal *seal, const char *search, char *buf, size_t size);
/*
 * The sealed line of point p with its newline into buf (size bytes; 4096 hold any point). CB_EINVAL for a
 * point out of range (turns, an exact node without its best guess), CB_ETOOBIG when buf is too small.
 */
int cb_optimal_checkpoint_line(const cb_game *game, const cb_optimal_seal *seal, const cb_optimal_point *p, char *buf,
                               size_t size, cb_error *err);
/*
 * Read a checkpoint file of game held in text (size bytes) whose search line must be `search` and whose lines
 * must be sealed with `secret`: every line's digest verified and its fields parsed, into *points (malloc'd,
 * free() it; NULL when none) and *n. A last line without its newline (an interrupted write) is left out and
 * *cut (may be NULL) set to where it starts, else -1. CB_EINVAL, err naming the line ("line 7: ..."), for a
 * file of another format, search, words or key, or a line that does not verify or parse; CB_ENOMEM.
 */
int cb_optimal_checkpoint_parse(const cb_game *game, const char *text, size_t size, const char *search,
                                const uint64_t secret[2], cb_optimal_point **points, size_t *n, long *cut,
                                cb_error *err);

/*
 * The number of symmetries of the game before any guess: permutations of the
 * colours (complete dictionaries) and of the positions (Mastermind rule) that
 * map the game onto itself; 1 for word lists. Saturates at UINT64_MAX.
 */
uint64_t cb_optimal_symmetries(const cb_game *game);

#ifdef __cplusplus
}
#endif

#endif
