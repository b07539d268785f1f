/*
 * tuning.h: every tuning constant of the library in one place, each with
 * what it trades. Changing one never changes a result, only time and
 * memory (the tests check results; bench/ measures the rest). Limits that
 * are part of a contract (sizes a public header promises, safety caps) stay
 * beside the code that enforces them.
 */
#ifndef CB_TUNING_H
#define CB_TUNING_H

#include <stddef.h>

/* ---- vector kernels (table/table.c, strategy/score.c) ---- */

/*
 * The kernels have a version a processor level (base/cpu.c, cb_cpu_level),
 * built with target attributes, and each user picks one function pointer
 * once (a table, a search, a scored node) from the one level in use,
 * cb_cpu_level_current(), which the program caps with CB_CPU_LEVEL:
 * wherever the compiler takes x86-64 intrinsics; off with -DCB_NO_DISPATCH
 * (the portable library checks the scalar level, which is then the only
 * one).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(CB_NO_DISPATCH)
#define CB_CPU_DISPATCH 1
#else
#define CB_CPU_DISPATCH 0
#endif
/* The baseline's instructions (SSE2 on x86-64) and the AVX2 ones, for a kernel's versions. */
#define CB_TARGET_AVX2 __attribute__((target("avx2,popcnt")))
/* AVX-512 as the level avx512 asks it of the processor (base/cpu.c): F, BW, VL and VPOPCNTDQ. */
#define CB_TARGET_AVX512 __attribute__((target("avx2,popcnt,avx512f,avx512bw,avx512vl,avx512vpopcntdq")))

/*
 * The highest level each kernel has a version of (0 scalar, 1 AVX2, 2
 * AVX-512, as cb_cpu_level), by kernel: at a higher level it runs that
 * version, and cb_cpu_kernel_at reports that level, not the processor's.
 * The table's row kernel (game/rule_*.c), the partition's pair count
 * (strategy/score.c), the solver's row and block kernels (solver/rowkern.c),
 * the look-ahead bound (solver/scanlb.c) and its count (solver/lbcount.c).
 */
#if CB_CPU_DISPATCH
#define CB_TOP_TABLE 2
#define CB_TOP_PARTITION 1
#define CB_TOP_ROW 2
#define CB_TOP_LOOKAHEAD 1 /* AVX-512's registers gave it nothing: PLAST hard 1.01x (docs/optimal.md) */
#define CB_TOP_LBCOUNT 2
#else
#define CB_TOP_TABLE 0
#define CB_TOP_PARTITION 0
#define CB_TOP_ROW 0
#define CB_TOP_LOOKAHEAD 0
#define CB_TOP_LBCOUNT 0
#endif
/*
 * The AVX-512 count's guesses a pass over the entries, in halves of 8: 4 (32 guesses) keeps their sets in 16 of the 32
 * registers and makes half the passes of 2 (8% faster on the slice proof of docs/optimal.md, "The
 * kernels"). More would not fit the registers.
 */
#define CB_LBCOUNT_HALVES 4
/*
 * Registers of sets (4 guesses' words each) the AVX2 count keeps a pass: of its 16, the rest hold the
 * constants and the values being marked. 8 guesses a pass for 256 values, up to 32 for 64.
 */
#define CB_LBCOUNT_AVX2_REGS 8
/*
 * Entries the AVX2 and AVX-512 counts take through every pass of a block before the next ones, whose rows it
 * prefetches meanwhile. 8 and 16 took the same time on the slice proof (docs/optimal.md, "The
 * kernels"), 32 4% more; counting a pass over all the entries took 45% more.
 */
#define CB_LBCOUNT_CHUNK 16

/*
 * Most entries the AVX2 row kernel (solver/rowkern.c) keeps in registers, 32 a register; bigger rows
 * go to the counters of the big rows (solver/rowbig.c), whose cost a pair falls as rows grow. Its
 * compares grow as the square of the entries, and four registers of entries with their counts do
 * not fit AVX2's 16: 1.32 ns a pair at 128 entries against the counters' 0.95 at 129
 * (build/bench/bench_rowkern, docs/optimal.md, "The kernels"). AVX-512's 32 registers hold them:
 * 0.84 ns at 128, so it keeps rows of up to 128 (CB_ROW_AVX512_MAX), 4 registers at most.
 */
#define CB_ROW_AVX2_MAX 96
#define CB_ROW_AVX512_MAX 128
/*
 * The baseline level's rows above this many entries (and more than CB_FEWVALS values) go to the big
 * rows' counters: 1.15 ns a pair at 129 entries against the plain counters' 2.33 at 128.
 */
