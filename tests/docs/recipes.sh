#!/bin/sh
# recipes.sh: the recipes of docs/hacking.md tried as written, in a scratch copy of the tree: a trial
# greedy strategy ("A greedy strategy": a key and a row in greedy.c, a line in registry.c), a trial
# preset ("A game preset": "Bulls and Cows, hard" as one row of src/game/registry.c) and a trial rule
# ("A game rule": its file, a value in cb_rule, its feedback's declaration, a line in rules.c and in
# rule_internal.h, a preset, the reference and its line in test_cpu). The copy is built (library,
# program, test_cpu, at -O0 to build fast), the program plays each (the help lists them; hard mode
# refuses a guess no longer possible), test_cpu checks the trial rule's kernel at every processor
# level against its reference, and the copy is removed. A slow test (a build of its own): label
# `long`, run by `make check` (step `long`), not by `make test`.
# usage: [KEEP=1] [JOBS=N] recipes.sh   (from a git checkout; exit 77, skipped, elsewhere)
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
git -C "$src" rev-parse --git-dir >/dev/null 2>&1 || {
    echo "recipes: not a git checkout (the scratch copy is made of the tracked files)"
    exit 77
}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/cb-recipes.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$scratch"' EXIT INT TERM # KEEP=1: leave the copy to look at
fail() {
    echo "recipes FAILED: $*" >&2
    exit 1
}
# the files of the work tree that git tracks or would (untracked files not ignored; a deleted one left out)
git -C "$src" ls-files -z -co --exclude-standard | (cd "$src" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\n" "$f"; done' sh) |
    tar -C "$src" -cf - -T - | tar -C "$scratch" -xf -
cd "$scratch"

# after_line FILE PATTERN TEXT: TEXT (lines) inserted after the first line that contains PATTERN
after_line() {
    grep -qF "$2" "$1" || fail "$1: no line with '$2' (the recipe no longer matches the tree)"
    awk -v pat="$2" -v text="$3" '{ print } !done && index($0, pat) { print text; done = 1 }' "$1" >"$1.new"
    mv "$1.new" "$1"
}
# replace FILE OLD NEW: the first OLD (a fixed string) becomes NEW
replace() {
    grep -qF "$2" "$1" || fail "$1: no '$2' (the recipe no longer matches the tree)"
    awk -v old="$2" -v new="$3" '!done && (i = index($0, old)) { $0 = substr($0, 1, i - 1) new substr($0, i + length(old)); done = 1 } { print }' "$1" >"$1.new"
    mv "$1.new" "$1"
}

# ---- A greedy strategy: step 2 (a key and a row in greedy.c), step 3 (registry.c) ----
cat >>src/strategy/greedy.c <<'C'

/* trial: the most parts, then the most parts of one (least for a partition into parts of one) */
static double trial_key(const cbs_pstats *ps, size_t n, double prob)
{
    (void)prob;
    return -(double)ps->parts * (double)(n + 1) - (double)ps->singles;
}

static double trial_score(double key, size_t n)
{
    return -key / (double)(n + 1);
}

const cbs_row cbs_row_trial = {
    .info = {"trial-greedy", "Trial", "the most parts, then the most parts of one", "docs/hacking.md", GREEDY,
             CB_COST_PARTITION, "score %.2f", NULL},
    .key = trial_key,
    .score = trial_score,
};
C
replace src/strategy/registry.c "cbs_row_entropy_frequency;" "cbs_row_entropy_frequency, cbs_row_trial;"
replace src/strategy/registry.c "&cbs_row_entropy," "&cbs_row_entropy, &cbs_row_trial,"

# ---- A game preset: step 1, one row ----
after_line src/game/registry.c '     .no_repeat = 1},' '    {.name = "bulls-hard",
     .label = "Bulls & Cows, hard",
     .summary = "bulls and cows where every guess must still be possible",
     .rule = CB_RULE_MASTERMIND,
     .colors = 10,
     .length = 4,
     .no_repeat = 1,
     .hard = 1},'

