/*
 * simulate.c: Knuth's minimax strategy over every secret of Mastermind (6
 * colours, 4 pegs): 5801 guesses in all, at most 5 per game (Kooi 2005).
 *   cc simulate.c $(pkg-config --cflags --libs codebreaker) -o simulate
 */
#include <inttypes.h>
#include <stdio.h>

#include <codebreaker/codebreaker.h>

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "minimax";
    cb_game_config gcfg;
    cb_table_options topt;
    cb_strategy_config scfg;
    cb_sim_options sopt;
    cb_sim_result res;
    cb_game *game = NULL;
    cb_table *table = NULL;
    cb_strategy *strategy = NULL;
    cb_error err;
    cb_game_config_preset("mastermind", &gcfg);
    cb_table_options_default(&topt);
    cb_strategy_config_default(&scfg);
    scfg.name = name;
    cb_sim_options_default(&sopt);
    int rc = cb_game_new(&gcfg, &game, &err);
    if (rc == CB_OK)
        rc = cb_table_new(game, &topt, &table, &err);
    if (rc == CB_OK)
        rc = cb_strategy_new(table, &scfg, &strategy, &err);
    if (rc == CB_OK)
        rc = cb_simulate(table, strategy, &sopt, &res, &err);
    if (rc == CB_OK) {
        printf("%s on %s: %" PRIu64 " guesses over %zu games, %.4f on average, at most %d\n", res.strategy,
               cb_game_name(game), res.total, res.games, res.average, res.max);
        cb_sim_result_release(&res);
    } else {
        fprintf(stderr, "simulate: %s\n", err.message);
    }
    cb_strategy_free(strategy);
    cb_table_free(table);
    cb_game_free(game);
    return rc == CB_OK ? 0 : 1;
}