#define CB_ROW_BASE_SMALL_MAX 128
/*
 * Nodes of at most this many entries that read a secret-major block (scan.c, TB_LOCAL) count 32
 * guesses at once, a lane each (cbo_block_kernel): every entry against every earlier one, n^2 / 2
 * compares for 32 rows, where one row alone takes about n compares of 32 lanes.
 */
#define CB_ROWBLOCK_MAX 64

/* Secrets per vector step of the table kernel: one AVX2 register of bytes; wider needs AVX-512. */
#define CB_LANES 32
/* The same at the AVX-512 level: one register of 64 bytes. The kernels' inputs are padded to it. */
#define CB_LANES_WIDE 64
/* Guesses cbs_score_many scores at once: the byte lanes of one AVX2 register (pairwise path). */
#define CB_SCORE_BLOCK 32

/* ---- the feedback table (table/table.c) ---- */

/* Largest precomputed table by default (cb_table_options.max_bytes): memory against recomputing rows. */
#define CB_TABLE_DEFAULT_MAX_BYTES ((size_t)2 << 30)
/*
 * The cost model of CB_TABLE_AUTO for a caller that says its work (cb_table_options.work: the
 * feedbacks it will read, in guess x secret pairs): a table that fits the limit is precomputed only when
 * building it (every pair once) and then reading the work's pairs from it costs less than computing them
 * on the fly (cb_table_pays). CPU nanoseconds per pair of the caller's estimate, so they absorb its
 * error: from `simulate --strategy parts` over every secret (bench/table_choice.sh, docs/limits.md),
 * its time with --table off and on divided by the estimate (cmd_simulate.c). Super Mastermind
 * (1 GiB table): 10.1 s off, 2.3 ns a pair; 43 s on, 9.7 ns a read (misses the cache). 7 x 5 (282 MB):
 * 4.5 s off, 4 ns; 6.8 s on, 6 ns. Wordle (30 MB): 0.49 s off, 4 ns; the table about as fast. Lower
 * read costs build tables that lose (Super Mastermind's); higher ones compute what a table reads faster.
 */
#define CB_PAIR_NS_MASTERMIND 2.5
#define CB_PAIR_NS_WORDS 4.0
/* Reading one pair from a table of at most CB_TABLE_CACHED_BYTES (mostly in cache), and beyond. */
#define CB_READ_NS_CACHED 1.0
#define CB_READ_NS_MEMORY 8.0
#define CB_TABLE_CACHED_BYTES (64.0 * 1024 * 1024)
/*
 * Rows of a table's build between looks at its time limit and cancel flag (a block is also what a
 * thread takes at a time): Wordle's 2315 answers take about 2 us a row, 8 colours x 5 pegs' 32768
 * secrets 30 us, so a stop comes within milliseconds.
 */
#define CB_TABLE_STOP_ROWS 32
/* Secrets per kernel call on the fly: bigger amortises the call, smaller stays in L1. */
#define CB_FILL_BLOCK 512
/* Largest table that also gets a secret-major copy (its size again) for scoring small nodes fast. */
#define CB_COLUMNS_MAX_BYTES (512.0 * 1024 * 1024)

/* ---- states and partitions (state.c, partition.c) ---- */

/* Candidates whose feedbacks are computed at once when a state narrows: a stack buffer against calls. */
#define CB_FILTER_BLOCK 1024
/* Partitions count ids in an array up to this many ids (memory 4 bytes each), else sort (n log n). */
#define CB_PARTITION_DENSE_LIMIT (1u << 20)

/* ---- scoring guesses (src/strategy/) ---- */

/* c log2 c is tabulated up to this part size (8 bytes each); larger parts compute it. */
#define CB_CLOGC_MAX ((size_t)1 << 16)
/* Parts are counted in an array up to this many keys (4 bytes each), else in a hash table (slower). */
#define CB_SCORE_DENSE_LIMIT (1u << 20)
/* Block counting (CB_SCORE_BLOCK guesses x keys of 16-bit counters) for key spaces up to this size. */
#define CB_BLOCK_KEYS 1024
/* Pairwise comparison (n^2 byte compares, no counters) for nodes up to this many candidates. */
#define CB_PAIRS_MAX 96
/* Most memory for the columns an on-the-fly node computes for itself, against recomputing its rows. */
#define CB_FLY_COLUMNS_BYTES ((size_t)96 << 20)

