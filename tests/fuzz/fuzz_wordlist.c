/*
 * fuzz_wordlist.c: the word-list reader (UTF-8 lines, comments, lengths)
 * on any bytes, strict and lenient, with and without a fixed length; a
 * list it reads is then given to cb_game_new as a file, as --words does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codebreaker/codebreaker.h"
#include "game/game_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A file of the input's text, made once per process. */
static const char *scratch_file(const char *text, size_t len)
{
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/cb_fuzz_words_XXXXXX");
        int fd = mkstemp(path);
        if (fd < 0)
            return NULL;
        close(fd);
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return NULL;
    fwrite(text, 1, len, f);
    return fclose(f) == 0 ? path : NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    int mode = data[0];
    size_t len = size - 1;
    char *text = malloc(len + 1);
    if (!text)
        return 0;
    memcpy(text, data + 1, len);
    text[len] = '\0';
    int read = 0;
    for (int pass = 0; pass < 2; pass++) {
        cbg_wordlist wl;
        cb_error err;
        size_t skipped = 0;
        int length = pass ? (mode & 7) + 1 : 0;
        if (cbg_wordlist_parse(&wl, text, len, "fuzz", length, length && (mode >> 3 & 1), mode >> 4 & 1, &skipped,
                               &err) == CB_OK) {
            read = 1;
            cbg_wordlist_release(&wl);
        }
    }
    const char *path = read && (mode >> 5 & 1) ? scratch_file(text, len) : NULL;
    if (path) {
        cb_game_config cfg;
        cb_game *game;
        cb_error err;
        cb_game_config_preset(mode >> 6 & 1 ? "symble" : "wordle", &cfg);
        cfg.answers_path = path;
        if (cb_game_new(&cfg, &game, &err) == CB_OK)
            cb_game_free(game);
    }
    free(text);
    return 0;
}