# ---- A game rule: steps 1 (game.h, feedback.h), 2 (rule_trial.c), 3 (rules.c, rule_internal.h, a preset), 5 ----
replace include/codebreaker/game.h "CB_RULE_JOTTO = 3 }" "CB_RULE_JOTTO = 3, CB_RULE_TRIAL = 4 }"
after_line include/codebreaker/feedback.h "uint32_t cb_feedback_jotto(" '/* Trial: the symbols of guess in their place in secret, 0 .. n (n: won). */
uint32_t cb_feedback_trial(const uint8_t *guess, const uint8_t *secret, int n);'
cat >src/game/rule_trial.c <<'C'
/*
 * rule_trial.c: a trial rule (docs/hacking.md, "A game rule"): a guess scores the symbols in their
 * place, 0 .. n; n is the win. No hard mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/feedback.h"
#include "codebreaker/share.h"
#include "game/game_internal.h"
#include "game/kernel_internal.h"

uint32_t cb_feedback_trial(const uint8_t *guess, const uint8_t *secret, int n)
{
    uint32_t in_place = 0;
    for (int i = 0; i < n; i++)
        in_place += guess[i] == secret[i];
    return in_place;
}

static void ids(int n, cbg_ids *ids)
{
    ids->count = ids->raw = (uint32_t)n + 1;
    ids->won = (uint32_t)n;
}

static void format(const cb_game *game, uint32_t id, char *buf, size_t size)
{
    (void)game;
    snprintf(buf, size, "%u", id);
}

static int parse(const cb_game *game, const char *text, uint32_t *id, cb_error *err)
{
    size_t len = strlen(text);
    long v = len && len <= 2 && strspn(text, "0123456789") == len ? strtol(text, NULL, 10) : -1;
    if (v < 0 || v > game->n)
        return cb_error_set(err, CB_EPARSE, "'%s' is not a trial feedback: the symbols in place, 0 to %d", text,
                            game->n);
    *id = (uint32_t)v;
    return CB_OK;
}

static const char *share_sign(const cb_game *game, uint32_t fb, int i, unsigned flags)
{
    (void)game;
    return cbg_share_square((unsigned)i < fb ? 2 : 0, flags);
}

/* chunk and row at CB_LANES; chunk_w and row_w at CB_LANES_WIDE, for the AVX-512 version */
#define CHUNK(W)                                                                                                       \
    CBG_INLINE void chunk##W(int n, const uint8_t *g, const cbg_letters *l, const uint8_t *const *soa, size_t base,   \
                             size_t cnt, int width, void *out)                                                         \
    {                                                                                                                  \
        (void)width;                                                                                                   \
        cbg_v8##W black, common;                                                                                       \
        cbg_common_chunk##W(n, g, l, soa, base, &black, &common);                                                      \
        memcpy((uint8_t *)out + base, &black, cnt);                                                                    \
    }
CHUNK()
CBG_WIDE(CHUNK(_w))
CBG_ROWS(chunk)
CBG_KERNEL_LEVELS(trial_row, row)

static double possible(int n, int first)
{
    (void)first;
    return n + 1.0;
}

static double open(int n, int first)
{
    (void)first;
    return n;
}

const cbg_rule cbg_rule_trial = {
    .info = {.name = "trial",
             .label = "Trial",
             .feedback = "the symbols in their place: 2",
             .max_guesses = 10,
             .strategy = "minimax",
             .marks = CB_MARKS_COUNT},
    .max_colors = CB_MAX_COMPLETE,
    .max_length = CB_MAX_LENGTH,
    .feedback = cb_feedback_trial,
    .ids = ids,
    .format = format,
    .parse = parse,
    .share_sign = share_sign,
    .kernel = CBG_KERNEL_TABLE(trial_row),
    .column = CB_RULE_TRIAL,
    .byte_ids = 1,
    .pair_ns = CB_PAIR_NS_MASTERMIND,
    .permutable = 1,
    .possible = possible,
    .open = open,
};
C
replace src/game/rules.c "[CB_RULE_JOTTO] = &cbg_rule_jotto," "[CB_RULE_JOTTO] = &cbg_rule_jotto, [CB_RULE_TRIAL] = &cbg_rule_trial,"
replace src/game/rule_internal.h "cbg_rule_jotto;" "cbg_rule_jotto, cbg_rule_trial;"
after_line src/game/registry.c '     .no_repeat = 1},' '    {.name = "trial",
     .label = "Trial",
     .summary = "the trial rule: 4 symbols, 3 places",
     .rule = CB_RULE_TRIAL,
     .colors = 4,
     .length = 3},'
