/*
 * fuzz_request.c: the web request parser on any bytes: the query string
 * and the form-encoded body (percent escapes, repeated and unknown names,
 * lengths), then every reader of parameters the endpoints use (numbers,
 * booleans, choices, ids, a history applied to a game) and the JSON
 * writer on the decoded values, whose output must hold no raw control byte.
 * Input: the query, a NUL byte, the body (no NUL: no body).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codebreaker/codebreaker.h"
#include "games.h"
#include "history.h"
#include "codebreaker/json.h"
#include "request.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static cb_game *games[2];
static cb_table *tables[2];

static void open_games(void)
{
    static const char *const presets[2] = {"mastermind", "wordle"};
    fuzz_open_games(presets, 2, CB_TABLE_OFF, games, tables);
}

static void read_params(web_req *r)
{
    static const char *const choices[] = {"wordle", "symble", "mastermind", NULL};
    long long n;
    int b, c;
    const char *s;
    web_req_allow(r, "game colors pegs history hard limit id guess");
    web_req_int(r, "limit", 10, 1, 100, &n);
    web_req_int(r, "colors", 6, 2, 16, &n);
    web_req_bool(r, "hard", 0, &b);
    web_req_choice(r, "game", choices, 0, &c);
    web_req_id(r, "id", &s);
    web_req_need(r, "guess", &s);
    for (int i = 0; i < 2; i++) {
        cb_state *st;
        if (cb_state_new(tables[i], &st) != CB_OK)
            continue;
        web_history_read(r, "history", st, i ? NULL : "allowed"); /* outside_list names a wider list */
        cb_state_free(st);
    }
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    for (int i = 0; i < r->nparams; i++) {
        cb_json_key(&j, r->params[i].name);
        cb_json_str(&j, r->params[i].value);
    }
    cb_json_raw(&j, "}");
    for (const unsigned char *p = (const unsigned char *)cb_json_text(&j); *p; p++)
        if (*p < 0x20)
            abort(); /* control bytes are escaped */
    cb_json_release(&j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!games[0])
        open_games();
    if (size > 1 << 16)
        return 0;
    char *text = malloc(size + 2);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = text[size + 1] = '\0';
    size_t qlen = strlen(text);
    const char *body = qlen < size ? text + qlen + 1 : NULL;
    web_req r;
    memset(&r, 0, sizeof r);
    r.method = "GET";
    r.path = "/api/fuzz";
    r.status = 200;
    cb_json_init(&r.out);
    if (web_req_parse(&r, text, body) == 0)
        read_params(&r);
    web_req_release(&r);
    free(text);
    return 0;
}