/*
 * A greedy decision that computes feedbacks on the fly (no precomputed table) scores at most this many
 * (candidate, guess) pairs by default (cb_strategy_config.max_pairs): above it, a fixed-seed sample of the guesses
 * (pool.c, docs/limits.md). Unlike the rest of this file it changes results, of games too big to score whole only:
 * it is above 32768^2, so every game of at most 32768 codes (Super Mastermind, its first turn included) is scored
 * whole, with the table or without. A sampled decision takes about 2 s of CPU (Mastermind 10x6).
 */
#define CB_GREEDY_MAX_PAIRS 1.2e9
/* The sample keeps at least this many guesses, however many the candidates. */
#define CB_POOL_MIN 64
/* The sample's seed (with the history's hash): a fixed choice, the same on every run. */
#define CB_POOL_SEED 0x5eed9001u
/* Decisions of more pairs than this cut the guesses to one an orbit of the symmetries (exact; the cut costs a pass). */
#define CB_SYMMETRY_MIN_PAIRS 1e6

/* ---- first-guess shapes (analysis.c) ---- */

/* Default work limit of cb_first_guess_shapes, in feedbacks (analysis.h documents it): time against reach. */
#define CB_SHAPES_DEFAULT_WORK 4e8

/* ---- the exact solver (src/solver/) ---- */

/*
 * First block of the solver's stack allocator; each next block doubles (fewer blocks against slack).
 * SALET's stack outgrew a first block of 4 MiB (4.0 MiB used there, then 4.8 MiB in a second block of
 * 8) and fits in one of 8: the touched huge pages of both blocks were resident, 2 MiB more at the peak.
 */
#define CB_ARENA_MIN_BLOCK ((size_t)8 << 20)
/* Most blocks of one arena: with doubling, 4 MiB * 2^48 is never reached. */
#define CB_ARENA_BLOCKS 48
/* Locks striping the solver's cache: more locks, less contention, a little memory. */
#define CB_CACHE_LOCKS 256
/*
 * The cache's buckets: at first at least CB_CACHE_MIN_BUCKETS (more for bigger games), then four times
 * as many each time the entries reach twice their number (solver/cache.c), up to CB_CACHE_MAX_BUCKETS.
 */
/*
 * 4096 (32 KiB): SALET caches 388 sets, and its 65536 buckets of before (512 KiB, touched at random by its
 * lookups) were 128 page faults and 0.5 MiB of its peak; 4096 grows to 65536 by the same steps of four.
 */
#define CB_CACHE_MIN_BUCKETS ((size_t)1 << 12)
#define CB_CACHE_MAX_BUCKETS ((size_t)1 << 28)
/* Bytes the cache takes at once: one huge page (CB_BIG_ALLOC_MIN), fewer faults against unused tail memory. */
#define CB_CACHE_CHUNK ((size_t)2 << 20)
/*
 * A thread's first chunk: small pages, so that a search caching a few hundred sets (SALET's 388, about
 * 100 KB) does not hold a whole huge page (2 MiB of resident memory) for them.
 */
#define CB_CACHE_FIRST_CHUNK ((size_t)256 << 10)
/*
 * A workspace (cb_optimal_workspace) keeps at most this many bytes of cache chunks, and of each thread's
 * stack blocks, from one search to the next: enough for a review's or a strategy's searches under the
 * coach's budget to find their pages resident; a proof's gigabytes go back to the system when it ends.
 */
#define CB_WORKSPACE_KEEP ((size_t)64 << 20)
/* Workspaces the exact strategy keeps for its searches off the proved tree: one a thread deciding at once. */
#define CB_EXACT_WORKSPACES 8
/* Nodes of at least this many candidates go to the cache: smaller ones are cheaper to solve again. */
#define CB_CACHE_MIN 3
/*
 * Under a budget, the parts of an opener at least this big get a one-guess look-ahead bound before any
 * search (raise_bounds in solver/search.c): smaller parts rarely gain and the quick bounds cover them.
 */
#define CB_LBSCAN_MIN 8
/* Guesses per block of the look-ahead count: a 256-bit set each, 8 KiB, stays in the first-level cache. */
#define CB_LBSCAN_BLOCK 256
/*
 * Under a budget, eval_guess bounds its parts one guess ahead at the nodes this many guesses below the
 * root or fewer (0: the openers' parts only). Each bound is a scan of the guesses; it pays when it cuts a
 * search. Measured on one thread (`optimal --threads 1 --cutoff C --slice 0/S`, 2026-11-24, idle machine),
 * levels 0, 1, 2: NYT 2023 lists (C 11220, S 50) 91.5, 36.7, 35.9 s of CPU; original lists (C 7921,
 * S 40) 9.6, 8.8, 7.1 s; hard mode with 6 guesses (C 8123, S 40) 10.0, 12.3, 9.7 s.
 */
