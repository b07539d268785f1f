// attack.mjs: how slow clients slow down a cheap request. Starts `codebreaker serve` (or uses a running
// server's URL), opens HEADS slow-head and BODIES slow-body connections from 127.0.0.2-250
// (tests/web/attackers.mjs), then 16 clients (127.0.3.1-16) send `GET /api/feedback` on kept-alive connections for
// SECONDS and it prints the requests a second, the latencies' p50 and p99, the server's processor time a
// request (user + system, when it started the server) and the load average (the machine's other work).
// ADDRESSES spreads the slow clients over 127.0.0.2 to 2+ADDRESSES-1 (default 249: up to .250); RANKERS
// addresses (127.0.4.1-RANKERS) each loop eight `GET /api/rank` of Wordle's minimax at once; PATH is the
// 16 clients' request instead of the cheap GET (one the request threads answer, to see their share).
// usage: node bench/attack.mjs path/to/codebreaker|http://127.0.0.1:PORT HEADS BODIES [SECONDS [ADDRESSES
//        [RANKERS [PATH]]]]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { attack, connected, percentile } from '../tests/web/attackers.mjs';
import { startServer } from '../tests/web/server.mjs';

const [target, heads = '0', bodies = '0', seconds = '10', addresses = '249', rankers = '0',
  path = '/api/feedback?game=mastermind&guess=1122&secret=1234'] = process.argv.slice(2);
const srv = target.startsWith('http') ? null : await startServer(target);
const url = new URL(srv ? srv.url : target);
const a = attack(Number(url.port), { heads: Number(heads), bodies: Number(bodies), last: 1 + Number(addresses) });
const have = await connected(a, Number(heads) + Number(bodies), 20000);
// 16 clients, each from an address of its own (127.0.3.1-16) on one kept-alive connection: normal clients
const agents = Array.from({ length: 16 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
const get = (i) => new Promise((resolve) => {
  const t0 = process.hrtime.bigint();
  const req = http.get({ host: '127.0.0.1', port: url.port, path, agent: agents[i], localAddress: `127.0.3.${i + 1}`, timeout: 60000 }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode }));
  });
  req.on('timeout', () => req.destroy());
  req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: 0 }));
});
// the server's processor time so far, in ms (/proc counts ticks of 10 ms)
const cpu = () => (srv ? fs.readFileSync(`/proc/${srv.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13)
  .reduce((a, b) => a + Number(b), 0) * 10 : NaN);
// the rankers: eight loops an address, each a new connection; their answers counted by status
const ranked = {};
let ranking = true;
const rank = (from) => new Promise((resolve) => {
  const req = http.get({ host: '127.0.0.1', port: url.port, localAddress: from, agent: false,
    path: '/api/rank?game=wordle&strategy=minimax&limit=3', timeout: 60000 }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
  });
  req.on('timeout', () => req.destroy());
  req.on('error', () => resolve(0));
});
const rankLoops = [];
if (Number(rankers)) await rank('127.0.4.1'); // Wordle's table built before the clock runs
for (let i = 1; i <= Number(rankers); i++) {
  for (let k = 0; k < 8; k++) {
    rankLoops.push((async () => {
      while (ranking) {
        const st = await rank(`127.0.4.${i}`);
        ranked[st] = (ranked[st] || 0) + 1;
        if (st !== 200) await new Promise((r) => setTimeout(r, 100));
      }
    })());
  }
}
const cpu0 = cpu();
const results = [];
const until = Date.now() + Number(seconds) * 1000;
const t0 = Date.now();
await Promise.all(Array.from({ length: 16 }, async (_, i) => { while (Date.now() < until) results.push(await get(i)); }));
const wall = (Date.now() - t0) / 1000;
ranking = false;
await Promise.all(rankLoops);
const cpuPer = ((cpu() - cpu0) * 1000) / Math.max(1, results.length);
const ms = results.map((r) => r.ms);
const failed = results.filter((r) => r.status !== 200).length;
console.log(`${heads} slow heads, ${bodies} slow bodies from ${addresses} addresses (${have} connected), ${path}: ${(results.length / wall).toFixed(1)} req/s, `
  + `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, ${results.length} requests, `
  + `${failed} not 200; server ${cpuPer.toFixed(0)} us of processor a request (attackers included); `
  + `attackers let go ${a.counts.closed}${Number(rankers) ? `; ${rankers} ranking addresses' answers ${JSON.stringify(ranked)}` : ''}; `
  + `load average ${os.loadavg()[0].toFixed(1)}`);
a.stop();
for (const agent of agents) agent.destroy();
if (srv) await srv.stop('SIGTERM');
process.exit(0);
