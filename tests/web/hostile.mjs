// hostile.mjs: `codebreaker serve` against the requests of issue 15 (each failed before its fix):
// rankings bounded by their cost whatever the strategy, paths matched as sent, malformed and
// incomplete bodies refused, slow clients that cost nothing, sessions a client cannot take from
// another, and stopping within a second while work runs.
// usage: node tests/web/hostile.mjs path/to/codebreaker [SLOW]
// SLOW (default 1) multiplies every time bound: sanitizer builds run the server several times slower.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { attack, connected } from './attackers.mjs';
import { startServer } from './server.mjs';
import { suite } from './suite.mjs';

const binary = process.argv[2];
const slowdown = Number(process.argv[3] || 1);

// A row of docs/limits.md's tables, by the first words of its first cell: the first number of its
// value (in bytes when it says KiB) and the statuses of its last cell. The tests below probe these.
const limitsPage = readFileSync(new URL('../../docs/limits.md', import.meta.url), 'utf8');
function limit(name) {
  const row = limitsPage.split('\n').find((l) => l.startsWith(`| ${name}`));
  assert.ok(row, `docs/limits.md has no row '${name}'`);
  const [, value, beyond] = row.split(' | ');
  const n = Number(value.match(/\d+/)[0]);
  return { value: /^\d+ KiB/.test(value) ? n * 1024 : n, statuses: (beyond.match(/\b[45]\d\d\b/g) || []).map(Number) };
}
const THREADS = limit('request threads').value;

// Watch this process's event loop; onTime(watch, ok, what) then asserts ok, unless the loop was held up
// more than half a second at once or the machine runs more than three processes a core (load average
// over a minute): there a bound on the clock measures the machine, not the server (what was not
// judged is printed, with why).
function watch() {
  const h = monitorEventLoopDelay({ resolution: 20 });
  h.enable();
  return h;
}
function onTime(h, ok, what) {
  h.disable();
  const held = Math.round(h.max / 1e6);
  const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  if (!ok && (held > 500 * slowdown || load > 3 * availableParallelism())) {
    console.log(`  not judged: ${what}: this process was held up ${held} ms at once, load average ${load}`);
  } else assert.ok(ok, what);
}
let base;
let port;

const { test, finish } = suite('web hostile');

