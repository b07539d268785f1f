// load.mjs: a load and abuse test of `codebreaker serve` on loopback, bounded in count and time:
// first 3 s of a cheap GET among 500 slow heads and 500 slow bodies (its p99 within the latency bound);
// then a normal client among 2150 heads trickled from 32 addresses, and among ten addresses looping
// costly rankings (every request answered; issue 57), while one head trickled past its deadline is closed;
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
const statusOf = (text) => Number((text.match(/^HTTP\/1\.\d (\d+)/) || [])[1] || 0);

function rssMiB() {
  const m = fs.readFileSync(`/proc/${srv.proc.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(m[1]) / 1024;
}

// A raw exchange with a deadline; resolves to the status (0: closed without an answer), or with `whole`
// to the answer's text.
function raw(text, { from = '127.0.0.1', timeout = 12000, whole = false } = {}) {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let buf = '';
    const finish = () => { clearTimeout(t); s.destroy(); resolve(whole ? buf : statusOf(buf)); };
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

// Lock-out by slow heads (issue 57): 2150 heads trickled from 32 addresses (127.0.0.2-33, each may hold
// 64) gave every other client 503, and past 2112 connections new clients waited in the listen backlog.
// Now the last eighth of the connections is kept for addresses that hold few (refused at accept to those
// that hold more): a normal client's GETs, on its kept-alive connection and on new connections from 20
// other addresses, are all answered 200. Meanwhile one head is trickled from 127.0.0.40 a line a second:
// silence never lasts the 5 s idle timeout, so only the head's deadline (serve --head-seconds, 10 s) can
// close it; the test's own bound, 60 s, is never reached when it does.
const trickled = new Promise((resolve) => {
  const t0 = Date.now();
  let mine = false;
  const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.40' });
  s.on('error', () => {});
  let tick;
  s.on('connect', () => {
    s.write('GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    tick = setInterval(() => s.write('X-Slow: 1\r\n'), 1000);
  });
  const bound = setTimeout(() => { mine = true; s.destroy(); }, 60000);
  let answer = '';
  s.on('data', (d) => { answer += d; });
  s.on('close', () => {
    clearInterval(tick);
    clearTimeout(bound);
    resolve({ byServer: !mine && answer === '', seconds: (Date.now() - t0) / 1000, answer: answer.slice(0, 60) });
  });
});
const LOCK_SECONDS = 3;
const lockLoop = monitorEventLoopDelay({ resolution: 20 });
lockLoop.enable();
const lock = attack(port, { heads: 2150, first: 2, last: 33, again: 500 });
const lockConnected = await connected(lock, 1792, 20000); // 2048 less the eighth kept for others
await sleep(1000); // the rest try, and are refused at accept
const lockCheap = [];
for (const stop = Date.now() + LOCK_SECONDS * 1000; Date.now() < stop;) {
  const t0 = Date.now();
  const st = await call('/api/info?game=mastermind');
  lockCheap.push({ ms: Date.now() - t0, st });
}
const lockFresh = [];
for (let i = 1; i <= 20; i++) lockFresh.push(await raw(`GET /api/info?game=mastermind HTTP/1.1\r\n${H}\r\n`, { from: `127.0.1.${i}` }));
const lockOpen = lock.open();
lock.stop();
lockLoop.disable();
const lockHeld = Math.round(lockLoop.max / 1e6);
const lockP99 = percentile(lockCheap.map((c) => c.ms), 99);
console.log(`lock-out: ${lockConnected} trickled heads connected, ${lockOpen} open at the end (${lock.counts.closed} closed by the `
  + `server: refused at accept, or their head's deadline); a normal client's GET: ${lockCheap.length} requests, p50 `
  + `${percentile(lockCheap.map((c) => c.ms), 50)} ms, p99 ${lockP99} ms; new clients: ${lockFresh.join(' ')}; this process's event `
  + `loop held up at most ${lockHeld} ms`);

// Fair shares (issue 57): ten addresses (127.0.4.1-10) each loop eight legal /api/rank calls at once
// (Mastermind's minimax over every guess: tens of ms of a core each; bench/attack.mjs measures Wordle's) while a normal client from 127.0.0.1
// starts games and lists candidates, requests that the request threads answer. Ten such addresses
// pinned both cores and the others' requests waited 2.3 s behind theirs; now an address has at most
// WEB_COSTLY_PER_ADDRESS computing requests in flight (429 with Retry-After beyond, to it alone) and a
// free thread takes a request of the address running the fewest: the normal client is answered every time.
const FAIR_SECONDS = 4;
const fairUntil = Date.now() + FAIR_SECONDS * 1000;
const rankStatus = {};
let noRetryAfter = 0;
async function ranker(from) {
  while (Date.now() < fairUntil) {
    const text = await raw(`GET /api/rank?game=mastermind&strategy=minimax&limit=3 HTTP/1.1\r\n${H}\r\n`,
      { from, whole: true, timeout: 60000 }); // queued behind 39 others: seconds in sanitizer builds
    const st = statusOf(text);
    rankStatus[st] = (rankStatus[st] || 0) + 1;
    if (st === 429 && !/^Retry-After: 1\r?$/im.test(text)) noRetryAfter++;
    if (st !== 200) await sleep(100);
  }
}
const fairNormal = [];
async function fairClient() {
  while (Date.now() < fairUntil) {
    const t0 = Date.now();
    const made = await fetch(`${base}/api/play/new`, form({ game: 'mastermind', seed: '7' }))
      .then(async (r) => { await r.arrayBuffer(); return r.status; }).catch(() => 0);
    const listed = await call('/api/candidates?game=wordle&history=salet%3D.Y...&limit=20');
    fairNormal.push({ ms: Date.now() - t0, made, listed });
  }
}
await call('/api/rank?game=mastermind&strategy=minimax&limit=3'); // warm: the game's table built already
const fairLoop = monitorEventLoopDelay({ resolution: 20 });
fairLoop.enable();
const rankers = [];
for (let a = 1; a <= 10; a++) for (let k = 0; k < 8; k++) rankers.push(ranker(`127.0.4.${a}`));
await fairClient();
await Promise.all(rankers);
fairLoop.disable();
const fairHeld = Math.round(fairLoop.max / 1e6);
const fairP99 = percentile(fairNormal.map((c) => c.ms), 99);
console.log(`fair shares: the rankers' answers by status ${JSON.stringify(rankStatus)}; a normal client's game and candidates: `
  + `${fairNormal.length} pairs, p50 ${percentile(fairNormal.map((c) => c.ms), 50)} ms, p99 ${fairP99} ms; this process's event `
  + `loop held up at most ${fairHeld} ms`);
const trickle = await trickled;
console.log(`a head trickled a line a second: closed after ${trickle.seconds} s, answered ${JSON.stringify(trickle.answer)}`);

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
check(lockCheap.length > 0 && lockCheap.every((c) => c.st === 200), `lock-out: every GET of a normal client among 2150 trickled heads answered 200 (${lockCheap.length})`);
check(lockFresh.every((st) => st === 200), `lock-out: a new client from each of 20 other addresses answered 200 (${lockFresh.join(' ')})`);
if (lockHeld > LATENCY_MS / 2 && lockP99 >= LATENCY_MS) {
  console.log(`not judged: lock-out: the GET's p99 ${lockP99} ms: this process was held up ${lockHeld} ms at once (the machine is overloaded)`);
} else check(lockP99 < LATENCY_MS, `lock-out: the normal client's p99 ${lockP99} ms < ${LATENCY_MS} ms`);
check(trickle.byServer && trickle.seconds >= 10, `a head trickled past its deadline (10 s) is closed by the server, without an answer (after ${trickle.seconds} s)`);
check(fairNormal.length > 0 && fairNormal.every((c) => c.made === 201 && c.listed === 200),
  `fair shares: every request of a normal client among ten ranking addresses answered (${fairNormal.length} pairs)`);
check(rankStatus[200] > 0 && rankStatus[429] > 0 && Object.keys(rankStatus).every((k) => k === '200' || k === '429'),
  `fair shares: the rankers are answered 200, or 429 past their share (${JSON.stringify(rankStatus)})`);
check(noRetryAfter === 0, `fair shares: every 429 says Retry-After: 1 (${noRetryAfter} did not)`);
if (fairHeld > LATENCY_MS / 2 && fairP99 >= LATENCY_MS) {
  console.log(`not judged: fair shares: the p99 ${fairP99} ms: this process was held up ${fairHeld} ms at once (the machine is overloaded)`);
} else check(fairP99 < LATENCY_MS, `fair shares: the normal client's p99 ${fairP99} ms < ${LATENCY_MS} ms`);
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
