// load.mjs: a load and abuse test of `codebreaker serve` on loopback, bounded in count and time:
// first 3 s of a cheap GET among 500 slow heads and 500 slow bodies (its p99 within the latency bound);
// then for ABUSE_SECONDS, many parallel clients (games, ranks, candidates), slow clients dribbling
// headers, oversized and malformed requests, and event streams cancelled mid-way hit one server
// while a prober sends a normal request every 200 ms: each must be answered within a second. The
// server's memory (VmRSS from /proc) must come back near its baseline afterwards, it must still
// answer, and SIGTERM must stop it. Stops by itself: every socket has a deadline. The checks on time
// are judged only when this process itself ran on time (its event loop never held up more than half
// the latency bound): on an overloaded machine they would measure the test, not the server.
// usage: node tests/web/load.mjs path/to/codebreaker [seconds [latency-ms]]
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { attack, connected, percentile } from './attackers.mjs';
import { startServer } from './server.mjs';

const binary = process.argv[2];
const ABUSE_SECONDS = Number(process.argv[3] || 15);
const LATENCY_MS = Number(process.argv[4] || 1000); // a normal request's answer, at most
// RSS may end at most this far above its baseline; 0: not checked (sanitizer builds, whose allocator
// keeps freed memory in quarantine by design, so RSS cannot come back; the release suite checks it).
const MEM_SLACK_MIB = Number(process.argv[5] ?? 48);
const srv = await startServer(binary);
const base = srv.url;
const port = Number(new URL(base).port);
let until = 0;
const counts = {};
const count = (k) => { counts[k] = (counts[k] || 0) + 1; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssMiB() {
  const m = fs.readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(m[1]) / 1024;
}

// A raw exchange with a deadline; resolves to the status (0: closed without an answer).
function raw(text, { from = '127.0.0.1', timeout = 12000, hold = false } = {}) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let buf = '';
    const finish = () => { clearTimeout(t); s.destroy(); resolve(Number((buf.match(/^HTTP\/1\.\d (\d+)/) || [])[1] || 0)); };
    const t = setTimeout(finish, timeout);
    s.on('data', (d) => { buf += d; });
    s.on('end', finish);
    s.on('error', finish);
    s.write(text); // kept open both ways, as a client that may send more
  });
}

async function call(path, init) {
  const ctl = new AbortController();
  const t = setTimeout(() => ctl.abort(), 10000);
  try {
    const res = await fetch(`${base}${path}`, { ...init, signal: ctl.signal });
    await res.arrayBuffer();
    count(`status ${res.status}`);
    return res.status;
  } catch {
    count('failed');
    return 0;
  } finally {
    clearTimeout(t);
  }
}
const form = (o) => ({ method: 'POST', body: new URLSearchParams(o) });

// The prober: a normal request every 200 ms, each answered within a second.
const latencies = [];
async function prober() {
  while (Date.now() < until) {
    const t0 = Date.now();
    const st = await call('/api/info?game=mastermind');
    latencies.push({ ms: Date.now() - t0, st });
    await sleep(200);
  }
}

// Ordinary players: games, ranks, candidates, in a loop.
async function player(i) {
  while (Date.now() < until) {
    const r = await fetch(`${base}/api/play/new`, form({ game: i % 2 ? 'wordle' : 'mastermind', seed: String(i) })).catch(() => null);
    if (r && r.status === 201) {
      const { id } = await r.json();
      await call('/api/play/guess', form({ id, guess: i % 2 ? 'salet' : '1122' }));
      await call(`/api/play/details?id=${id}`);
    } else if (r) await r.arrayBuffer();
    await call(`/api/rank?game=bulls&strategy=minimax&limit=3&history=0123%3D1B1W`);
    await call(`/api/candidates?game=wordle&history=salet%3D.Y...&limit=20`);
    await sleep(50);
  }
}