// The server's processor time so far (user + system, ms; /proc counts in ticks of 10 ms): what a
// request cost, which a loaded machine does not stretch as it does the time it takes.
function cpuMs() {
  const f = readFileSync(`/proc/${srv.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

// A raw exchange from a local address (127.x.y.z: each is a client of its own); resolves to
// {status, text, ms, cpu}: cpu is the server's processor time meanwhile (the tests send one at a time).
function raw(text, { from = '127.0.0.1', timeout = 15000, half = false } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const c0 = cpuMs();
    const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let buf = '';
    const done = () => resolve({ status: Number((buf.match(/^HTTP\/1\.\d (\d+)/) || [])[1] || 0), text: buf, ms: Date.now() - t0,
      cpu: cpuMs() - c0 });
    s.on('data', (d) => { buf += d; });
    s.on('end', done);
    s.on('error', (e) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? done() : reject(e)));
    s.setTimeout(timeout, () => { s.destroy(); reject(new Error(`raw request timed out: ${text.slice(0, 60)}`)); });
    // The socket stays open both ways until the server closes it (the requests say Connection: close),
    // unless `half`: then the client shuts down its sending side at once, as it may (it still reads).
    s.write(text);
    if (half) s.end();
  });
}
const H = 'Host: 127.0.0.1\r\nConnection: close\r\n';
const json = (r) => JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4));
const getFrom = (path, from) => raw(`GET ${path} HTTP/1.1\r\n${H}\r\n`, { from });
function postFrom(path, body, from) {
  return raw(`POST ${path} HTTP/1.1\r\n${H}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`, { from });
}

// A normal request answered, and how long it took (ms).
async function quick() {
  const t0 = Date.now();
  const r = await fetch(`${base}/api/info?game=mastermind`);
  assert.equal(r.status, 200);
  await r.text();
  return Date.now() - t0;
}

const srv = await startServer(binary);
base = srv.url;
port = Number(new URL(base).port);

await test('rank: every strategy is bounded by the pairs it scores (first, frequency included)', async () => {
  for (const g of ['colors=16&pegs=5', 'colors=4&pegs=9']) { // the games built first: what is timed is the refusal
    assert.equal((await getFrom(`/api/info?game=mastermind&${g}`)).status, 200);
  }
  for (const q of ['colors=16&pegs=5&strategy=first', 'colors=16&pegs=5&strategy=frequency', 'colors=4&pegs=9&strategy=first',
    'colors=4&pegs=9&strategy=frequency', 'colors=16&pegs=5&strategy=entropy']) {
    const r = await getFrom(`/api/rank?game=mastermind&${q}`);
    assert.equal(r.status, 422, `${q}: ${r.text}`);
    assert.match(json(r).error, /too many to score on request \(at most \d+ pairs/);
    assert.ok(r.cpu < 2000 * slowdown, `${q} took ${r.cpu} ms of processor time`); // scoring them would take hours
  }
  const job = await postFrom('/api/jobs/start', 'kind=analyse&game=mastermind&colors=16&pegs=5', '127.0.0.9');
  assert.equal(job.status, 422, job.text);
  assert.match(json(job).error, /too many for a job \(at most \d+\)/);
  // a history of turns that tell nothing: each would filter 759 375 candidates again
  const nothing = Array(100).fill('11111%3D0B0W').join(',');
  const h = await getFrom(`/api/candidates?game=mastermind&colors=16&pegs=5&limit=1&history=${nothing}`);
  assert.equal(h.status, 422, h.text);
  assert.match(json(h).error, /check more than \d+ candidates in all/);
  assert.ok(h.cpu < 2000 * slowdown, `the history took ${h.cpu} ms of processor time`); // 0.14 s in the release build
  const played = await getFrom('/api/candidates?game=mastermind&colors=16&pegs=5&limit=1&history=12345%3D0B0W,6789a%3D1B1W');
  assert.equal(played.status, 200, played.text);
  const ok = await getFrom('/api/rank?game=mastermind&strategy=first&limit=2');
  assert.equal(ok.status, 200);
  assert.deepEqual(json(ok).ranked.map((x) => x.guess), ['1111', '1112']);
});

await test('threads: 16 clients ranking by word frequency at once get the same answer, never an error', async () => {
  // the weights were parsed with strtok, whose state the request threads shared: 64-89% spurious 400s (issue 38)
  const one = await getFrom('/api/rank?strategy=frequency&limit=3&history=salet%3D.Y...', '127.0.1.1');
  assert.equal(one.status, 200, one.text);
  const want = JSON.stringify(json(one).ranked);
  const client = async (i) => {
    const bad = [];
    for (let k = 0; k < 8; k++) {
      const r = await getFrom('/api/rank?strategy=frequency&limit=3&history=salet%3D.Y...', `127.0.1.${10 + i}`);
      if (r.status !== 200 || JSON.stringify(json(r).ranked) !== want) bad.push(`${r.status} ${r.text.slice(-120)}`);
    }
    return bad;
  };
  const bad = (await Promise.all(Array.from({ length: 16 }, (_, i) => client(i)))).flat();
  assert.deepEqual(bad, [], `${bad.length} of 128 answers wrong`);
});

await test('several boards and the adversary: bounded by candidates and by the clock', async () => {
  const big = 'game=mastermind&colors=16&pegs=5';
  assert.equal((await getFrom(`/api/info?${big}`)).status, 200); // built first: what is timed is the answer
  const many = await getFrom(`/api/multi?${big}&boards=16`);
  assert.equal(many.status, 422, many.text);
  assert.match(json(many).error, /more than this server plays/);
  // Guesses that tell little on every draw: the secrets are drawn at random (a sealed seed), so read
  // them by giving up, then repeat a colour that at most one peg of the 20 shows (16 colours: some
  // colour is used once at most). After the first guess each board keeps 15^5 = 759 375 candidates
  // (5 x 15^4 for the one with that peg), so the turns check more than 2^24 by the sixth.
  const drawn = await getFrom(`/api/multi?${big}&boards=4&giveup=1`);
  assert.equal(drawn.status, 200, drawn.text);
  const pegs = json(drawn).secrets.join('');
  const colours = '123456789abcdefg'.split('');
  const rare = colours.reduce((a, c) => (pegs.split(c).length < pegs.split(a).length ? c : a));
  assert.ok(pegs.split(rare).length - 1 <= 1, `${rare} in ${pegs}`);
  const idle = Array(12).fill(rare.repeat(5)).join(',');
  const dull = await getFrom(`/api/multi?${big}&boards=4&ticket=${json(drawn).ticket}&guesses=${idle}`);
  assert.equal(dull.status, 422, dull.text);
  assert.match(json(dull).error, /more than \d+ candidates in all/);
  assert.ok(dull.cpu < 2000 * slowdown, `the guesses took ${dull.cpu} ms of processor time`);
  const hint = await getFrom(`/api/multi?${big}&boards=2&hint=1`);
  assert.equal(hint.status, 422, hint.text);
  assert.match(json(hint).error, /beyond this server's limit/);
  // the adversary's hint on a million codes stops at its time limit (2 s), with what it proved
  const adv = await raw(`GET /api/adversary?${big}&hint=1 HTTP/1.1\r\n${H}\r\n`, { timeout: 60000 });
  assert.equal(adv.status, 200, adv.text);
  assert.ok(adv.cpu < 2000 + 2000 * slowdown, `the hint took ${adv.cpu} ms of processor time`); // one thread, 2 s
  assert.equal(json(adv).hint.stopped, true);
  assert.ok((await quick()) < 5000 * slowdown);
});

await test('paths are matched as sent: /api/../app.js and friends lead nowhere', async () => {
  for (const p of ['/api/../app.js', '/api/../', '/vendor/../app.js', '/./app.js', '//app.js', '/api/./games']) {
    const r = await getFrom(p);
    assert.equal(r.status, 404, `${p}: ${r.text.slice(0, 80)}`);
  }
  assert.equal((await getFrom('/app.js')).status, 200);
});

await test('bodies: chunked bodies are 411, short bodies 400, never taken as empty', async () => {
  const head = `POST /api/play/new HTTP/1.1\r\n${H}Content-Type: application/x-www-form-urlencoded\r\n`;
  // a chunk-size line of 63 bytes, each sent within the 1 s a read waits, would hold a thread for a minute
  for (const chunks of ['zz\r\ngame=wordle\r\n0\r\n\r\n', '4\r\ngame\r\n', 'b\r\ngame=wordle\r\n0\r\n\r\n']) {
    const r = await raw(`${head}Transfer-Encoding: chunked\r\n\r\n${chunks}`);
    assert.equal(r.status, 411, `${JSON.stringify(chunks)}: ${r.text}`);
    assert.match(json(r).error, /send the body with a Content-Length/);
  }
  const good = await raw(`${head}Content-Length: 11\r\n\r\ngame=wordle`);
  assert.equal(good.status, 201, good.text);
  // Content-Length beyond the body: the client stops sending; the connection is closed after its
  // silence (WEB_IDLE_SECONDS), without an answer (libmicrohttpd takes none in the middle of a body)
  const silence = limit('keep-alive').value;
  const short = await raw(`${head}Content-Length: 100\r\n\r\ngame=wordle`, { timeout: silence + 8000 });
  assert.equal(short.status, 0, short.text);
  assert.ok(short.ms < silence + 2000 * slowdown, `held ${short.ms} ms`);
  // a body that keeps coming, a byte every 0.2 s (100 bytes: 20 s): a 408 once it has taken 1 s
  const s = net.connect({ port, host: '127.0.0.1' });
  const dribbled = new Promise((resolve) => {
    let buf = '';
    s.on('data', (d) => { buf += d; });
    s.on('error', () => {});
    s.on('close', () => resolve(buf));
  });
  const t0 = Date.now();
  s.write(`${head}Content-Length: 100\r\n\r\n`);
  const tick = setInterval(() => s.write('a'), 200);
  const text = await dribbled;
  clearInterval(tick);
  const body = limit('time for the whole body');
  assert.deepEqual(body.statuses, [408]);
  assert.match(text, /^HTTP\/1\.1 408 /, text);
  assert.match(text, new RegExp(`did not arrive within ${body.value * 1000} ms`));
  assert.ok(Date.now() - t0 < 5000 * slowdown, `held ${Date.now() - t0} ms`);
});

await test('framing: a request that could be read two ways is a 400', async () => {
  const form = 'Content-Type: application/x-www-form-urlencoded\r\n';
  const cases = [
    ['two Host headers', 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n', /Host header is given twice/],
    ['a port that is not a number', 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:anything\r\n', /Host: '127.0.0.1:anything'/],
    ['userinfo', 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:80@evil.com\r\n', /Host: '127.0.0.1:80@evil.com'/],
    ['a port beyond 65535', 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:65536\r\n', /Host: /],
    ['an empty port', 'GET /api/games HTTP/1.1\r\nHost: localhost:\r\n', /Host: /],
    ['Content-Length and Transfer-Encoding', `POST /api/play/new HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}Content-Length: 11\r\nTransfer-Encoding: chunked\r\n\r\nb\r\ngame=wordle\r\n0\r\n`, /not both/],
    ['two different Content-Lengths', `POST /api/play/new HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}Content-Length: 11\r\nContent-Length: 4\r\n\r\ngame=wordle`, /Content-Length header is given twice/],
    ['two equal Content-Lengths', `POST /api/play/new HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}Content-Length: 11\r\nContent-Length: 11\r\n\r\ngame=wordle`, /given twice/],
    ['a Content-Length with more than digits', `POST /api/play/new HTTP/1.1\r\nHost: 127.0.0.1\r\n${form}Content-Length: 11x\r\n\r\ngame=wordle`, /'11x' is not a number/],
  ];
  for (const [what, text, message] of cases) {
    const r = await raw(text.endsWith('\r\n\r\n') || text.includes('\r\n\r\n') ? text : `${text}Connection: close\r\n\r\n`);
    assert.equal(r.status, 400, `${what}: ${r.text}`);
    // a Content-Length that is not one number libmicrohttpd refuses itself, in its own words (HTML)
    if (/^Content-Type: application\/json/im.test(r.text)) assert.match(json(r).error, message, what);
    else assert.match(what, /Content-Length/, `${what}: not JSON: ${r.text.slice(0, 300)}`);
  }
  for (const host of ['127.0.0.1:8080', 'localhost', '[::1]:80', 'LOCALHOST:65535']) {
    const r = await raw(`GET /api/games HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    assert.equal(r.status, 200, `${host}: ${r.text.slice(0, 200)}`);
  }
});

