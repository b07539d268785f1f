/*
 * api.h: the JSON API under /api/ (see docs/web.md for every endpoint).
 *
 * web_api_handle() answers one request whose parameters are parsed: it
 * checks the method and the parameter names of the endpoint, runs it, and
 * returns 0 (answer in r->out, status in r->status), -1 (r's error set) or
 * WEB_ANSWERED (it answered on the connection itself: event streams).
 */
#ifndef WEB_API_H
#define WEB_API_H

#include "request.h"

int web_api_handle(web_req *r);

#endif
