#!/bin/sh
# bench/server.sh BUILD_DIR [REQUESTS [CLIENTS [PATH]]]: requests per second and latency of
# `codebreaker serve` (issue 25). Starts the server on a free loopback port, sends REQUESTS GETs
# of PATH (default 20000 of /api/info?game=mastermind) from CLIENTS parallel clients (default 16),
# each sending its next request once its answer came, twice: once opening a connection for every
# request, once reusing connections (Node's http.Agent with keepAlive: what the server allows).
# Prints requests/s, the median and 99th percentile latency, the connections opened and the server's
# processor time a request (user + system, from /proc, and the kernel's share), then
# stops the server with SIGTERM and prints how long it took. The client is one Node process on the
# same machine: on few cores it takes a share of the processor the server would otherwise have.
set -e
build="${1:-build}"
requests="${2:-20000}"
clients="${3:-16}"
path="${4:-/api/info?game=mastermind}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/server.sh BUILD_DIR [REQUESTS [CLIENTS [PATH]]] (needs $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
here=$(cd "$(dirname "$0")/.." && pwd)
echo "load: $(uptime | sed 's/.*load average: //'), $(nproc) cores"
node --input-type=module - "$here/tests/web/server.mjs" "$cb" "$requests" "$clients" "$path" <<'JS'
import fs from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
const [serverMjs, cb, requests, clients, path] = process.argv.slice(2);
const { startServer } = await import(pathToFileURL(serverMjs));
const srv = await startServer(cb);
const url = new URL(path, srv.url);
// The server's processor time so far, user and system (ms; /proc counts in ticks of 10 ms).
function cpu() {
  const f = fs.readFileSync(`/proc/${srv.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return [Number(f[11]) * 10, Number(f[12]) * 10];
}

function get(agent, opened) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve([res.statusCode, Number(process.hrtime.bigint() - t0) / 1e6]));
    });
    req.on('socket', (s) => { if (!s.cbSeen) { s.cbSeen = true; opened.n++; } });
    req.on('error', reject);
    req.setTimeout(10000, () => req.destroy(new Error('no answer within 10 s')));
  });
}

async function run(n, keepAlive) {
  // (with a finite maxSockets Node reuses a connection for a waiting request even without keepAlive)
  const agent = new http.Agent({ keepAlive, maxSockets: keepAlive ? Number(clients) : Infinity });
  const opened = { n: 0 };
  const ms = [];
  let left = n, bad = 0;
  const [u0, s0] = cpu();
  const t0 = process.hrtime.bigint();
  const client = async () => {
    while (left > 0) {
      left--;
      const [status, t] = await get(agent, opened);
      if (status !== 200) bad++;
      ms.push(t);
    }
  };
  await Promise.all(Array.from({ length: Number(clients) }, client));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const [u1, s1] = cpu();
  agent.destroy();
  ms.sort((a, b) => a - b);
  const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(2);
  const used = u1 - u0 + s1 - s0;
  return { rate: Math.round(n / seconds), p50: q(0.5), p99: q(0.99), opened: opened.n, bad,
    us: Math.round((used * 1000) / n), kernel: Math.round((100 * (s1 - s0)) / Math.max(1, used)) };
}

console.log(`GET ${url.pathname}${url.search}: ${requests} requests from ${clients} clients`);
for (const keepAlive of [false, true]) {
  await run(Math.min(2000, Number(requests)), keepAlive); // warm-up
  const r = await run(Number(requests), keepAlive);
  console.log(`  ${keepAlive ? 'client keeps connections' : 'a connection a request  '}: ${r.rate} requests/s, ` +
              `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.opened} connections opened, ${r.bad} answers not 200; ` +
              `server ${r.us} us of processor a request, ${r.kernel}% in the kernel`);
}
const stop = await srv.stop('SIGTERM');
console.log(`  SIGTERM: exit ${stop.code}, ${stop.seconds.toFixed(2)} s`);
JS
echo "load: $(uptime | sed 's/.*load average: //')"