await test('framing errors close the connection: nothing after them is read as a request (issue 38)', async () => {
  const next = 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'; // hidden in a body: must never be answered
  const cases = [
    ['Content-Length: 0x47', `POST /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0x47\r\n\r\n${next}`, /'0x47' is not a number/],
    ['Content-Length: "0 "', `POST /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0 \r\n\r\n${next}`, /is not a number/],
    ['HTTP/1.1 without Host', `GET /api/info HTTP/1.1\r\n\r\n${next}`, /names its Host/],
  ];
  for (const [what, text, message] of cases) {
    const r = await raw(text, { timeout: 8000 });
    const statuses = [...r.text.matchAll(/^HTTP\/1\.\d (\d+)/gm)].map((m) => Number(m[1]));
    assert.ok(statuses.length > 0 && statuses.every((st) => st === 400), `${what}: ${r.text.slice(0, 300)}`);
    assert.match(r.text, /^Connection: close/im, what);
    // libmicrohttpd refuses a Content-Length that is not a number itself, in its own words (its HTML page,
    // whose head 0.9.75 writes twice); the other errors are the server's JSON
    if (/^Content-Type: application\/json/im.test(r.text)) {
      assert.deepEqual(statuses, [400], what);
      assert.match(json(r).error, message, what);
    } else assert.match(what, /Content-Length/, `${what}: not JSON: ${r.text.slice(0, 300)}`);
  }
  // whitespace before the colon is refused (libmicrohttpd keeps it in the name, which is then no token)
  const spaced = await raw('GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length : 4\r\nConnection: close\r\n\r\nabcd');
  assert.equal(spaced.status, 400, spaced.text.slice(0, 300));
  assert.match(json(spaced).error, /is not a token/);
  const old = await raw('GET /api/info?game=mastermind HTTP/1.0\r\n\r\n'); // HTTP/1.0 has no Host to give
  assert.equal(old.status, 200, old.text.slice(0, 200));
});

