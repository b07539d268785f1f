/*
 * fake_mhd.c: a library named as libmicrohttpd's SONAME that holds none of
 * its functions, for the test serve_mhd (tests/web/serve_mhd.sh): `serve`
 * must refuse it with a sentence, not crash.
 */
int cb_fake_mhd_marker;