#define CB_LBSCAN_LEVEL 2
/*
 * The parts this many guesses below the root or more have their look-ahead counted only up to the bound
 * that cuts the guess (cbo_scan_lb's target; the parts above it are counted in full, so that their bounds
 * in the cache and an opener's written bound stay as strong): from the opening, and from a position.
 * Measured 2026-11-27 (docs/optimal.md, "Counting only up to the target"): from the opening, 2 rather than 3
 * took ADUST's proof on the NYT 2023 lists from 3.8-4.0 to 3.3-3.7 s and the NYT 2023 proof from 574 to 523
 * s of CPU; from a position, 2 made `rank --exact salet=.Y... --limit 5` a tenth slower than 3 (the weaker
 * bounds in the cache, shared by the ranked guesses, cost more searching than the counts saved), measured
 * while a fault searched every ranked guess to its exact total (docs/optimal.md, "The ranking's budget"):
 * that ranking now takes 0.06 s either way, and the choice for positions is open to measuring again.
 */
#define CB_LBSCAN_TARGET_LEVEL 2
#define CB_LBSCAN_TARGET_LEVEL_POSITION 3
/*
 * The look-ahead bounds need the game's table secret-major (nguess x nsecret bytes, built in about 0.1 s for
 * Wordle): built for searches from the opening, and from positions of at least this many candidates.
 */
#define CB_LBSCAN_ROOT_MIN 200
/*
 * On the fly (no guess-major table), the search makes the game's table secret-major itself, its only
 * copy of the feedback, up to this many bytes (guesses x secrets): Wordle's 30 MB on the original lists,
 * 34 MB on the 2023 lists. A bigger game computes its rows as before, without the look-ahead bounds.
 */
#define CB_FLY_COLUMNS_MAX ((uint64_t)64 << 20)
/*
 * First-level nodes (the parts of an opener, or of a position's guess) at least this big try their guesses after
 * the first as tasks, each with the best total known as its budget: one big part is then shared by the threads.
 */
#define CB_PAR_GUESS_NODE 60
/*
 * A search looks at the clock (time limit, cancel, progress) every CB_CLOCK_NODES nodes of a thread (a power
 * of 2), and scans of at least CB_SCAN_WATCH entries x guesses below the root every 1024 guesses: a node of
 * Symble's pairs may take 50 ms, and a time limit should stop the search within a small part of a second.
 */
#define CB_CLOCK_NODES 8
/*
 * The coach searches a position of more entries than this with a tenth of its work budget, or, without a
 * budget, for CB_COACH_BIG_SECONDS at most (coach.c): Wordle's openings (2315 and 3158 answers) and
 * Symble's. The whole budget proves no opener the book lacks, and a tenth gives nearly its bounds: FUZZY on
 * the original lists 3.7533-3.9728 in 6.8 s of CPU against 3.8069-3.9728 in 28.9 s (review --threads 1
 * --answer cigar fuzzy cigar, loaded machine). The same holds after a poor opener: FUZZY ..... on the 2023
 * lists leaves 1842 answers, where the whole budget proved the player's SPLIT (3.3920) and bounded the best at
 * 2.9186-3.3214, a tenth proves SPLIT too and bounds the best at 2.9175-3.3920; the review (review --lists
 * nyt2023 --answer ghost fuzzy split ghost) took 16.3 s of CPU before, 5.7 s after (loaded machine).
 */
#define CB_COACH_BIG 1000
#define CB_COACH_BIG_SECONDS 0.5
/* The cache of each budgeted coach search: a fixed size, so that what it keeps, and so where the search stops,
 * is the same on every machine. */
#define CB_COACH_CACHE_BYTES ((size_t)256 << 20)
/* The slices of a budgeted ranking (coach.c): a fixed number, whatever the threads, so that figures do not
 * depend on the machine. */
#define CB_COACH_SLICES 2
/*
 * The work budget's unit is a pair (a guess against an entry) of a scan; each guess's row costs this many
 * pairs more, measured: a 1578-entry position's search (many small nodes) cost 6.5 ns a pair without it, a
 * 3158-entry opener's 1.4 ns.
 */
#define CB_WORK_ROW 16
/*
 * After a budgeted search stops with no strategy, its fallback (solver.c: the greedy strategy, then, under a
 * limit on guesses, the first guess at each node that can finish within it) gets as much work again, and at
 * least this much: finding that WHEEL, in hard mode on the NYT 2023 lists, can finish within 6 guesses took
 * about 6e8 pairs (the coach's budget for such an opener is 4e8). A search stopped by its time limit alone (no
 * budget of work) gives that second search this much: it is a search over every guess, not one strategy.
 */