await test('folded header lines (obs-fold) are refused, the connection closed (issue 38)', async () => {
  // libmicrohttpd 0.9.75 unfolds them, gluing the next line to the header's name ("X-A: foo\r\n bar" became
  // "X-Abar: foo"): a Content-Length folded away left its body to be read as the next request
  const next = 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'; // hidden in a body: must never be answered
  const cases = [
    ['a space', `GET /api/info?game=mastermind HTTP/1.1\r\n${H}X-A: foo\r\n bar\r\n\r\n`],
    ['a tab', `GET /api/info?game=mastermind HTTP/1.1\r\n${H}X-A: foo\r\n\tbar\r\n\r\n`],
    ['two lines', `GET /api/info?game=mastermind HTTP/1.1\r\n${H}X-A: foo\r\n bar\r\n  baz\r\n\r\n`],
    ['the last header', `GET /api/info?game=mastermind HTTP/1.1\r\n${H}X-A:\r\n bar\r\n\r\n`],
    ['Host', `GET /api/info?game=mastermind HTTP/1.1\r\nConnection: close\r\nHost: 127.0.0.1\r\n :80\r\n\r\n`],
    ['Content-Length', `POST /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length:\r\n ${next.length}\r\n\r\n${next}`],
  ];
  for (const [what, text] of cases) {
    const r = await raw(text, { timeout: 8000 });
    const statuses = [...r.text.matchAll(/^HTTP\/1\.\d (\d+)/gm)].map((m) => Number(m[1]));
    assert.deepEqual(statuses, [400], `${what}: ${r.text.slice(0, 300)}`);
    assert.match(r.text, /^Connection: close/im, what);
    assert.match(json(r).error, /a header line is folded \(obs-fold/, what);
  }
  const plain = await raw(`GET /api/info?game=mastermind HTTP/1.1\r\n${H}X-A:  foo \t\r\nX-B:\r\n\r\n`);
  assert.equal(plain.status, 200, plain.text.slice(0, 300)); // spaces around a value are no fold
});

await test('a NUL byte inside a header value is refused, the connection closed (issue 57)', async () => {
  // libmicrohttpd 0.9.75 ends a value at its first NUL, silently: "Host: 127.0.0.1\0evil.com" was
  // taken for 127.0.0.1; the server finds the rest of the line after the NUL (value_cut, web/server.c)
  const next = 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'; // hidden in a body: must never be answered
  const G = 'GET /api/info?game=mastermind HTTP/1.1\r\n';
  const cases = [
    ['Host, then more headers', `${G}Host: 127.0.0.1\0evil.com\r\nConnection: close\r\n\r\n`],
    ['Host last', `${G}Connection: close\r\nHost: 127.0.0.1\0evil.com\r\n\r\n`],
    ['an unknown header', `${G}${H}X-A: foo\0bar\r\n\r\n`],
    ['NULs before the line end', `${G}Host: 127.0.0.1\0\0\r\nConnection: close\r\n\r\n`],
    ['lines ended by LF alone', 'GET /api/info?game=mastermind HTTP/1.1\nHost: 127.0.0.1\nX-A: a\0b\nConnection: close\n\n'],
    ['Content-Length', `POST /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\0${next.length}\r\n\r\n${next}`],
  ];
  for (const [what, text] of cases) {
    const r = await raw(text, { timeout: 8000 });
    const statuses = [...r.text.matchAll(/^HTTP\/1\.\d (\d+)/gm)].map((m) => Number(m[1]));
    assert.deepEqual(statuses, [400], `${what}: ${r.text.slice(0, 300)}`);
    assert.match(r.text, /^Connection: close/im, what);
    assert.match(json(r).error, /a header value holds a NUL byte/, what);
  }
  // the same lines without the NUL are answered, ended by CR LF, by LF alone or by both in one head
  for (const text of [`${G}Host: 127.0.0.1\r\nX-A: foo \t\r\nX-B:\r\nConnection: close\r\n\r\n`,
    'GET /api/info?game=mastermind HTTP/1.1\nHost: 127.0.0.1\r\nX-A: foo  \nX-B:\r\nConnection: close\n\n']) {
    const r = await raw(text);
    assert.equal(r.status, 200, r.text.slice(0, 300));
  }
});

await test('a client that shuts down its sending side after its request still gets its answer (issue 38)', async () => {
  // an API request's connection was suspended while libmicrohttpd still waited to read its head; once
  // resumed it read first, took the end of the client's side for a client gone, and dropped the answer
  // (about half of these, 16 at once); those answered without a request thread never were
  const client = async (i) => {
    const bad = [];
    for (let k = 0; k < 10; k++) {
      // a request thread's answers, one answered by the event thread (a feedback), a page file
      const path = k % 5 === 4 ? '/nothing.html' : k % 5 === 3 ? '/api/feedback?game=mastermind&guess=1234&secret=1256'
        : `/api/candidates?game=mastermind&limit=2&history=1122%3D${k % 5}B0W`;
      const r = await raw(`GET ${path} HTTP/1.1\r\n${H}\r\n`, { from: `127.0.2.${10 + i}`, half: true });
      if (r.status !== (k % 5 === 4 ? 404 : 200)) bad.push(`${path}: ${r.status} ${r.text.slice(0, 80)}`);
    }
    return bad;
  };
  const bad = (await Promise.all(Array.from({ length: 16 }, (_, i) => client(i)))).flat();
  assert.deepEqual(bad, [], `${bad.length} of 160 answers lost`);
  const post = await raw(`POST /api/play/new HTTP/1.1\r\n${H}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 15\r\n\r\ngame=mastermind`,
    { half: true });
  assert.equal(post.status, 201, post.text.slice(0, 200));
});

await test('cheap GETs answered by the event thread: the same answers, built or not, busy or not (issue 38)', async () => {
  // /api/feedback and /api/info are answered on the event thread when their game is in the cache and
  // the cache is free; else (the first request of a game, another building one) by a request thread
  const fb = (g, guess, secret) => getFrom(`/api/feedback?game=mastermind&${g}&guess=${guess}&secret=${secret}`);
  const first = await fb('colors=7&pegs=3', '123', '321'); // not built yet: a request thread builds it
  const again = await fb('colors=7&pegs=3', '123', '321'); // in the cache
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(json(again), json(first));
  assert.deepEqual(json(first).marks, { blacks: 1, whites: 2 });
  const info = await getFrom('/api/info?game=mastermind&colors=7&pegs=3');
  assert.equal(json(info).key, 'mastermind/7x3');
  const head = await raw(`HEAD /api/feedback?game=mastermind&colors=7&pegs=3&guess=123&secret=321 HTTP/1.1\r\n${H}\r\n`);
  assert.equal(head.status, 200, head.text);
  assert.equal(head.text.split('\r\n\r\n')[1], '', 'HEAD: no body');
  for (const [q, want] of [['guess=12&secret=321', /guess/], ['guess=123&secret=321&x=1', /x/]]) {
    const bad = await getFrom(`/api/feedback?game=mastermind&colors=7&pegs=3&${q}`);
    assert.equal(bad.status, 400, bad.text);
    assert.match(json(bad).error, want);
  }
  // while a large game is built (the cache's lock held a while), feedbacks of a built game are answered
  const building = getFrom('/api/info?game=mastermind&colors=14&pegs=5', '127.0.3.1');
  const during = await Promise.all(Array.from({ length: 8 }, () => fb('colors=7&pegs=3', '123', '321')));
  assert.deepEqual(during.map((r) => r.status), Array(8).fill(200));
  assert.equal((await building).status, 200);
});

await test('libmicrohttpd\'s own refusals close the connection: nothing after them is read (issue 38)', async () => {
  // a version it does not speak, a Content-Length it cannot read (0.9.75 writes that answer's head
  // twice, the HTML body once), a head past its memory: refused before the server sees the request
  const next = 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  for (const [what, text, status, heads] of [
    ['HTTP/9.9', `GET /api/games HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n${next}`, 505, 1],
    ['HTTP/0.9', `GET /api/games HTTP/0.9\r\nHost: 127.0.0.1\r\n\r\n${next}`, 505, 1],
    ['Content-Length: abc', `POST /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n${next}`, 400, 2],
    ['a 40 KiB head', `GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(40960)}\r\n\r\n${next}`, 431, 1],
  ]) {
    const r = await raw(text, { timeout: 8000 });
    const statuses = [...r.text.matchAll(/^HTTP\/1\.\d (\d+)/gm)].map((m) => Number(m[1]));
    assert.deepEqual(statuses, Array(heads).fill(status), `${what}: ${r.text.slice(0, 400)}`);
    assert.match(r.text, /^Connection: close/im, what);
    assert.equal(r.text.split('</html>').length, 2, `${what}: one body: ${r.text.slice(0, 400)}`);
  }
});

await test('a missing file is a JSON 404; numbers follow the command line\'s rule (issue 38)', async () => {
  for (const [what, text, status] of [
    ['a missing file', `GET /nothing.html HTTP/1.1\r\n${H}\r\n`, 404],
  ]) {
    const r = await raw(text);
    if (status) assert.equal(r.status, status, `${what}: ${r.text.slice(0, 200)}`);
    assert.ok(r.status >= 400, `${what}: ${r.text.slice(0, 200)}`);
    assert.match(r.text, /Content-Type: application\/json/i, what);
    assert.equal(json(r).status, r.status, what);
  }
  const plus = await getFrom('/api/rank?game=mastermind&limit=%2B5');
  assert.equal(plus.status, 400, plus.text); // `rank --limit +5` is refused too
  assert.match(json(plus).error, /limit: '\+5' is not a whole number/);
  assert.equal((await getFrom('/api/rank?game=mastermind&limit=5')).status, 200);
});

await test('sizes: a request at each limit of docs/limits.md passes it, one byte more gets the status stated', async () => {
  const form = 'Content-Type: application/x-www-form-urlencoded\r\n';
  const post = (body) => raw(`POST /api/play/new HTTP/1.1\r\n${H}${form}Content-Length: ${body.length}\r\n\r\n${body}`);
  const body = limit('body');
  const fill = (n) => `game=wordle&seed=1&${'x'.repeat(n - 19)}`; // a body of n bytes, its last name unknown
  assert.equal((await post(fill(body.value))).status, 400);
  assert.deepEqual([(await post(fill(body.value + 1))).status], body.statuses);
  const value = limit('a parameter\'s value');
  const seed = (n) => `/api/info?game=wordle&seed=${'1'.repeat(n)}`; // /api/info takes no seed: 400 once its length passes
  const at = await getFrom(seed(value.value));
  assert.equal(at.status, 400, at.text.slice(0, 300));
  assert.match(json(at).error, /unknown parameter 'seed'/);
  const over = await getFrom(seed(value.value + 1));
  assert.deepEqual([over.status], value.statuses, over.text.slice(0, 300));
  assert.match(json(over).error, new RegExp(`parameter 'seed' is too long \\(at most ${value.value} bytes\\)`));
  const params = limit('parameters');
  const names = (n) => `/api/info?${Array.from({ length: n }, (_, i) => `p${i}=1`).join('&')}`;
  assert.match(json(await getFrom(names(params.value))).error, /unknown parameter 'p0'/);
  const many = await getFrom(names(params.value + 1));
  assert.deepEqual([many.status], params.statuses);
  assert.match(json(many).error, new RegExp(`too many parameters \\(at most ${params.value}\\)`));
  const head = limit('request head');
  const big = await raw(`GET /api/games HTTP/1.1\r\n${H}X-Big: ${'a'.repeat(head.value)}\r\n\r\n`);
  assert.ok(head.statuses.includes(big.status), `a head over ${head.value} bytes: ${big.status}, the page says ${head.statuses}`);
});

await test('slow clients: 40 sockets dribbling headers do not delay others', async () => {
  const socks = [];
  for (let i = 0; i < 40; i++) {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.on('error', () => {});
    s.write('GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    socks.push(s);
  }
  const timer = setInterval(() => { for (const s of socks) s.write('X-Slow: 1\r\n'); }, 500);
  const loop = watch();
  try {
    let worst = 0;
    for (let i = 0; i < 8; i++) {
      worst = Math.max(worst, await quick());
      await new Promise((r) => setTimeout(r, 250));
    }
    onTime(loop, worst < 1000 * slowdown, `a normal request took ${worst} ms among slow clients`);
  } finally {
    clearInterval(timer);
    for (const s of socks) s.destroy();
  }
});

await test('connections: past the cap in all, a request gets 503 at once, not a place in a queue (issue 38)', async () => {
  const cap = limit('connections in all').value;
  // slow heads from 500 addresses, a few from each: an address that holds more than a few is refused at
  // accept once the last eighth of the connections is reached (the next test), these are not
  const a = attack(port, { heads: cap + 16, from: (i) => `127.6.${1 + Math.floor((i % 500) / 250)}.${1 + ((i % 500) % 250)}` });
  let r;
  try {
    const n = await connected(a, cap + 16, 30000);
    assert.ok(n > cap, `only ${n} slow heads connected at once`);
    // the server counts a connection when it accepts it: ask until it has taken them all in (5 s at most)
    for (let i = 0; i < 50; i++) {
      r = await getFrom('/api/info?game=mastermind');
      if (r.status === 503) break;
      await new Promise((res) => setTimeout(res, 100));
    }
  } finally {
    a.stop();
  }
  assert.equal(r.status, 503, r.text.slice(0, 300));
  assert.match(json(r).error, /as many connections as it can/);
  assert.ok(r.ms < 2000 * slowdown, `the refusal took ${r.ms} ms`);
  let back = 0;
  for (let i = 0; i < 50 && back !== 200; i++) {
    back = (await getFrom('/api/games')).status;
    if (back !== 200) await new Promise((res) => setTimeout(res, 100));
  }
  assert.equal(back, 200, 'served again once the slow clients left');
});

await test('slow bodies: more dribbling clients than threads, a normal request is still answered', async () => {
  // Each attacker sends its head at once, then one byte of a 10000-byte body every 0.5 s, and comes
  // back as soon as the server closes its connection. Before the fix each held its thread for as
  // long as it kept sending (civetweb, before issue 38, read every body in a request thread).
  const clients = THREADS + 16;
  const head = `POST /api/play/new HTTP/1.1\r\n${H}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n`;
  const statuses = {};
  let attacking = true;
  const open = new Set();
  let connected = 0;
  let allConnected;
  const ready = new Promise((res) => { allConnected = res; });
  const attacker = (i) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.5.${1 + i}` });
    let buf = '';
    let tick;
    open.add(s);
    s.on('error', () => {});
    s.on('data', (d) => { buf += d; });
    s.on('connect', () => {
      s.write(head, () => { if (++connected === clients) allConnected(); });
      tick = setInterval(() => s.write('a'), 500);
    });
    s.on('close', () => {
      clearInterval(tick);
      open.delete(s);
      const st = Number((buf.match(/^HTTP\/1\.\d (\d+)/) || [])[1] || 0);
      statuses[st] = (statuses[st] || 0) + 1;
      if (attacking) attacker(i);
    });
  };
  for (let i = 0; i < clients; i++) attacker(i);
  await ready; // every attacker's head is sent: each is ahead of the requests below in the server's queue
  let answered;
  try {
    const t0 = Date.now();
    const info = await raw(`GET /api/info?game=mastermind HTTP/1.1\r\n${H}\r\n`, { timeout: 20000 });
    assert.equal(info.status, 200, info.text);
    const post = await postFrom('/api/play/new', 'game=wordle&seed=3', '127.0.0.8');
    assert.equal(post.status, 201, post.text);
    const ms = Date.now() - t0;
    assert.ok(ms < 8000 * slowdown, `a normal GET and POST took ${ms} ms among ${clients} slow clients`);
    // the attackers are cut off in time: wait for the first to be let go (each within about a second)
    for (let i = 0; i < 100 && Object.keys(statuses).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    answered = { ...statuses };
    console.log(`  a normal GET and POST in ${ms} ms; the attackers let go by then, by status: ${JSON.stringify(answered)}`);
  } finally {
    attacking = false;
    for (const s of open) s.destroy();
  }
  // the attackers the server let go were cut off: a body too slow (408), or shed for a newer one (503)
  assert.ok(Object.keys(answered).length > 0, 'no attacker was let go');
  assert.deepEqual(Object.keys(answered).filter((st) => st !== '408' && st !== '503'), [], JSON.stringify(answered));
});

await test('sessions: one client cannot evict another\'s games', async () => {
  const mine = await postFrom('/api/play/new', 'game=wordle&seed=1', '127.0.0.2');
  assert.equal(mine.status, 201, mine.text);
  const id = json(mine).id;
  // another client starts many games (more than the server keeps for one client)
  for (let i = 0; i < 80; i++) {
    const r = await postFrom('/api/play/new', `game=wordle&seed=${i}`, '127.0.0.3');
    assert.ok(r.status === 201, r.text);
  }
  const still = await getFrom(`/api/play/state?id=${id}`, '127.0.0.2');
  assert.equal(still.status, 200, still.text);
});

await test('sessions: large games are limited per client by memory, the client\'s own oldest forgotten', async () => {
  const ids = [];
  for (let i = 0; i < 5; i++) {
    const r = await postFrom('/api/play/new', 'game=mastermind&colors=16&pegs=5', '127.0.0.4');
    assert.equal(r.status, 201, r.text);
    ids.push(json(r).id);
  }
  const kept = [];
  for (const id of ids) kept.push((await getFrom(`/api/play/state?id=${id}`, '127.0.0.4')).status);
  // 2^20 codes take about 26 MiB each: a client may hold 64 MiB, so its two newest remain
  assert.deepEqual(kept, [404, 404, 404, 200, 200]);
  const other = await postFrom('/api/play/new', 'game=mastermind', '127.0.0.5');
  assert.equal(other.status, 201, other.text);
});

await test('sessions: ten addresses with two large games each cannot keep large games from others (issue 38)', async () => {
  // 2^20 codes take about 26 MiB a game, the server keeps 256 MiB of games: before, the tenth game was refused
  // (503) for everyone until the first expired (5 minutes); now the address holding the most gives up its
  // least recently used game while it holds more than the newcomer would
  for (let a = 1; a <= 10; a++) {
    for (let k = 0; k < 2; k++) {
      const r = await postFrom('/api/play/new', 'game=mastermind&colors=16&pegs=5', `127.0.6.${a}`);
      assert.equal(r.status, 201, `address ${a}, game ${k + 1}: ${r.text.slice(0, 300)}`);
    }
  }
  const other = await postFrom('/api/play/new', 'game=mastermind&colors=16&pegs=5', '127.0.6.99');
  assert.equal(other.status, 201, other.text.slice(0, 300));
  const small = await postFrom('/api/play/new', 'game=wordle', '127.0.6.100');
  assert.equal(small.status, 201, small.text.slice(0, 300));
});

await test('jobs: one client cannot take every slot, nor push out another\'s results', async () => {
  const a = await postFrom('/api/jobs/start', 'kind=analyse&game=super', '127.0.1.1');
  const b = await postFrom('/api/jobs/start', 'kind=analyse&game=super', '127.0.1.1');
  assert.deepEqual([a.status, b.status], [202, 202], a.text + b.text);
  const c = await postFrom('/api/jobs/start', 'kind=analyse&game=super', '127.0.1.1');
  assert.equal(c.status, 429, c.text);
  assert.match(json(c).error, /one client may run 2 of the 3/);
  const other = await postFrom('/api/jobs/start', 'kind=analyse&game=mastermind', '127.0.1.2');
  assert.equal(other.status, 202, other.text);
  for (const j of [a, b]) assert.equal((await postFrom('/api/jobs/cancel', `id=${json(j).id}`, '127.0.1.1')).status, 200);
  const otherId = json(other).id;
  for (let i = 0; i < 40; i++) { // many short jobs of one client: the other's finished result stays
    const r = await postFrom('/api/jobs/start', 'kind=analyse&game=bulls&history=1234%3D4B0W', '127.0.1.1');
    assert.equal(r.status, 202, r.text);
    // until it has ended, however long a loaded machine takes (a third job of this client would be refused)
    while (json(await getFrom(`/api/jobs/status?id=${json(r).id}`, '127.0.1.1')).state === 'running') {
      await new Promise((res) => setTimeout(res, 10));
    }
  }
  const st = await getFrom(`/api/jobs/status?id=${otherId}`, '127.0.1.2');
  assert.equal(st.status, 200, st.text);
});

// Open an event stream from an address; resolves to {status, socket} once the head has come.
function stream(id, from) {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let buf = '';
    const status = () => Number(buf.match(/^HTTP\/1\.\d (\d+)/)[1]);
    s.on('data', (d) => { // a stream once its head has come; a refusal once it has all come
      buf += d;
      if (buf.includes('\r\n\r\n') && status() === 200) resolve({ status: 200, text: buf, s });
    });
    s.on('end', () => resolve({ status: status(), text: buf, s }));
    s.on('error', reject);
    s.setTimeout(10000, () => { s.destroy(); reject(new Error('stream timed out')); });
    s.write(`GET /api/jobs/events?id=${id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

await test('exact solver: an address looping on 4 connections cannot keep it from another (issue 38)', async () => {
  // before, 4 looping connections kept the slot: another client got 503 on 15 of 15 tries
  let going = true;
  const greedy = async () => {
    while (going) {
      await getFrom('/api/rank/exact?game=mastermind&limit=1', '127.0.3.1');
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const loops = [greedy(), greedy(), greedy(), greedy()];
  await new Promise((r) => setTimeout(r, 300));
  const tries = [];
  const t0 = Date.now();
  while (Date.now() - t0 < 20000 * slowdown) {
    const r = await getFrom('/api/rank/exact?game=mastermind&colors=3&pegs=2&limit=1', '127.0.3.2');
    tries.push(r.status);
    if (r.status === 200) break;
    assert.equal(r.status, 503, r.text);
    await new Promise((res) => setTimeout(res, 200));
  }
  going = false;
  await Promise.all(loops);
  assert.equal(tries.at(-1), 200, `the other client's tries: ${tries.join(' ')}`);
});

await test('event streams: one client cannot take them all', async () => {
  const job = await postFrom('/api/jobs/start', 'kind=analyse&game=super', '127.0.4.9');
  assert.equal(job.status, 202, job.text);
  const id = json(job).id;
  const open = [];
  try {
    for (let i = 0; i < 4; i++) open.push(await stream(id, '127.0.4.1'));
    assert.deepEqual(open.map((o) => o.status), [200, 200, 200, 200]);
    const fifth = await stream(id, '127.0.4.1');
    open.push(fifth);
    assert.equal(fifth.status, 429, fifth.text);
    assert.match(fifth.text, /one client may open 4 of the 8/);
    const other = await stream(id, '127.0.4.2');
    open.push(other);
    assert.equal(other.status, 200, other.text);
  } finally {
    for (const o of open) o.s.destroy();
    await postFrom('/api/jobs/cancel', `id=${id}`, '127.0.4.9');
  }
});

// Send text on one connection and read until the server closes it; resolves to
// {statuses, connection: each answer's Connection header, ms: when it closed}.
function exchange(text, timeout = 10000) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const s = net.connect({ port, host: '127.0.0.1' });
    let buf = '';
    const done = () => resolve({ statuses: [...buf.matchAll(/^HTTP\/1\.1 (\d+)/gm)].map((m) => Number(m[1])),
      connection: [...buf.matchAll(/^Connection: (\S+)/gim)].map((m) => m[1].toLowerCase()), ms: Date.now() - t0 });
    s.on('data', (d) => { buf += d; });
    s.on('end', done);
    s.on('error', (e) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? done() : reject(e)));
    s.setTimeout(timeout, () => { s.destroy(); reject(new Error(`not closed within ${timeout} ms: ${text.slice(0, 60)}`)); });
    s.write(text);
  });
}

await test('keep-alive: bounded in idle time, never after an unread body, off past three quarters of an address\'s connections', async () => {
  const kept = limit('keep-alive').value; // ms
  const K = 'Host: 127.0.0.1\r\n';
  const info = `GET /api/info?game=mastermind HTTP/1.1\r\n${K}\r\n`;
  // two requests sent at once on one connection: both answered, then the idle connection is closed
  const loop = watch();
  const two = await exchange(info + info);
  assert.deepEqual(two.statuses, [200, 200]);
  assert.deepEqual(two.connection, []); // HTTP/1.1 keeps the connection unless an answer says close
  onTime(loop, two.ms < kept + 1000 * slowdown, `an idle kept-alive connection stayed ${two.ms} ms`);
  // a request hidden in a body the server does not read is never answered: the connection closes
  const form = 'Content-Type: application/x-www-form-urlencoded\r\n';
  for (const [what, head] of [['a GET with a body', `GET /api/games HTTP/1.1\r\n${K}`],
    ['a POST to a page file', `POST /app.js HTTP/1.1\r\n${K}`],
    ['a POST refused before its body (413)', `POST /api/play/new HTTP/1.1\r\n${K}${form}Content-Length: 100000\r\n`],
    ['a cross-site POST', `POST /api/play/new HTTP/1.1\r\nHost: evil.example\r\n${form}`]]) {
    const length = head.includes('Content-Length') ? '' : `Content-Length: ${info.length}\r\n`;
    const r = await exchange(`${head}${length}\r\n${info}${info}`);
    assert.equal(r.statuses.length, 1, `${what}: ${JSON.stringify(r)}`);
    assert.deepEqual(r.connection, ['close'], what);
  }
  // a POST whose body was read whole keeps its connection, refused or not
  const played = await exchange(`POST /api/play/new HTTP/1.1\r\n${K}${form}Content-Length: 11\r\n\r\ngame=wordle${info}`);
  assert.deepEqual(played.statuses, [201, 200]);
  const refused = await exchange(`POST /api/play/new HTTP/1.1\r\n${K}${form}Content-Length: 10\r\n\r\nnonsense=1${info}`);
  assert.deepEqual(refused.statuses, [400, 200]);
  // an address holding more than three quarters of its connections: answers close their own connection
  const most = limit('connections of one address').value * 3 / 4; // 48 of 64
  const held = await Promise.all(Array.from({ length: most }, () => answered(info, '127.0.7.1')));
  try {
    assert.ok(held.every((h) => h.status === 200 && h.connection !== 'close'), `${most} connections of one address, one closed`);
    const past = await answered(info, '127.0.7.1'); // one more: the address holds more than three quarters
    held.push(past);
    assert.deepEqual([past.status, past.connection], [200, 'close'], `connection ${most + 1} of one address`);
  } finally {
    for (const h of held) h.s.destroy();
  }
});

// Send a request from an address and resolve once its answer has come whole, the socket left open:
// {status, connection (its Connection header, '' when none), s}.
function answered(text, from) {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let buf = '';
    s.on('data', (d) => {
      buf += d;
      const end = buf.indexOf('\r\n\r\n');
      const length = Number((buf.match(/^Content-Length: (\d+)/im) || [])[1]);
      if (end >= 0 && buf.length >= end + 4 + length) {
        resolve({ status: Number(buf.match(/^HTTP\/1\.1 (\d+)/)[1]), connection: ((buf.match(/^Connection: (\S+)/im) || [])[1] || '').toLowerCase(), s });
      }
    });
    s.on('error', reject);
    s.setTimeout(10000, () => { s.destroy(); reject(new Error('no answer within 10 s')); });
    s.write(text);
  });
}

await test('SIGTERM while requests compute and clients dribble: the server exits within two seconds', async () => {
  const slow = [];
  for (let i = 0; i < 10; i++) {
    const s = net.connect({ port, host: '127.0.0.1' });
    s.on('error', () => {});
    s.write('POST /api/play/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\ngame');
    slow.push(s);
  }
  // an analysis of Super Mastermind (32768 codes) runs as a job; ranks of a large game run in request threads
  const job = await postFrom('/api/jobs/start', 'kind=analyse&game=super', '127.0.0.6');
  assert.equal(job.status, 202, job.text);
  const ranks = [];
  for (let i = 0; i < 2; i++) ranks.push(getFrom('/api/rank?game=bulls&strategy=entropy', '127.0.0.7').catch(() => null));
  await new Promise((r) => setTimeout(r, 300));
  const loop = watch();
  const r = await srv.stop('SIGTERM');
  assert.equal(r.code, 0, r.stderr);
  onTime(loop, r.seconds < 2 * slowdown, `stopping took ${r.seconds} s`); // 1 s of request timeout, then the threads' exit
  await Promise.all(ranks);
  for (const s of slow) s.destroy();
});

const status = finish();
if (!srv.proc.exitCode && srv.proc.exitCode !== 0) srv.proc.kill('SIGKILL');
process.exit(status);
