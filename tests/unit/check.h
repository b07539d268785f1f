/* check.h: the tests' tiny harness: CHECK counts failures, check_done reports them. */
#ifndef CB_TEST_CHECK_H
#define CB_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "codebreaker/codebreaker.h"

static int check_failures, check_count;

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        check_count++;                                                                                                 \
        if (!(cond)) {                                                                                                 \
            check_failures++;                                                                                          \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                                   \
        }                                                                                                              \
    } while (0)

#define CHECK_MSG(cond, ...)                                                                                           \
    do {                                                                                                               \
        check_count++;                                                                                                 \
        if (!(cond)) {                                                                                                 \
            check_failures++;                                                                                          \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                                   \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
        }                                                                                                              \
    } while (0)

static inline int check_done(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, check_count, check_failures);
    return check_failures ? 1 : 0;
}

/* A small deterministic generator (splitmix64) for random inputs. */
static inline unsigned long long check_rand(unsigned long long *s)
{
    unsigned long long z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A yes/no of hard mode as st's mode: its rule's own, or none (cb_state_set_hard). */
static inline cb_hard check_mode(const cb_state *st, int hard)
{
    return hard ? (cb_hard)cb_game_rule_info(cb_state_game(st))->hard_mode : CB_HARD_NONE;
}

/* cb_tree_verify from the start of table's game, in hard mode or not, within max_guesses (the start's limit). */
static inline int check_verify(const cb_tree *tree, const cb_table *table, int hard, int max_guesses,
                               cb_tree_stats *stats, cb_error *err)
{
    cb_state *start;
    if (cb_state_new(table, &start) != CB_OK)
        return CB_ENOMEM;
    int rc = cb_state_set_hard(start, check_mode(start, hard));
    if (rc == CB_OK)
        rc = cb_state_set_max_guesses(start, max_guesses);
    if (rc == CB_OK)
        rc = cb_tree_verify(tree, start, stats, err);
    cb_state_free(start);
    return rc;
}

#endif