// Slow clients: headers one line every second, until their deadline.
async function slowClient(i) {
  while (Date.now() < until) {
    await new Promise((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.2.${1 + (i % 200)}` });
      s.on('error', () => {});
      s.write('GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const tick = setInterval(() => s.write('X-Slow: 1\r\n'), 1000);
      const stop = () => { clearInterval(tick); s.destroy(); resolve(); };
      s.on('close', stop);
      setTimeout(stop, Math.max(0, Math.min(8000, until - Date.now())));
    });
  }
}

// Oversized and malformed requests.
const H = 'Host: 127.0.0.1\r\nConnection: close\r\n';
const CT = 'Content-Type: application/x-www-form-urlencoded\r\n';
const abuses = [
  [`GET /api/games HTTP/1.1\r\n${H}X-Big: ${'a'.repeat(20000)}\r\n\r\n`, [413, 431, 400, 0]],
  [`POST /api/play/new HTTP/1.1\r\n${H}${CT}Content-Length: 20000\r\n\r\n${'a'.repeat(20000)}`, [413]],
  [`POST /api/play/new HTTP/1.1\r\n${H}${CT}Content-Length: 1000000000000\r\n\r\ngame=wordle`, [413]],
  [`POST /api/play/new HTTP/1.1\r\n${H}${CT}Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`, [411]],
  [`GET /api/rank?game=mastermind&colors=16&pegs=5&strategy=first HTTP/1.1\r\n${H}\r\n`, [422]],
  [`POST /api/jobs/start HTTP/1.1\r\n${H}${CT}Content-Length: 45\r\n\r\nkind=analyse&game=mastermind&colors=16&pegs=5`, [422]],
  [`GET /api/candidates?${'a=1&'.repeat(100)} HTTP/1.1\r\n${H}\r\n`, [400]],
  [`GET /api/../app.js HTTP/1.1\r\n${H}\r\n`, [404]],
  [`BREW /api/games HTTP/1.1\r\n${H}\r\n`, [405, 400]],
  ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 garbage\r\n\r\n', [400, 0]],
  [`GET /api/games HTTP/9.9\r\n${H}\r\n`, [505, 400, 0, 200]],
];
const abuseFailures = [];
async function abuser(i) {
  for (let k = i; Date.now() < until; k += 7) {
    const [text, allowed] = abuses[k % abuses.length];
    const st = await raw(text, { from: `127.0.3.${1 + (k % 100)}` });
    count(`abuse ${st}`);
    if (!allowed.includes(st)) abuseFailures.push({ st, what: `${JSON.stringify(text.slice(0, 50))}: ${st}, want ${allowed}` });
  }
}

// Event streams opened and dropped after their first event; jobs cancelled.
async function streamer(i) {
  while (Date.now() < until) {
    const r = await fetch(`${base}/api/jobs/start`, form({ kind: 'analyse', game: 'wordle' })).catch(() => null);
    if (!r) continue;
    const j = await r.json().catch(() => ({}));
    if (r.status !== 202) { count(`job ${r.status}`); await sleep(300); continue; }
    count('job started');
    const ctl = new AbortController();
    const t = setTimeout(() => ctl.abort(), 5000);
    try {
      const ev = await fetch(`${base}/api/jobs/events?id=${j.id}`, { signal: ctl.signal });
      const reader = ev.body.getReader();
      await reader.read();
      ctl.abort(); // the client goes away mid-stream
      count('stream dropped');
    } catch { count('stream failed'); }
    clearTimeout(t);
    if (i % 2) await call('/api/jobs/cancel', form({ id: j.id }));
  }
}

// Warm up: the games and caches the run touches are built once (the game cache keeps up to 8
// games, the feedback tables and their secret-major copies: bounded, and not what is measured).
for (const g of ['wordle', 'mastermind', 'bulls']) await call(`/api/info?game=${g}`);
await call('/api/rank?game=bulls&strategy=minimax&limit=3&history=0123%3D1B1W');
await call('/api/candidates?game=wordle&history=salet%3D.Y...&limit=20');
await call('/api/rank?game=mastermind&colors=16&pegs=5&strategy=first');
{
  const r = await fetch(`${base}/api/jobs/start`, form({ kind: 'analyse', game: 'wordle' }));
  const { id } = await r.json();
  while ((await (await fetch(`${base}/api/jobs/status?id=${id}`)).json()).state === 'running') await sleep(50);
}

// Slow clients at scale (issue 38): 500 slow heads and 500 slow bodies from 127.0.0.2-250 stay connected
// while a separate client sends the cheap GET one after another for SLOW_SECONDS: its p99 must stay
// within the latency bound (measured on 2 cores at load average 18: 42 ms; civetweb's threads gave p99 of
// seconds: every thread held by a slow client).
const SLOW_SECONDS = 3;
const slowLoop = monitorEventLoopDelay({ resolution: 20 });
slowLoop.enable();
const slow = attack(port, { heads: 500, bodies: 500 });
const slowConnected = await connected(slow, 1000, 15000);
const cheap = [];
for (const stop = Date.now() + SLOW_SECONDS * 1000; Date.now() < stop;) {
  const t0 = Date.now();
  const st = await call('/api/feedback?game=mastermind&guess=1122&secret=1234');
  cheap.push({ ms: Date.now() - t0, st });
}
const slowOpen = slow.open();
slow.stop();
slowLoop.disable();
const slowHeld = Math.round(slowLoop.max / 1e6);
const cheapP99 = percentile(cheap.map((c) => c.ms), 99);
console.log(`slow clients: ${slowConnected} connected, ${slowOpen} still open at the end (${slow.counts.closed} let go by the `
  + `server); the cheap GET: ${cheap.length} requests, p50 ${percentile(cheap.map((c) => c.ms), 50)} ms, p99 ${cheapP99} ms; `
  + `this process's event loop held up at most ${slowHeld} ms`);
await sleep(1500); // the attackers' connections close on the server's side
const baseline = rssMiB();
// How late this process's own event loop ran: on a machine too loaded to give the test its turn, its
// clients send late (the server closes a connection silent for 5 s: no answer) and its prober waits
// in its own queue, so the clock measures the test, not the server.
const loop = monitorEventLoopDelay({ resolution: 20 });
loop.enable();
const t0 = Date.now();
until = t0 + ABUSE_SECONDS * 1000;
const work = [prober()];
for (let i = 0; i < 8; i++) work.push(player(i));
for (let i = 0; i < 30; i++) work.push(slowClient(i));
for (let i = 0; i < 7; i++) work.push(abuser(i));
for (let i = 0; i < 3; i++) work.push(streamer(i));
let peak = baseline;
const sampler = setInterval(() => { peak = Math.max(peak, rssMiB()); }, 250);
await Promise.all(work);
clearInterval(sampler);
loop.disable();
const heldMs = Math.round(loop.max / 1e6);
const starved = heldMs > LATENCY_MS / 2;
const abuseSeconds = (Date.now() - t0) / 1000;

// Afterwards: jobs end, memory comes back, the server still answers.
let after = rssMiB();
for (let i = 0; i < 40 && MEM_SLACK_MIB && after > baseline + MEM_SLACK_MIB; i++) { await sleep(250); after = rssMiB(); }
const worst = Math.max(...latencies.map((l) => l.ms));
console.log(`abuse ${abuseSeconds.toFixed(1)} s; prober: ${latencies.length} requests, worst ${worst} ms; `
  + `RSS baseline ${baseline.toFixed(1)} MiB, peak ${peak.toFixed(1)}, after ${after.toFixed(1)}`);
console.log(JSON.stringify(counts));
let failed = 0;
const check = (ok, what) => { if (!ok) { failed++; console.log(`FAIL ${what}`); } else console.log(`ok ${what}`); };
// the checks on time, judged only when this process ran on time
const timely = (ok, what) => {
  if (starved && !ok) console.log(`not judged: ${what}: this process was held up ${heldMs} ms at once (the machine is overloaded)`);
  else check(ok, what);
};
console.log(`this process's event loop was held up at most ${heldMs} ms`);
check(slowConnected >= 900, `slow clients: ${slowConnected} of 1000 connected at once`);
check(cheap.every((c) => c.st === 200), 'slow clients: every cheap GET answered 200');
if (slowHeld > LATENCY_MS / 2 && cheapP99 >= LATENCY_MS) {
  console.log(`not judged: the cheap GET's p99 ${cheapP99} ms: this process was held up ${slowHeld} ms at once (the machine is overloaded)`);
} else check(cheapP99 < LATENCY_MS, `slow clients: the cheap GET's p99 ${cheapP99} ms < ${LATENCY_MS} ms (${cheap.length} requests)`);
timely(latencies.length >= ABUSE_SECONDS * 1.5, `the prober ran (${latencies.length} requests)`);
check(latencies.every((l) => l.st === 200), 'every normal request answered 200');
timely(worst < LATENCY_MS, `every normal request within ${LATENCY_MS} ms (worst ${worst} ms)`);
const unanswered = abuseFailures.filter((f) => f.st === 0);
timely(unanswered.length === 0, `every abusive request answered (${unanswered.slice(0, 3).map((f) => f.what).join('; ')})`);
const wrong = abuseFailures.filter((f) => f.st !== 0);
check(wrong.length === 0, `every abusive request refused as it should be ${wrong.slice(0, 3).map((f) => f.what).join('; ')}`);
if (MEM_SLACK_MIB) {
  check(after <= baseline + MEM_SLACK_MIB,
    `memory back near its baseline (${after.toFixed(1)} MiB, baseline ${baseline.toFixed(1)} + ${MEM_SLACK_MIB})`);
}
check((await call('/api/games')) === 200, 'still serving');
const stop = await srv.stop('SIGTERM');
check(stop.code === 0 && stop.seconds < 2, `SIGTERM stopped it in ${stop.seconds} s`);
console.log(failed ? `${failed} failed` : 'all passed');
process.exit(failed ? 1 : 0);
