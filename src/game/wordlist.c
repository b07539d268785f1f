/* wordlist.c: reading word lists (UTF-8, comments, CRLF, case folding). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game_internal.h"

long cbg_utf8_decode(const unsigned char *s, size_t len, int *used)
{
    static const uint32_t min_for[5] = {0, 0, 0x80, 0x800, 0x10000};
    int need;
    uint32_t cp;
    if (len == 0)
        return -1;
    if (s[0] < 0x80) {
        *used = 1;
        return s[0];
    }
    if ((s[0] & 0xe0) == 0xc0) {
        need = 2;
        cp = s[0] & 0x1fu;
    } else if ((s[0] & 0xf0) == 0xe0) {
        need = 3;
        cp = s[0] & 0x0fu;
    } else if ((s[0] & 0xf8) == 0xf0) {
        need = 4;
        cp = s[0] & 0x07u;
    } else
        return -1;
    if ((size_t)need > len)
        return -1;
    for (int i = 1; i < need; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return -1;
        cp = (cp << 6) | (s[i] & 0x3fu);
    }
    if (cp < min_for[need] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return -1; /* overlong, out of range or a surrogate */
    *used = need;
    return (long)cp;
}

int cbg_utf8_encode(uint32_t cp, char *out)
{
    int n;
    if (cp < 0x80) {
        out[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        n = 2;
    } else if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        n = 3;
    } else {
        out[0] = (char)(0xf0 | (cp >> 18));
        out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[3] = (char)(0x80 | (cp & 0x3f));
        n = 4;
    }
    out[n] = '\0';
    return n;
}

uint32_t cbg_fold(uint32_t cp)
{
    if (cp >= 'A' && cp <= 'Z')
        return cp + 32;
    if (cp >= 0xc0 && cp <= 0xde && cp != 0xd7) /* Latin-1 capitals */
        return cp + 32;
    if (cp >= 0x100 && cp <= 0x137 && !(cp & 1)) /* Latin Extended-A pairs */
        return cp + 1;
    if (cp >= 0x139 && cp <= 0x148 && (cp & 1))
        return cp + 1;
    if (cp >= 0x14a && cp <= 0x177 && !(cp & 1))
        return cp + 1;
    if (cp >= 0x391 && cp <= 0x3a9 && cp != 0x3a2) /* Greek capitals */
        return cp + 32;
    if (cp >= 0x410 && cp <= 0x42f) /* Cyrillic capitals */
        return cp + 32;
    if (cp >= 0x400 && cp <= 0x40f)
        return cp + 80;
    return cp;
}

static int wordlist_push(cbg_wordlist *wl, const uint32_t *cps, size_t line)
{
    if (wl->count == wl->cap) {
        size_t cap = wl->cap ? wl->cap * 2 : 1024;
        uint32_t *c = realloc(wl->cps, cap * (size_t)wl->n * sizeof *c);
        if (!c)
            return CB_ENOMEM;
        wl->cps = c;
        size_t *l = realloc(wl->lines, cap * sizeof *l);
        if (!l)
            return CB_ENOMEM;
        wl->lines = l;
        wl->cap = cap;
    }
    memcpy(wl->cps + wl->count * (size_t)wl->n, cps, (size_t)wl->n * sizeof *cps);
    wl->lines[wl->count++] = line;
    return CB_OK;
}

/*
 * Decode one line (without its newline) into folded code points. Returns
 * the number of characters (possibly above CB_MAX_LENGTH, then only the
 * first CB_MAX_LENGTH are stored), -1 for invalid UTF-8, -2 for an
 * invisible character.
 */
static int decode_line(const char *p, size_t len, uint32_t *cps)
{
    int count = 0;
    size_t i = 0;
    while (i < len) {
        int used = 0;
        long cp = cbg_utf8_decode((const unsigned char *)p + i, len - i, &used);
        if (cp < 0)
            return -1;
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0xfeff || cp == 0x200b)
            return -2; /* a control character (NUL, ESC), a byte order mark or a zero-width space: no letter */
        if (count < CB_MAX_LENGTH)
            cps[count] = cbg_fold((uint32_t)cp);
        count++;
        i += (size_t)used;
    }
    return count;
}

