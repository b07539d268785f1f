/*
 * feedback.c: score guesses against secrets in Wordle and Mastermind, and list
 * what a short Wordle history leaves. Build against the installed library:
 *   cc feedback.c $(pkg-config --cflags --libs codebreaker) -o feedback
 */
#include <stdio.h>

#include <codebreaker/codebreaker.h>

/* The feedback of guess against secret, spelled as people write it, e.g. ".Y..." or "2B1W". */
static int show(const cb_game *game, const char *guess, const char *secret)
{
    cb_guess_index gi;
    cb_secret_index si;
    cb_error err;
    if (cb_game_parse_code(game, guess, &gi, &err) != CB_OK || cb_game_parse_secret(game, secret, &si, &err) != CB_OK) {
        fprintf(stderr, "feedback: %s\n", err.message);
        return 1;
    }
    char fb[64];
    cb_game_format_feedback(game, cb_game_feedback(game, gi, si), fb, sizeof fb);
    printf("%-10s %s against %s: %s\n", cb_game_rule_name(game), guess, secret, fb);
    return 0;
}

int main(void)
{
    cb_game_config cfg;
    cb_game *wordle = NULL, *mastermind = NULL;
    cb_error err;
    printf("libcodebreaker %s (compiled against %s)\n", cb_version(), CB_VERSION);
    cb_game_config_default(&cfg);
    if (cb_game_new(&cfg, &wordle, &err) != CB_OK || cb_game_config_preset("mastermind", &cfg) != CB_OK ||
        cb_game_new(&cfg, &mastermind, &err) != CB_OK) {
        fprintf(stderr, "feedback: %s\n", err.message);
        cb_game_free(wordle);
        return 1;
    }
    int bad = show(wordle, "salet", "aback") + show(wordle, "crane", "caper") + show(mastermind, "1122", "1223");

    /* Candidates after SALET=.Y... and CRONY=..G.. (as `codebreaker candidates` prints them). */
    cb_table *table = NULL;
    cb_state *st = NULL;
    cb_table_options topt;
    cb_table_options_default(&topt);
    const char *turns[][2] = {{"salet", ".Y..."}, {"crony", "..G.."}};
    if (cb_table_new(wordle, &topt, &table, &err) != CB_OK || cb_state_new(table, &st) != CB_OK)
        bad = 1;
    for (size_t t = 0; !bad && t < 2; t++) {
        cb_guess_index gi;
        uint32_t fb;
        if (cb_game_parse_code(wordle, turns[t][0], &gi, &err) != CB_OK ||
            cb_game_parse_feedback(wordle, turns[t][1], &fb, &err) != CB_OK || cb_state_apply(st, gi, fb) != CB_OK)
            bad = 1;
    }
    if (!bad) {
        printf("after salet=.Y... crony=..G..: %zu candidate(s):", cb_state_count(st));
        for (size_t i = 0; i < cb_state_count(st); i++) {
            char word[64];
            cb_game_format_secret(wordle, cb_state_candidates(st)[i], word, sizeof word);
            printf(" %s", word);
        }
        printf("\n");
    }
    cb_state_free(st);
    cb_table_free(table);
    cb_game_free(mastermind);
    cb_game_free(wordle);
    return bad ? 1 : 0;
}
