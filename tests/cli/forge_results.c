/*
 * forge_results.c: the forger of tests/cli/cli_forgeries.sh. It seals the
 * opener lines of a results file of format 1 (stdin) with the public key of
 * format 2, as anyone who reads the source can, and writes the file of
 * format 2 to stdout: what a run must not take for a proof.
 * usage: forge_results PRESET [lists=NAME] [colors=K] [pegs=N] < format-1 file > format-2 file
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/codebreaker.h"

int main(int argc, char **argv)
{
    cb_game_config cfg;
    cb_game *g;
    cb_error err;
    char line[1024], search[1024] = "", out[256];
    int bad = argc < 2 || cb_game_config_preset(argv[1], &cfg) != CB_OK;
    for (int i = 2; !bad && i < argc; i++)
        if (strncmp(argv[i], "lists=", 6) == 0)
            bad = cb_game_config_lists(&cfg, argv[i] + 6, &err) != CB_OK;
        else if (strncmp(argv[i], "colors=", 7) == 0)
            cfg.colors = atoi(argv[i] + 7);
        else if (strncmp(argv[i], "pegs=", 5) == 0)
            cfg.length = atoi(argv[i] + 5);
        else
            bad = 1;
    if (bad || cb_game_new(&cfg, &g, &err) != CB_OK) {
        fprintf(stderr, "usage: forge_results PRESET [lists=NAME] [colors=K] [pegs=N] < format-1 file\n");
        return 2;
    }
    cb_optimal_seal seal;
    for (long n = 1; fgets(line, sizeof line, stdin); n++) {
        line[strcspn(line, "\n")] = '\0';
        if (n == 1)
            continue;
        if (n == 2) {
            snprintf(search, sizeof search, "%s", line + strlen("# search: "));
            cb_optimal_seal_init(g, search, &seal);
            char head[2048];
            cb_optimal_results_header(&seal, search, head, sizeof head);
            fputs(head, stdout);
            continue;
        }
        char word[64], value[64];
        cb_optimal_opener op = {0};
        if (sscanf(line, "%63s %63s", word, value) != 2 || cb_game_parse_code(g, word, &op.guess, &err) != CB_OK) {
            printf("%s\n", line);
            continue;
        }
        op.exact = value[0] != '>' && value[0] != 'i';
        op.bound = value[0] == 'i' ? UINT64_MAX : strtoull(value + (value[0] == '>' ? 2 : 0), NULL, 10);
        cb_optimal_opener_seal(g, &seal, &op, out, sizeof out);
        printf("%s\n", out);
    }
    cb_game_free(g);
    return 0;
}
