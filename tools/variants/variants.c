/* variants.c: which function runs a command for several boards or against the adversary. */
#include <string.h>

#include "variants.h"

typedef struct route {
    const char *command;
    int (*multi)(cli *c);
    int (*adversary)(cli *c);
} route;

static const route routes[] = {
    {"play", multi_play, adversary_play},    {"assist", multi_assist, adversary_assist},
    {"solve", multi_solve, adversary_solve}, {"simulate", multi_simulate, adversary_simulate},
    {"optimal", NULL, adversary_optimal},
};

int variant_pick(const cli *c, const cli_cmd *cmd, int (**run)(cli *c))
{
    cli_variant_t v;
    int rc = cli_variant(c, &v);
    *run = cmd->run;
    if (rc || (v.boards == 1 && !v.adversary))
        return rc;
    const char *what = v.adversary ? "the adversary (--adversary, --game absurdle)" : "several boards";
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (strcmp(routes[i].command, cmd->name) == 0) {
            *run = v.adversary ? routes[i].adversary : routes[i].multi;
            if (*run)
                return 0;
        }
    return cli_fail(CB_EINVAL, "%s does not play %s: use %s", cmd->name, what,
                    v.adversary ? "play, assist, solve, simulate or optimal" : "play, assist, solve or simulate");
}
