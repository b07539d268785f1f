#!/bin/sh
# serve_mhd.sh: `serve` loads libmicrohttpd when it starts (web/mhd.c), no other command maps it.
# usage: sh tests/web/serve_mhd.sh path/to/codebreaker FAKE_DIR   (FAKE_DIR: a library of libmicrohttpd's
# SONAME that lacks its functions, tests/web/fake_mhd.c)
cb="$1"
fake="$2"
. "$(dirname "$0")/../cli/lib.sh"

# another command does not load the server's libraries (before: libmicrohttpd, libgnutls and eight more)
LD_DEBUG=libs "$cb" info --game mastermind >/dev/null 2>"$tmp/libs"
if grep -q 'microhttpd\|gnutls' "$tmp/libs"; then bad "info loads the server's libraries"; else ok; fi
grep -q 'libc\.so' "$tmp/libs" && ok || bad "LD_DEBUG=libs printed no library: $(head -c 200 "$tmp/libs")"

# a library of that name without its functions: a sentence and status 2, no crash
LD_LIBRARY_PATH="$fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
expect_err serve-no-mhd 2 \
    "has no MHD_[a-z_]+: another version than the program was built with" -- serve --port 0

summary serve_mhd
