/*
 * registry.c: every strategy, one row each, in the order help texts list
 * them. The rows live in their families' files (greedy.c, candidates.c,
 * montecarlo.c, regex.c, exact.c, tree.c); this list is the one place that names
 * them all, as dav1d's output.c lists its muxers.
 */
#include <stdio.h>
#include <string.h>

#include "strategy/strategy_internal.h"

/* greedy.c */
extern const cbs_row cbs_row_minimax, cbs_row_expected, cbs_row_parts, cbs_row_max_singletons, cbs_row_entropy,
    cbs_row_entropy_knuth, cbs_row_entropy_frequency;
/* candidates.c, montecarlo.c, regex.c, exact.c, tree.c */
extern const cbs_row cbs_row_random, cbs_row_random_any, cbs_row_first, cbs_row_frequency, cbs_row_montecarlo,
    cbs_row_regex, cbs_row_exact, cbs_row_tree;

const cbs_row *const cbs_rows[] = {
    &cbs_row_minimax,           &cbs_row_expected, &cbs_row_parts,      &cbs_row_max_singletons, &cbs_row_entropy,
    &cbs_row_entropy_knuth,     &cbs_row_random,   &cbs_row_random_any, &cbs_row_montecarlo,     &cbs_row_frequency,
    &cbs_row_entropy_frequency, &cbs_row_first,    &cbs_row_regex,      &cbs_row_exact,          &cbs_row_tree,
};
const size_t cbs_nrows = sizeof cbs_rows / sizeof cbs_rows[0];

size_t cb_strategy_count(void)
{
    return cbs_nrows;
}

const cb_strategy_info *cb_strategy_at(size_t i)
{
    return i < cbs_nrows ? &cbs_rows[i]->info : NULL;
}

const cb_strategy_info *cb_strategy_find(const char *name)
{
    for (size_t i = 0; name && i < cbs_nrows; i++) {
        const char *rn = cbs_rows[i]->info.name;
        if (cbs_rows[i]->info.traits & CB_TRAIT_ARGUMENT) { /* "tree:FILE" matches "tree:" and what follows */
            size_t len = (size_t)(strchr(rn, ':') - rn) + 1;
            if (strncmp(name, rn, len) == 0)
                return &cbs_rows[i]->info;
        } else if (strcmp(name, rn) == 0)
            return &cbs_rows[i]->info;
    }
    return NULL;
}

int cb_strategy_format_score(const cb_strategy_info *info, double score, char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    if (!info || !info->score_format)
        return 0;
    if (score == 1 && info->score_one)
        return snprintf(buf, size, "%s", info->score_one);
    return snprintf(buf, size, info->score_format, score);
}
