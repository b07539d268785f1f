/*
 * replay.c: run a fuzzing harness's entry point on files, without
 * libFuzzer: the test suite replays each harness's seed corpus and every
 * crash input ever found (tests/fuzz/crashes/NAME) with the normal build.
 *
 * usage: replay_NAME FILE_OR_DIR...   (fails when no file at all was found)
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        return -1;
    }
    size_t cap = 4096, len = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
        if ((len += got) == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    fclose(f);
    if (!buf)
        return -1;
    uint8_t *exact = malloc(len ? len : 1); /* exactly len bytes, so that ASan sees reads past the end */
    if (exact) {
        memcpy(exact, buf, len);
        LLVMFuzzerTestOneInput(exact, len);
    }
    free(exact);
    free(buf);
    return exact ? 1 : -1;
}

static int run_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0; /* a crashes folder that does not exist yet: nothing found */
    if (!S_ISDIR(st.st_mode))
        return run_file(path);
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while (n >= 0 && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        int k = run_path(sub);
        n = k < 0 ? -1 : n + k;
    }
    closedir(d);
    return n;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        int n = run_path(argv[i]);
        if (n < 0)
            return 1;
        total += n;
    }
    printf("replay: %d inputs\n", total);
    return total > 0 ? 0 : 1;
}