cat >>tests/unit/ref_rules.c <<'C'

int ref_trial(const unsigned char *guess, const unsigned char *secret, int n)
{
    int in_place = 0;
    for (int i = 0; i < n; i++)
        if (guess[i] == secret[i])
            in_place++;
    return in_place;
}
C
after_line tests/unit/ref_rules.h "int ref_jotto(" '/* The trial rule of docs/hacking.md: the symbols of guess in their place in secret. */
int ref_trial(const unsigned char *guess, const unsigned char *secret, int n);'
after_line tests/unit/test_cpu.c "    switch (rule) {" '    case CB_RULE_TRIAL:
        return (uint32_t)ref_trial(g, s, n);'
replace tests/unit/test_cpu.c "{CB_RULE_JOTTO, 4, 3, 1}," "{CB_RULE_JOTTO, 4, 3, 1}, {CB_RULE_TRIAL, 3, 4, 1}, {CB_RULE_TRIAL, 6, 10, 1},"

# ---- build: the library, the program and test_cpu ----
echo "recipes: building the copy in $scratch"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG=-O0 -DCB_WEB=OFF -DCB_PLOT=OFF -DCB_MPI=OFF \
    -DCB_LIBEDIT=OFF >build.log 2>&1 || { tail -20 build.log; fail "cmake could not configure the copy"; }
nice cmake --build build -j "${JOBS:-2}" --target codebreaker-bin test_cpu >>build.log 2>&1 ||
    { grep -E -B2 -A2 'error|warning|undefined' build.log | head -40; fail "the copy with the recipes applied does not build"; }
cb=build/codebreaker

# ---- run ----
$cb help simulate | grep -q 'trial-greedy' || fail "help does not list the trial strategy"
$cb help simulate | grep -q 'bulls-hard' || fail "help does not list the trial preset"
$cb help simulate | grep -q ' trial\b\|, trial,' || fail "help does not list the trial rule's preset"
out=$($cb simulate --game mastermind --strategy trial-greedy) || fail "simulate with the trial strategy"
echo "$out" | grep -q '1296' || fail "the trial strategy did not play Mastermind's 1296 secrets: $out"
echo "$out" | tail -3
$cb candidates --game bulls-hard 0123=1,2 4567=0,1 >hard.out 2>&1 && fail "bulls-hard took a guess no longer possible"
grep -q 'hard mode' hard.out || fail "bulls-hard refused the guess without saying hard mode: $(cat hard.out)"
$cb candidates --game bulls 0123=1,2 4567=0,1 >/dev/null || fail "bulls refused a guess it should take"
echo "bulls-hard: $(cat hard.out)"
n=$($cb candidates --game trial 012=2 | head -1)
[ "$n" = "9 candidates" ] || fail "trial rule: 012=2 leaves 9 secrets (3 places x 3 other symbols), not '$n'"
out=$($cb simulate --game trial) || fail "simulate with the trial rule"
echo "$out" | grep -q '64' || fail "the trial rule's game has not 64 secrets: $out"
echo "$out" | tail -3
build/tests/test_cpu tests/data/feedback_golden.tsv >cpu.out 2>&1 || { cat cpu.out; fail "test_cpu with the trial rule"; }
tail -2 cpu.out
echo "recipes: a greedy strategy, a preset and a rule, each as docs/hacking.md writes it: built and played"