#define CB_FALLBACK_MIN_WORK 1000000000ull
#define CB_SCAN_WATCH (1u << 20)
/* First-level nodes at least this big solve their first guess's parts as tasks (parallelism vs overhead). */
#define CB_PAR_NODE 40
/*
 * The budget of a search over every opener comes first from a quick strategy (prelude in solver/root.c): the
 * first CB_PRELUDE_OPENERS openers in order, each with only the CB_PRELUDE_TOP best guesses by the greedy
 * score at every node below it. More openers or guesses: a tighter first budget, for a longer prelude
 * (NYT 2023 lists: TARSE is the 41st opener in order; its top-2 total is 11246, the least of the first 48).
 */
#define CB_PRELUDE_OPENERS 48
#define CB_PRELUDE_TOP 2
/* Parts at least this big become tasks; smaller ones stay with the parent (task overhead). */
#define CB_PAR_PART 5
/*
 * A scan reading the game's table at scattered columns reads the secret-major copy instead, in blocks
 * of this many bytes (guesses times entries; the first-level cache), for nodes bigger than CB_TB_MIN
 * entries (smaller ones gather only a few bytes a guess).
 */
#define CB_TB_BYTES 16384
#define CB_TB_MIN 16
/*
 * A node with a local table keeps it secret-major too (up to this many bytes), for its parts of at
 * least CB_TBT_MIN entries, which read it 16 entries by 16 guesses at a time rather than a byte each.
 */
#define CB_LTT_MAX ((size_t)64 << 20)
#define CB_TBT_MIN 8
/*
 * Nodes of at most this many entries (and at least CB_TBT_MIN, read through a secret-major copy) are looked
 * at first with the block kernel's figures alone (cbo_scan_first, solver/scan.c): most are settled so, and
 * the others scanned again whole.
 */
#define CB_SCAN_FIRST_MAX 24
/* Most bytes of a node's local copy of its guesses' rows, which makes its parts' scans cache-friendly. */
#define CB_LT_MAX ((size_t)512 << 20)
/* Nodes this small or smaller let their parts read their own base rows (a copy would not pay). */
#define CB_LT_MIN 16
/*
 * Slots the set of a scan's rows (scan.c, rows_find) starts with, 8 bytes each: 8 KB, in the
 * first-level cache; it grows four times whenever half full, up to 2^CB_SEEN_BITS or more.
 */
#define CB_ROWS_MIN 1024
/* A scan counting its rows by blocks asks for the slot of the row this many ahead (rows_find). */
#define CB_ROWS_AHEAD 8
/* Per-thread hash of rows and orbits: at least 2^CB_SEEN_BITS slots (memory against collisions). */
#define CB_SEEN_BITS 15
/* Games with at most this many feedback values count parts in bytes (a faster, narrower count). */
#define CB_FEWVALS 64

/*
 * Arrays of at least this many bytes ask for huge pages (base/memory.c): the feedback table, the
 * solver's secret-major copy, its arena's blocks (CB_ARENA_MIN_BLOCK on) and the cache's chunks,
 * read at random over megabytes. A fresh page costs a fault, dear in a virtual machine: SALET's
 * proof took 1842 faults with 8 MiB here (the arena's first 4 MiB in small pages), 865 with 2 MiB (`perf stat -e
 * page-faults`).
 */
#define CB_BIG_ALLOC_MIN ((size_t)2 << 20)

/*
 * The least losses' scan of every guess at a node (solver/losses.c), read from the secret-major copy:
 * bytes of feedback a block of guesses holds (guesses x the node's entries), so that it stays in the
 * second-level cache while each entry's column is read once.
 */
#define CB_LOSSES_BLOCK (64 * 1024)

/* ---- the variants (variants/adversary.c, variants/multi.c) ---- */

/* The adversary's search: nodes between looks at the clock and the cancel flag. */
#define CB_ADV_CHECK_EVERY 256
/*
 * The adversary's search tries a depth narrowly first: below the root, each node tries only this many
 * guesses (those leaving the fewest words). A win found so is a win, and the depth before was searched in
 * full, so it is still the fewest; only when the narrow search finds none is the depth searched in full.
 */
#define CB_ADV_QUICK_WIDTH 32
/* Most entries of the adversary's memo of positions, a thread (about 100 MB at most). */
#define CB_ADV_MEMO_MAX (1u << 22)
/* Several boards: an opener is computed once, when the strategy is made, below this much work. */
#define CB_MULTI_OPENER_WORK 2e9

#endif