/* Trim a line: drop a comment from '#', surrounding blanks and CR. */
static void trim_line(const char **p, size_t *len)
{
    const char *hash = memchr(*p, '#', *len);
    if (hash)
        *len = (size_t)(hash - *p);
    while (*len && (**p == ' ' || **p == '\t' || **p == '\r')) {
        (*p)++;
        (*len)--;
    }
    while (*len && ((*p)[*len - 1] == ' ' || (*p)[*len - 1] == '\t' || (*p)[*len - 1] == '\r'))
        (*len)--;
}

static int bad_line(cbg_wordlist *wl, int lenient, size_t *skipped, cb_error *err, size_t line, const char *what,
                    const char *p, size_t len)
{
    if (lenient) {
        if (skipped)
            (*skipped)++;
        return CB_OK;
    }
    return cb_error_set(err, CB_EPARSE, "%s:%zu: '%.*s' %s", wl->name, line, (int)(len > 60 ? 60 : len), p, what);
}

int cbg_wordlist_parse(cbg_wordlist *wl, const char *text, size_t size, const char *name, int length, int select,
                       int lenient, size_t *skipped, cb_error *err)
{
    size_t line = 0, pos = 0;
    memset(wl, 0, sizeof *wl);
    snprintf(wl->name, sizeof wl->name, "%s", name);
    wl->n = length;
    while (pos < size) {
        const char *p = text + pos;
        const char *nl = memchr(p, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - p) : size - pos;
        uint32_t cps[CB_MAX_LENGTH];
        int rc = CB_OK;
        pos += len + 1;
        line++;
        if (len > CBG_MAX_LINE) {
            cbg_wordlist_release(wl);
            return cb_error_set(err, CB_ETOOBIG, "%s:%zu: a line of %zu bytes; the limit is %d", name, line, len,
                                CBG_MAX_LINE);
        }
        trim_line(&p, &len);
        if (len == 0)
            continue;
        int n = decode_line(p, len, cps);
        if (n == -1)
            rc = bad_line(wl, lenient, skipped, err, line, "is not valid UTF-8", p, len);
        else if (n == -2)
            rc = bad_line(wl, lenient, skipped, err, line,
                          "holds a control or invisible character (a NUL byte? a byte order mark?)", p, len);
        else if (wl->count == CB_MAX_CODES) {
            cbg_wordlist_release(wl);
            return cb_error_set(err, CB_ETOOBIG, "%s:%zu: more than %u words", name, line, CB_MAX_CODES);
        } else if (memchr(p, ' ', len) || memchr(p, '\t', len))
            rc = bad_line(wl, lenient, skipped, err, line, "holds more than one word", p, len);
        else if (wl->n == 0 && n > CB_MAX_LENGTH) {
            cbg_wordlist_release(wl);
            return cb_error_set(err, CB_ETOOBIG, "%s:%zu: words of %d characters are longer than the limit of %d", name,
                                line, n, CB_MAX_LENGTH);
        } else {
            if (wl->n == 0)
                wl->n = n;
            if (n != wl->n && select)
                continue; /* a word of another length in a mixed-length list */
            if (n != wl->n) {
                char what[96];
                snprintf(what, sizeof what, "has %d characters; the words of this game have %d", n, wl->n);
                rc = bad_line(wl, lenient, skipped, err, line, what, p, len);
            } else
                rc = wordlist_push(wl, cps, line);
        }
        if (rc != CB_OK) {
            cbg_wordlist_release(wl);
            if (rc == CB_ENOMEM)
                cb_error_set(err, rc, "out of memory reading %s", name);
            return rc;
        }
    }
    if (wl->count == 0) {
        cbg_wordlist_release(wl);
        if (select && length > 0)
            return cb_error_set(err, CB_EPARSE, "%s: no words of %d letters", name, length);
        return cb_error_set(err, CB_EPARSE, "%s: no words found", name);
    }
    return CB_OK;
}

void cbg_wordlist_release(cbg_wordlist *wl)
{
    free(wl->cps);
    free(wl->lines);
    wl->cps = NULL;
    wl->lines = NULL;
    wl->count = wl->cap = 0;
}
