#!/bin/sh
# skip.sh REASON: stands in for a test that this build cannot run, its optional part being absent
# (tests/CMakeLists.txt, cb_skipped_test), so that ctest lists it as skipped with the reason rather
# than leave it out unsaid: exit 77 (SKIP_RETURN_CODE), or 1 under CB_NO_SKIP=1 (CI: every test runs).
echo "skipped: $1"
if [ "${CB_NO_SKIP:-0}" = 1 ]; then
    echo "FAIL: CB_NO_SKIP=1: every test must run"
    exit 1
fi
exit 77
