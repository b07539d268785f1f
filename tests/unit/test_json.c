/* test_json.c: the project's JSON writer and string quoting (codebreaker/json.h, src/base/json.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "codebreaker/json.h"
#include "codebreaker/status.h"

#define CHECK_TEXT(j, want) CHECK_MSG(strcmp(cb_json_text(j), want) == 0, "%s", cb_json_text(j))

/* Escaping, commas placed by keys and sep, numbers, and handing the text over. */
static void writer(void)
{
    cb_json j;
    cb_json_init(&j);
    CHECK_TEXT(&j, "");
    cb_json_raw(&j, "{");
    cb_json_key(&j, "s");
    cb_json_str(&j, "a\"b\\c\n\x01\xc3\xa9\xff\xe2\x82");
    cb_json_key(&j, "list");
    cb_json_raw(&j, "[");
    for (int i = 0; i < 3; i++) {
        cb_json_sep(&j);
        cb_json_num(&j, i * 1.5);
    }
    cb_json_raw(&j, "]");
    cb_json_key(&j, "nan");
    cb_json_num(&j, NAN);
    cb_json_raw(&j, "}");
    CHECK(!j.failed);
    CHECK_TEXT(&j,
               "{\"s\":\"a\\\"b\\\\c\\u000a\\u0001\xc3\xa9\\ufffd\\ufffd\\ufffd\",\"list\":[0,1.5,3],\"nan\":null}");
    char *t = cb_json_take(&j);
    CHECK(t && t[0] == '{' && j.buf == NULL);
    free(t);
    cb_json_release(&j);
}

/* The members' shorthands and their number formats. */
static void members(void)
{
    cb_json j;
    cb_json_init(&j);
    cb_json_raw(&j, "{");
    cb_json_kstr(&j, "word", "crane");
    cb_json_kstr(&j, "none", NULL);
    cb_json_kint(&j, "i", -3);
    cb_json_kuint(&j, "u", 18446744073709551615ull);
    cb_json_kfixed(&j, "avg", 3.43369, 4);
    cb_json_kfixed(&j, "inf", INFINITY, 2);
    cb_json_knum(&j, "third", 1.0 / 3);
    cb_json_knum(&j, "big", 1e20);
    cb_json_kbool(&j, "t", 7);
    cb_json_kbool(&j, "f", 0);
    cb_json_knull(&j, "n");
    cb_json_key(&j, "empty");
    cb_json_raw(&j, "[]");
    cb_json_raw(&j, "}");
    CHECK_TEXT(&j, "{\"word\":\"crane\",\"none\":null,\"i\":-3,\"u\":18446744073709551615,\"avg\":3.4337,\"inf\":null,"
                   "\"third\":0.333333,\"big\":1e+20,\"t\":true,\"f\":false,\"n\":null,\"empty\":[]}");
    cb_json_clear(&j);
    CHECK_TEXT(&j, "");
    cb_json_release(&j);
}

/* cb_json_flush writes and empties; a failed write is CB_EIO, never silent. */
static void flush(void)
{
    cb_json j;
    cb_json_init(&j);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f)
        return;
    cb_json_printf(&j, "[%d", 1);
    CHECK(cb_json_flush(&j, f) == CB_OK && j.len == 0);
    cb_json_raw(&j, ",2]");
    CHECK(cb_json_flush(&j, f) == CB_OK);
    CHECK(cb_json_flush(&j, f) == CB_OK); /* nothing to write */
    char got[16] = {0};
    rewind(f);
    CHECK(fread(got, 1, sizeof got - 1, f) == 5 && strcmp(got, "[1,2]") == 0);
    fclose(f);
    FILE *ro = fopen("/dev/null", "r"); /* a stream that cannot be written */
    if (ro) {
        cb_json_raw(&j, "{}");
        CHECK(cb_json_flush(&j, ro) == CB_EIO && j.len == 0);
        fclose(ro);
    }
    cb_json_release(&j);
}

/* cb_json_quote cuts like snprintf and always says the whole length. */
static void quote(void)
{
    char small[4];
    CHECK(cb_json_quote(NULL, 0, "ab\"") == 6);
    CHECK(cb_json_quote(small, sizeof small, "abcdef") == 8 && strcmp(small, "\"ab") == 0);
}

int main(void)
{
    writer();
    members();
    flush();
    quote();
    return check_done("test_json");
}
