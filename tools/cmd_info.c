/* cmd_info.c: `codebreaker info`: the facts of a game. */
#include <stdlib.h>
#include <string.h>

#include "commands.h"

/* How many distinct feedback ids occur in the table (raw ids for Symble). */
static uint32_t distinct_feedbacks(const cb_table *t, const cb_game *game)
{
    uint32_t nraw = cb_game_rule_info(game)->hidden ? cb_pow3(cb_game_length(game)) : cb_game_feedback_count(game);
    if (!cb_table_precomputed(t) || nraw > (1u << 24))
        return 0;
    unsigned char *seen = calloc(nraw, 1);
    uint32_t distinct = 0;
    if (!seen)
        return 0;
    for (uint32_t g = 0; g < cb_game_guess_count(game); g++)
        for (uint32_t s = 0; s < cb_game_secret_count(game); s++) {
            uint32_t f = cb_table_get(t, g, s);
            if (!seen[f]) {
                seen[f] = 1;
                distinct++;
            }
        }
    free(seen);
    return distinct;
}

static int run(cli *c)
{
    int rc = cli_no_args(c);
    if (rc)
        return rc;
    rc = cli_open_game(c);
    if (rc)
        return rc;
    const cb_game *g = c->game;
    const cb_table *t = c->table;
    char alphabet[CB_MAX_SYMBOLS * 5 + 1] = "";
    for (int i = 0; i < cb_game_colors(g); i++)
        strcat(alphabet, cb_game_symbol(g, i));
    uint32_t distinct = distinct_feedbacks(t, g);
    double mib = cb_table_bytes_needed(g) / (1 << 20);
    if (cli_flag(c, "json")) {
        cb_json j;
        cb_json_init(&j);
        cb_json_raw(&j, "{");
        cb_json_kstr(&j, "game", cb_game_name(g));
        cb_json_kstr(&j, "rule", cb_game_rule_name(g));
        cb_json_kint(&j, "length", cb_game_length(g));
        cb_json_kint(&j, "symbols", cb_game_colors(g));
        cb_json_kstr(&j, "alphabet", alphabet);
        cb_json_kuint(&j, "secrets", cb_game_secret_count(g));
        cb_json_kuint(&j, "guesses", cb_game_guess_count(g));
        cb_json_kuint(&j, "feedback_ids", cb_game_feedback_count(g));
        cb_json_kuint(&j, "distinct_feedbacks", distinct);
        cb_json_kbool(&j, "table_precomputed", cb_table_precomputed(t));
        cb_json_kint(&j, "table_bytes_per_entry", cb_table_width(t));
        cb_json_key(&j, "table_mib");
        cb_json_printf(&j, "%.1f", mib);
        cb_json_kfixed(&j, "table_seconds", cb_table_build_seconds(t), 3);
        cb_json_kstr(&j, "cpu_level", cb_cpu_level_name(cb_cpu_level_current()));
        cb_json_key(&j, "kernels"); /* each kernel's level: a level it has no version of is not claimed */
        cb_json_raw(&j, "{");
        cb_cpu_level level;
        const char *name;
        for (size_t i = 0; (name = cb_cpu_kernel_at(i, &level)) != NULL; i++)
            cb_json_kstr(&j, name, cb_cpu_level_name(level));
        cb_json_raw(&j, "}");
        cb_json_raw(&j, "}");
        return cli_json_print(&j);
    }
    printf("game               %s\n", cb_game_name(g));
    printf("rule               %s%s\n", cb_game_rule_name(g),
           cb_game_rule_info(g)->hidden ? " (colours per codeword position, shown as hidden symbols)" : "");
    printf("code length        %d\n", cb_game_length(g));
    printf("alphabet           %s (%d symbols)\n", alphabet, cb_game_colors(g));
    printf("possible secrets   %u\n", cb_game_secret_count(g));
    printf("allowed guesses    %u\n", cb_game_guess_count(g));
    printf("feedback ids       %u\n", cb_game_feedback_count(g));
    if (distinct)
        printf("distinct feedbacks %u (occurring between a guess and a secret)\n", distinct);
    if (cb_table_precomputed(t))
        printf("feedback table     %u x %u, %d byte%s per entry, %.1f MiB, built in %.3f s\n", cb_game_guess_count(g),
               cb_game_secret_count(g), cb_table_width(t), cb_table_width(t) > 1 ? "s" : "", mib,
               cb_table_build_seconds(t));
    else
        printf("feedback table     computed on the fly (a full table would need %.1f MiB)\n", mib);
    char kernels[256];
    cli_kernels(kernels, sizeof kernels);
    printf("kernels            %s (this processor: %s)\n", kernels, cb_cpu_level_name(cb_cpu_level_best()));
    return 0;
}

static const cli_opt opts[] = {
    {"json", NULL, "machine-readable output (one JSON object)"},
    {NULL, NULL, NULL},
};

const cli_cmd cmd_info = {
    "info",
    "[OPTIONS]",
    "print a game's facts: codes, guesses, feedbacks, table size and build time",
    "codebreaker info --game mastermind --colors 8 --pegs 5",
    opts,
    CLI_GAME,
    run,
};
