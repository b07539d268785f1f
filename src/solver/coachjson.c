/*
 * coachjson.c: the JSON of the coach's ranking and review (coach.h,
 * cb_coach_rank_json and cb_coach_review_json; docs/json.md, rank-exact and
 * review), which the program's --json and the dashboard's /api/rank/exact
 * and /api/review share.
 */
#include <stdio.h>

#include "codebreaker/coach.h"
#include "codebreaker/feedback.h"

/* A word of game as a JSON string, null for CB_NONE. */
static void json_word(const cb_game *game, cb_guess_index g, cb_json *j)
{
    char w[CB_MAX_LENGTH * 4 + 1];
    if (g == CB_NONE) {
        cb_json_null(j);
        return;
    }
    cb_game_format_code(game, g, w, sizeof w);
    cb_json_str(j, w);
}

/* A total and its expected value per entry (keys NAME and expected-key), null when unknown (UINT64_MAX). */
static void json_total(cb_json *j, const char *key, const char *ekey, uint64_t total, double m, int known)
{
    if (!known || total == UINT64_MAX) {
        cb_json_knull(j, key);
        cb_json_knull(j, ekey);
        return;
    }
    cb_json_kuint(j, key, total);
    cb_json_kfixed(j, ekey, m > 0 ? (double)total / m : 0, 6);
}

static void json_grade(cb_json *j, const char *key, double x)
{
    if (x < 0)
        cb_json_knull(j, key);
    else
        cb_json_kfixed(j, key, x, 1);
}

/* The limit on guesses the values count: "max_guesses", null for none. */
static void json_limit(cb_json *j, int max_guesses)
{
    if (max_guesses > 0)
        cb_json_kint(j, "max_guesses", max_guesses);
    else
        cb_json_knull(j, "max_guesses");
}

void cb_coach_rank_json(const cb_game *game, const cb_coach_rank *r, cb_json *j)
{
    double m = (double)r->candidates;
    cb_json_raw(j, "{");
    cb_json_kuint(j, "candidates", r->candidates);
    cb_json_kbool(j, "stopped", r->stopped);
    cb_json_kbool(j, "timed_out", r->timed_out);
    cb_json_kfixed(j, "seconds", r->seconds, 3);
    cb_json_kstr(j, "source", r->source); /* "book": read from the opening book; null: searched */
    cb_json_kbool(j, "can_lose", r->can_lose);
    cb_json_key(j, "guesses");
    cb_json_raw(j, "[");
    for (size_t i = 0; i < r->count; i++) {
        const cb_coach_guess *g = &r->guesses[i];
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kuint(j, "rank", i + 1);
        cb_json_key(j, "guess");
        json_word(game, g->guess, j);
        json_total(j, "total", "expected", g->total, m, !g->can_lose);
        json_total(j, "upper", "expected_upper", g->upper, m, !g->can_lose);
        cb_json_kbool(j, "proved", g->proved);
        cb_json_kbool(j, "can_lose", g->can_lose);
        if (g->lose_chance < 0)
            cb_json_knull(j, "lose_chance");
        else
            cb_json_kfixed(j, "lose_chance", g->lose_chance, 6);
        cb_json_kbool(j, "lose_proved", g->lose_proved);
        cb_json_kbool(j, "candidate", g->candidate);
        cb_json_kbool(j, "answer_word", g->answer_word);
        cb_json_kfixed(j, "win_chance", g->win_chance, 6);
        if (g->worst)
            cb_json_kint(j, "worst", g->worst);
        else
            cb_json_knull(j, "worst");
        cb_json_raw(j, "}");
    }
    cb_json_raw(j, "]");
    json_limit(j, r->max_guesses);
    cb_json_raw(j, "}");
}

void cb_coach_review_json(const cb_game *game, const cb_coach_review *r, cb_json *j)
{
    char f[64];
    cb_json_raw(j, "{");
    cb_json_kbool(j, "won", r->won);
    cb_json_kuint(j, "guesses", r->turns);
    cb_json_kbool(j, "widened", r->widened);
    json_grade(j, "skill", r->skill);
    json_grade(j, "luck", r->luck);
    cb_json_kint(j, "skill_turns", r->skill_turns);
    json_grade(j, "skill_low", r->skill_low);
    json_grade(j, "skill_high", r->skill_high);
    cb_json_kuint(j, "work", r->work);
    cb_json_kbool(j, "timed_out", r->timed_out);
    cb_json_kfixed(j, "seconds", r->seconds, 3);
    cb_json_key(j, "turns");
    cb_json_raw(j, "[");
    for (size_t i = 0; i < r->turns; i++) {
        const cb_coach_turn *t = &r->turn[i];
        double m = (double)t->candidates;
        cb_json_sep(j);
        cb_json_raw(j, "{");
        cb_json_kuint(j, "turn", i + 1);
        cb_json_key(j, "guess");
        json_word(game, t->guess, j);
        cb_game_format_feedback(game, t->feedback, f, sizeof f);
        cb_json_kstr(j, "feedback", f);
        cb_json_kuint(j, "candidates", t->candidates);
        json_total(j, "total", "expected", t->total, m, !t->can_lose);
        json_total(j, "upper", "expected_upper", t->upper, m, !t->can_lose);
        cb_json_kbool(j, "proved", t->proved);
        cb_json_kbool(j, "can_lose", t->can_lose);
        if (t->lose_chance < 0)
            cb_json_knull(j, "lose_chance");
        else
            cb_json_kfixed(j, "lose_chance", t->lose_chance, 6);
        cb_json_kbool(j, "lose_proved", t->lose_proved);
        cb_json_kbool(j, "answer_word", t->answer_word);
        cb_json_kbool(j, "book", t->book);
        cb_json_key(j, "best");
        json_word(game, t->best, j);
        json_total(j, "best_total", "best_expected", t->best_total, m, !t->best_can_lose);
        json_total(j, "best_upper", "best_expected_upper", t->best_upper, m, !t->best_can_lose);
        cb_json_kbool(j, "best_proved", t->best_proved);
        cb_json_kbool(j, "best_book", t->best_book);
        cb_json_kbool(j, "best_can_lose", t->best_can_lose);
        if (t->best_lose_chance < 0)
            cb_json_knull(j, "best_lose_chance");
        else
            cb_json_kfixed(j, "best_lose_chance", t->best_lose_chance, 6);
        cb_json_kbool(j, "best_lose_proved", t->best_lose_proved);
        cb_json_kbool(j, "best_answer_word", t->best_answer_word);
        cb_json_key(j, "best_candidate");
        json_word(game, t->best_candidate, j);
        json_total(j, "candidate_total", "candidate_expected", t->candidate_total, m, t->best_candidate != CB_NONE);
        json_total(j, "candidate_upper", "candidate_expected_upper", t->candidate_upper, m,
                   t->best_candidate != CB_NONE);
        cb_json_kbool(j, "candidate_proved", t->candidate_proved);
        json_grade(j, "skill", t->skill);
        json_grade(j, "luck", t->luck);
        cb_json_kuint(j, "left", t->left);
        cb_json_kbool(j, "timed_out", t->timed_out);
        json_limit(j, t->max_guesses);
        json_grade(j, "skill_low", t->skill_low);
        json_grade(j, "skill_high", t->skill_high);
        cb_json_key(j, "line");
        cb_json_raw(j, "[");
        for (int k = 0; k < t->line_len; k++) {
            cb_json_sep(j);
            json_word(game, t->line[k], j);
        }
        cb_json_raw(j, "]}");
    }
    cb_json_raw(j, "]}");
}
