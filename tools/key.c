/*
 * key.c: the installation's secret key (cli_key_load), which seals the
 * results files of `optimal --results` (format 3) and the rows of
 * `experiment`: kept in a file of mode 0600 that only this program reads.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "outfile.h"

/* mkdir -p of the folders above path (mode 0700); 0, or -1 with errno. */
static int make_parents(const char *path)
{
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir)
        return errno = ENAMETOOLONG, -1;
    for (char *p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    return 0;
}

/* The key file's 32 hex digits (and a newline) into key; 0, or -1 when it holds something else. */
static int parse_key(const char *text, size_t len, uint64_t key[2])
{
    if (len < 32 || (len > 32 && !(len == 33 && text[32] == '\n')))
        return -1;
    for (int k = 0; k < 2; k++) {
        key[k] = 0;
        for (int i = 0; i < 16; i++) {
            char ch = text[16 * k + i];
            int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
            if (v < 0)
                return -1;
            key[k] = key[k] << 4 | (uint64_t)v;
        }
    }
    return 0;
}

/* 16 random bytes from the system into key; 0, or -1 with errno. */
static int random_key(uint64_t key[2])
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, key, 2 * sizeof key[0]);
    close(fd);
    return n == (ssize_t)(2 * sizeof key[0]) ? 0 : (errno = EIO, -1);
}

int cli_key_load(uint64_t key[2])
{
    char path[4096], text[64];
    const char *env = getenv("CODEBREAKER_KEY"), *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (env && *env)
        snprintf(path, sizeof path, "%s", env);
    else if (xdg && *xdg == '/')
        snprintf(path, sizeof path, "%s/codebreaker/results.key", xdg);
    else if (home && *home)
        snprintf(path, sizeof path, "%s/.config/codebreaker/results.key", home);
    else
        return cli_fail(CB_EINVAL, "results files are sealed with a secret key kept in a file, and there is no "
                                   "place for it (no HOME): set CODEBREAKER_KEY=FILE");
    for (int attempt = 0; attempt < 2; attempt++) {
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            ssize_t n = read(fd, text, sizeof text);
            close(fd);
            if (n < 0 || parse_key(text, (size_t)n, key) != 0)
                return cli_fail(CB_EINVAL,
                                "%s: not a key of results files (32 hex digits): remove it and a new key is made "
                                "(the files sealed with the old one are then derived again by --sign)",
                                path);
            return 0;
        }
        if (errno != ENOENT)
            return cli_fail(CB_EIO, "%s (the key of results files): %s", path, strerror(errno));
        /* none yet: a new random key, written by whichever of two runs gets there first */
        if (make_parents(path) != 0 || random_key(key) != 0)
            return cli_fail(CB_EIO, "%s (the key of results files): %s", path, strerror(errno));
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0 && errno == EEXIST)
            continue;
        int len = fd < 0 ? 0
                         : snprintf(text, sizeof text, "%016llx%016llx\n", (unsigned long long)key[0],
                                    (unsigned long long)key[1]);
        if (fd < 0 || out_write_whole(fd, text, (size_t)len) != 0 || close(fd) != 0) {
            int e = errno;
            if (fd >= 0)
                unlink(path);
            return cli_fail(CB_EIO, "%s (the key of results files): %s", path, strerror(e));
        }
        return 0;
    }
    return cli_fail(CB_EIO, "%s (the key of results files): made and gone again", path);
}
