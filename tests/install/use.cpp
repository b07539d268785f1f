// use.cpp: a C++ program over the installed library (tests/install/install.sh builds it with
// pkg-config and with a CXX-only CMake project): the headers' extern "C" lets C++ link the
// library's C functions, and nothing in them is C-only.
#include <codebreaker/codebreaker.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

struct game_free {
    void operator()(cb_game *g) const { cb_game_free(g); }
};
struct table_free {
    void operator()(cb_table *t) const { cb_table_free(t); }
};
struct strategy_free {
    void operator()(cb_strategy *s) const { cb_strategy_free(s); }
};

std::string feedback(const cb_game *game, const std::string &guess, const std::string &secret)
{
    cb_guess_index gi;
    cb_secret_index si;
    cb_error err;
    if (cb_game_parse_code(game, guess.c_str(), &gi, &err) != CB_OK ||
        cb_game_parse_secret(game, secret.c_str(), &si, &err) != CB_OK)
        return std::string("error: ") + err.message;
    std::vector<char> text(64);
    cb_game_format_feedback(game, cb_game_feedback(game, gi, si), text.data(), text.size());
    return text.data();
}

} // namespace

int main()
{
    cb_game_config gcfg;
    cb_game_config_default(&gcfg);
    cb_error err;
    cb_game *raw = nullptr;
    if (cb_game_new(&gcfg, &raw, &err) != CB_OK) {
        std::fprintf(stderr, "use: %s\n", err.message);
        return 1;
    }
    std::unique_ptr<cb_game, game_free> wordle(raw);
    std::printf("C++ over libcodebreaker %s: salet against aback: %s\n", cb_version(),
                feedback(wordle.get(), "salet", "aback").c_str());

    // Minimax over Mastermind: 5801 guesses (Kooi 2005), as examples/simulate.c.
    cb_game_config_preset("mastermind", &gcfg);
    cb_table_options topt;
    cb_table_options_default(&topt);
    cb_strategy_config scfg;
    cb_strategy_config_default(&scfg);
    scfg.name = "minimax";
    cb_sim_options sopt;
    cb_sim_options_default(&sopt);
    cb_game *mm = nullptr;
    cb_table *table = nullptr;
    cb_strategy *strategy = nullptr;
    int rc = cb_game_new(&gcfg, &mm, &err);
    std::unique_ptr<cb_game, game_free> mm_owner(mm);
    if (rc == CB_OK)
        rc = cb_table_new(mm, &topt, &table, &err);
    std::unique_ptr<cb_table, table_free> table_owner(table);
    if (rc == CB_OK)
        rc = cb_strategy_new(table, &scfg, &strategy, &err);
    std::unique_ptr<cb_strategy, strategy_free> strategy_owner(strategy);
    cb_sim_result res;
    if (rc == CB_OK)
        rc = cb_simulate(table, strategy, &sopt, &res, &err);
    if (rc != CB_OK) {
        std::fprintf(stderr, "use: %s\n", err.message);
        return 1;
    }
    std::printf("minimax on mastermind: %llu guesses over %zu games\n", static_cast<unsigned long long>(res.total),
                res.games);
    cb_sim_result_release(&res);
    return 0;
}
