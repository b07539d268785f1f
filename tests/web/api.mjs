// api.mjs: tests of `codebreaker serve`'s JSON API against a running server on loopback:
// answers, whole games, hints and ranks, jobs (analyses and simulations) and their event streams,
// bad requests (each a 4xx with a message, the server serving on), and stopping with a signal while
// work runs.
// usage: node tests/web/api.mjs path/to/codebreaker
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { startServer } from './server.mjs';
import { suite } from './suite.mjs';

const binary = process.argv[2];
let base;

const { test, skip, finish } = suite('web api');
// Whether the page was built with uPlot's charts (`codebreaker --version`).
const charts = /^web dashboard: yes.*with uPlot's charts/m.test(
  execFileSync(binary, ['--version'], { encoding: 'utf8' }));

async function call(method, path, params, init = {}) {
  const q = new URLSearchParams(params || {});
  const url = `${base}${path}${method === 'GET' && params ? `?${q}` : ''}`;
  const res = await fetch(url, method === 'GET' ? init : { method, body: params ? q : undefined, ...init });
  const text = await res.text();
  let data;
  try { data = JSON.parse(text); } catch { data = text; }
  return { status: res.status, data, headers: res.headers };
}
const get = (path, params) => call('GET', path, params);
const post = (path, params) => call('POST', path, params);

// A 4xx with a JSON error naming what is wrong.
async function bad(res, status, pattern) {
  const r = await res;
  assert.equal(r.status, status, `status ${r.status}, want ${status}: ${JSON.stringify(r.data)}`);
  assert.equal(typeof r.data.error, 'string', `no error message: ${JSON.stringify(r.data)}`);
  if (pattern) assert.match(r.data.error, pattern);
  return r.data;
}

// A raw HTTP exchange (for what fetch refuses to send: odd paths, Host headers, huge heads).
function raw(text) {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(port), '127.0.0.1');
    let buf = '';
    s.on('data', (d) => { buf += d; });
    s.on('end', () => resolve({ status: Number((buf.match(/^HTTP\/1\.\d (\d+)/) || [])[1] || 0), text: buf }));
    s.on('error', (e) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve({ status: 0, text: buf }) : reject(e)));
    s.setTimeout(10000, () => { s.destroy(); reject(new Error('raw request timed out')); });
    s.end(text); // the client's side shut down after the request, as a client may: it still reads the answer
  });
}
const rawGet = (path, headers = 'Host: 127.0.0.1\r\n') => raw(`GET ${path} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);

// Read a job's server-sent events until the end event (or a limit); returns [{event, data}].
async function events(id, { until = 'end', max = 10000, onEvent } = {}) {
  const res = await fetch(`${base}/api/jobs/events?id=${id}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /text\/event-stream/);
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  const out = [];
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const ev = (block.match(/^event: (.*)$/m) || [])[1];
      const data = (block.match(/^data: (.*)$/m) || [])[1];
      if (!ev) continue;
      const e = { event: ev, data: JSON.parse(data) };
      out.push(e);
      if (onEvent) await onEvent(e);
      if (ev === until || out.length >= max) { reader.cancel(); return out; }
    }
  }
  return out;
}

async function serving() {
  const r = await get('/api/games');
  assert.equal(r.status, 200, 'the server stopped serving');
}

// Play a session to its end: each turn the first candidate the history leaves.
async function playOut(spec, first) {
  const n = await post('/api/play/new', spec);
  assert.equal(n.status, 201, JSON.stringify(n.data));
  const id = n.data.id;
  const history = [];
  let last = n.data;
  let guess = first;
  while (!last.over) {
    if (!guess) {
      const c = await get('/api/candidates', { game: spec.game, ...(spec.lists ? { lists: spec.lists } : {}), history: history.join(','), limit: 1 });
      assert.equal(c.status, 200, JSON.stringify(c.data));
      assert.ok(c.data.count >= 1);
      guess = c.data.candidates[0];
    }
    const g = await post('/api/play/guess', { id, guess });
    assert.equal(g.status, 200, JSON.stringify(g.data));
    assert.equal(g.data.turn, history.length + 1);
    history.push(`${g.data.last.guess}=${g.data.last.feedback}`);
    last = g.data;
    guess = null;
  }
  assert.equal(typeof last.secret, 'string');
  if (last.won) assert.equal(history[history.length - 1].split('=')[0], last.secret);
  return { id, last, history };
}

async function main() {
  const srv = await startServer(binary, ['--exact-seconds', '600']);
  base = srv.url;

  await test('catalogue', async () => {
    const r = await get('/api/games');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type'), /application\/json/);
    assert.deepEqual(r.data.games.map((g) => g.name), ['wordle', 'symble', 'mastermind', 'super', 'bulls', 'wordle6', 'jotto', 'bagels']);
    assert.deepEqual(r.data.lists.map((l) => l.name), ['original', 'nyt2023', 'nyt2022sep', 'nyt2022', 'nyt2022feb', 'all', 'allowed', 'answers', 'jotto', 'english6']);
    assert.ok(r.data.lists.every((l) => l.label && l.summary), 'every list has a label and a summary');
    assert.equal(r.data.lists.find((l) => l.name === 'nyt2023').wider, 'all');
    assert.equal(r.data.lists.find((l) => l.name === 'all').wider, null);
    assert.deepEqual(r.data.jobs, ['analyse', 'simulate']);
    assert.deepEqual(r.data.features, { simulate: true, hint: true, rank: true });
    const names = r.data.strategies.map((x) => x.name);
    for (const n of ['minimax', 'expected', 'parts', 'entropy', 'random', 'montecarlo', 'first']) assert.ok(names.includes(n), n);
    assert.ok(!names.some((n) => n.startsWith('tree')), 'no request names a tree file');
    assert.ok(r.data.strategies.every((x) => typeof x.summary === 'string' && x.summary));
    // the registries' rows: labels and score formats for the page, a default strategy per game
    const minimax = r.data.strategies.find((x) => x.name === 'minimax');
    assert.equal(minimax.label, 'Knuth worst case');
    assert.equal(minimax.score_format, 'largest part %.0f');
    assert.equal(r.data.strategies.find((x) => x.name === 'random').score_format, null);
    assert.equal(r.data.strategies.find((x) => x.name === 'parts').score_one, '1 part');
    assert.deepEqual(r.data.games.map((g) => g.strategy), ['parts', 'entropy-knuth', 'parts', 'parts', 'parts', 'parts', 'entropy', 'parts']);
    assert.equal(r.data.games.find((g) => g.name === 'bulls').label, 'Bulls & Cows');
    assert.deepEqual(r.data.games.map((g) => g.max_guesses), [6, 8, 10, 10, 10, 6, 15, 10]);
    // the traits the page reads instead of naming games (the library's rule descriptors)
    assert.deepEqual(r.data.games.map((g) => [g.words, g.hard_mode, g.hidden]),
      [[true, true, false], [true, false, true], [false, true, false], [false, true, false], [false, true, false],
        [true, true, false], [true, false, false], [false, true, false]]);
    assert.deepEqual(r.data.games.map((g) => g.marks), ['colours', 'colours', 'pegs', 'pegs', 'pegs', 'colours', 'count', 'pegs']);
    // a game of its own lists (its preset names them: Wordle 6's, Jotto's) says so; picking it on the page takes them
    assert.deepEqual(r.data.games.filter((g) => g.words && !g.dictionary).map((g) => [g.name, g.lists, g.own_lists]),
      [['wordle', 'original', false], ['symble', 'original', false], ['wordle6', 'english6', true], ['jotto', 'jotto', true]]);
    assert.deepEqual([r.data.games[5].lists, r.data.games[5].length, r.data.games[6].lists], ['english6', 6, 'jotto']);
    assert.deepEqual([r.data.games[0].hard_strategy, r.data.games[0].hard_max_guesses, r.data.games[0].lists], ['exact', 6, 'original']);
    assert.deepEqual(['colors', 'pegs', 'no_repeat'].map((k) => r.data.games.find((g) => g.name === 'bulls')[k]), [10, 4, true]);
    assert.equal(r.data.limits.simulation_games, 20000);
    assert.equal(r.data.limits.simulations, 1);
  });

  await test('page', async () => {
    const res = await fetch(`${base}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-security-policy'), /default-src 'self'/);
    const html = await res.text();
    assert.match(html, /<title>codebreaker<\/title>/);
    // every file the page names is served: built without uPlot, it names none of uPlot's
    const refs = [...html.matchAll(/(?:src|href)="([^"#:]+)"/g)].map((m) => m[1]);
    assert.ok(refs.includes('app.js'), refs.join(' '));
    for (const r of refs) assert.equal((await fetch(`${base}/${r}`)).status, 200, `the page names ${r}`);
    assert.equal(refs.some((r) => r.startsWith('vendor/uPlot')), charts, refs.join(' '));
    for (const p of ['/app.js', '/app.css'])
      assert.equal((await fetch(`${base}${p}`)).status, 200, p);
    for (const p of ['/vendor/uPlot.iife.min.js', '/vendor/uPlot.min.css'])
      assert.equal((await fetch(`${base}${p}`)).status, charts ? 200 : 404, p);
    if (!charts) skip('charts', 'the page was built without uPlot (npm ci, or CB_UPLOT_DIR)');
  });

  await test('game facts', async () => {
    const want = { wordle: [2315, 12972], symble: [2315, 12972], mastermind: [1296, 1296], super: [32768, 32768], bulls: [5040, 5040] };
    for (const [game, [secrets, guesses]] of Object.entries(want)) {
      const r = await get('/api/info', { game });
      assert.equal(r.status, 200, JSON.stringify(r.data));
      assert.equal(r.data.secrets, secrets, game);
      assert.equal(r.data.guesses, guesses, game);
    }
    assert.equal((await get('/api/info', { game: 'wordle', lists: 'allowed' })).data.secrets, 12972);
    assert.equal((await get('/api/info', { game: 'wordle', lists: 'answers' })).data.guesses, 2315);
    const nyt = await get('/api/info', { game: 'wordle', lists: 'nyt2023' });
    assert.deepEqual([nyt.data.secrets, nyt.data.guesses, nyt.data.lists], [3158, 14855, 'nyt2023']);
    assert.equal((await get('/api/info', { game: 'symble', lists: 'nyt2022' })).data.secrets, 2309);
    const m = await get('/api/info', { game: 'mastermind', colors: 8, pegs: 3, no_repeat: 1 });
    assert.equal(m.data.secrets, 336);
    assert.deepEqual((await get('/api/info', { game: 'bulls' })).data.alphabet.slice(0, 2), ['0', '1']);
    // the command line's other word games: complete dictionaries (every code a word) and the English dictionary
    const c = await get('/api/info', { game: 'symble', colors: 3, pegs: 4 });
    assert.deepEqual([c.data.key, c.data.secrets, c.data.guesses, c.data.rule], ['symble/complete/3x4', 81, 81, 'symble']);
    const e = await get('/api/info', { game: 'wordle', dictionary: 'english', length: 6 });
    // awk 'length($0)==6' data/english/words_alpha.txt | tr -d '\r' | sort -u | wc -l
    assert.deepEqual([e.data.key, e.data.secrets, e.data.dictionary, e.data.length], ['wordle/english/6', 29874, 'english', 6]);
    // games that are a row of the registry: their words come with them
    const w6 = await get('/api/info', { game: 'wordle6' });
    assert.deepEqual([w6.data.key, w6.data.secrets, w6.data.dictionary ?? null, w6.data.length, w6.data.max_guesses], ['wordle6/english6/6', 2525, null, 6, 6]);
    const jo = await get('/api/info', { game: 'jotto' });
    assert.deepEqual([jo.data.key, jo.data.secrets, jo.data.rule, jo.data.lists, jo.data.feedback_ids], ['jotto/jotto', 200, 'jotto', 'jotto', 7]);
    assert.deepEqual([jo.data.marks, w6.data.marks], ['count', 'colours']);
    const jc = await get('/api/candidates', { game: 'jotto', lists: 'answers', history: 'react=5', limit: 0 });
    assert.deepEqual([jc.status, jc.data.count], [200, 3], JSON.stringify(jc.data));
    const bg = await get('/api/info', { game: 'bagels' });
    assert.deepEqual([bg.data.key, bg.data.secrets, bg.data.no_repeat], ['bagels/10x3/norep', 720, true]);
    const h = await get('/api/candidates', { game: 'symble', colors: 3, pegs: 4, history: '1123=aaab', limit: 0 });
    assert.equal(h.status, 200, JSON.stringify(h.data));
    // an uploaded word list: kept under a name, played and simulated like the others; words of another length skipped
    const u = await post('/api/upload', { words: 'crane\nslate\nbrick\nplumb\nfoo\nghost\nchant\n' });
    assert.equal(u.status, 200, JSON.stringify(u.data));
    assert.deepEqual([u.data.secrets, u.data.skipped, u.data.length], [6, 1, 5]);
    const uc = await get('/api/candidates', { upload: u.data.upload, history: 'slate=.....' });
    // the candidates most frequent first (the bundled frequencies of 2022's Wordle: 15 of the 3158 answers of 2023
    // are not among them), and in list order where no frequency is known
    const fq = await get('/api/candidates', { lists: 'nyt2023', order: 'frequency', limit: 3 });
    assert.deepEqual([fq.data.order, fq.data.unknown_frequency, fq.data.candidates], ['frequency', 15, ['which', 'their', 'there']]);
    const fm = await get('/api/candidates', { game: 'mastermind', order: 'frequency', limit: 2 });
    assert.deepEqual([fm.data.order, fm.data.candidates], ['list', ['1111', '1112']]);
    await bad(get('/api/candidates', { order: 'often' }), 400, /order: unknown value 'often'/);
    assert.deepEqual(uc.data.candidates, ['brick']);
    // a list of up to 128 KiB: the 2315 answers of 2022 (13,890 bytes, beyond the 8 KiB of other parameters) are
    // taken; a longer value or body is a 413, another endpoint's body stays within 16 KiB
    const g = await get('/api/games');
    assert.deepEqual([g.data.limits.upload_bytes, g.data.limits.upload_body_bytes, g.data.limits.body_bytes], [131072, 263168, 16384]);
    const answers = readFileSync(new URL('../../data/wordle/answers.txt', import.meta.url), 'utf8');
    const big = await post('/api/upload', { words: answers });
    assert.equal(big.status, 200, JSON.stringify(big.data));
    assert.deepEqual([big.data.secrets, big.data.skipped], [2315, 0]);
    await bad(post('/api/upload', { words: 'x'.repeat(131073) }), 413, /too long \(at most 131072 bytes\)/);
    // (the server answers before reading such a body and closes; a client still sending may meet the reset
    // before it reads the answer, so a failed fetch, not an answer, is tried again, at most three times)
    const refuse = async () => {
      for (let i = 0; ; i++) {
        try { return await post('/api/upload', { words: '%'.repeat(100000) }); } catch (e) { if (i === 2) throw e; }
      }
    };
    await bad(refuse(), 413, /too large \(\d+ bytes; at most 263168\)/);
    await bad(post('/api/play/new', { game: 'wordle', seed: '1'.repeat(9000) }), 413, /too long \(at most 8192 bytes\)/);
    await bad(post('/api/upload', { game: 'mastermind', words: 'crane' }), 400, /word games/);
    // a file that is mostly not words of one length (here a picture's text) is refused, saying why
    await bad(post('/api/upload', { words: '<svg xmlns="http://www.w3.org/2000/svg">\n<path d="M0 0h9"/>\n</svg>\n' }), 422,
      /not a word list: 1 word of 6 characters \(the first usable line's length\) and 2 lines of another length/);
    await bad(post('/api/upload', { words: 'crane\n' }), 422, /not a word list: 1 word of 5/);
    await bad(get('/api/info', { upload: '0123456789abcdef' }), 400, /not kept any more/);
    await bad(get('/api/info', { upload: 'zz' }), 400, /16 hex digits/);
  });

  // The day's answer outside the chosen list (issue 13): the answer says which allowed words fit and the lists to
  // widen to, instead of blaming the colours.
  await test('outside the list', async () => {
    let e = await bad(get('/api/candidates', { game: 'wordle', history: 'trace=..G..,shuln=G.Y.Y' }), 422, /no answer of the list gives shuln=G.Y.Y after the turns before it, but 1 allowed word would/);
    assert.deepEqual(e.outside_list, { turn: 1, count: 1, words: ['snafu'], wider: 'allowed' });
    const wide = await get('/api/candidates', { game: 'wordle', lists: 'allowed', history: 'trace=..G..,shuln=G.Y.Y' });
    assert.deepEqual([wide.status, wide.data.count, wide.data.candidates], [200, 1, ['snafu']]);
    e = await bad(get('/api/candidates', { game: 'wordle', lists: 'nyt2023', history: 'salet=YG...,crony=...YG' }), 422);
    assert.deepEqual(e.outside_list, { turn: 1, count: 1, words: ['pansy'], wider: 'all' });
    e = await bad(get('/api/rank', { game: 'wordle', lists: 'nyt2022feb', history: 'salet=GGGGG' }), 422);
    assert.equal(e.outside_list.wider, null);
    e = await bad(get('/api/candidates', { game: 'wordle', history: 'salet=.Y...,crony=GGGGG' }), 422);
    assert.deepEqual(e.outside_list, { turn: 1, count: 0, words: [], wider: 'allowed' });
    e = await bad(get('/api/candidates', { game: 'wordle', lists: 'all', history: 'salet=.Y...,crony=GGGGG' }), 422, /no secret gives/);
    assert.equal(e.outside_list, undefined);
  });

  await test('feedback', async () => {
    assert.equal((await get('/api/feedback', { guess: 'salet', secret: 'aback' })).data.feedback, '.Y...');
    const m = await get('/api/feedback', { game: 'mastermind', guess: '1122', secret: '1223' });
    assert.equal(m.data.feedback, '2B1W');
    assert.deepEqual(m.data.marks, { blacks: 2, whites: 1 });
    // Jotto's marks are its count (the rule's marks, "count"); the secret has all its letters in common
    for (const [guess, secret, feedback, marks] of [['about', 'board', '3', 3], ['heart', 'earth', '5', 5], ['board', 'board', 'won', 5], ['quick', 'along', '0', 0]]) {
      const j = await get('/api/feedback', { game: 'jotto', guess, secret });
      assert.deepEqual([j.status, j.data.feedback, j.data.marks], [200, feedback, marks], `${guess} ${secret}`);
    }
    const s = await get('/api/feedback', { game: 'symble', guess: 'thorn', secret: 'solid' });
    assert.equal(s.data.colours, '.Y...');
    assert.equal((await get('/api/feedback', { game: 'symble', guess: 'lands', secret: 'hello', mapping: 'abc' })).data.feedback, 'aabaa');
  });

  await test('candidates and partition', async () => {
    const c = await get('/api/candidates', { history: 'salet=.Y...,crony=..G..' });
    assert.deepEqual([c.data.count, c.data.candidates], [1, ['avoid']]);
    const mm = await get('/api/candidates', { game: 'mastermind', history: '1122=2B1W 1344=1B1W 3526=1B1W 1462=1B1W' });
    assert.deepEqual(mm.data.candidates, ['1223']);
    const p = await get('/api/partition', { guess: 'salet' });
    assert.equal(p.status, 200);
    assert.equal(p.data.partition.candidates, 2315);
    assert.equal(p.data.partition.groups.reduce((a, g) => a + g.count, 0), 2315);
    assert.equal(p.data.partition.parts, p.data.partition.groups.length);
    assert.equal(p.data.partition.largest, p.data.partition.groups[0].count);
  });

  await test('the share grid of a finished game matches its board', async () => {
    const n = await post('/api/play/new', { game: 'wordle', seed: 7 });
    const id = n.data.id;
    await bad(get('/api/play/share', { id }), 409, /not over/);
    const rows = [];
    const history = [];
    for (let guess = 'salet'; rows.length < 6;) {
      const g = await post('/api/play/guess', { id, guess });
      rows.push(g.data.last.feedback);
      history.push(`${guess}=${g.data.last.feedback}`);
      if (g.data.over) break;
      guess = (await get('/api/candidates', { history: history.join(','), limit: 1 })).data.candidates[0];
    }
    const sign = (f, dark, contrast) => [...f].map((c) => (c === 'G' ? (contrast ? '\u{1F7E7}' : '\u{1F7E9}')
      : c === 'Y' ? (contrast ? '\u{1F7E6}' : '\u{1F7E8}') : dark ? '\u2B1B' : '\u2B1C')).join('');
    const s = await get('/api/play/share', { id });
    assert.equal(s.status, 200, JSON.stringify(s.data));
    const head = `Wordle ${s.data.won ? rows.length : 'X'}/6`;
    assert.equal(s.data.text, `${head}\n\n${rows.map((f) => `${sign(f, false, false)}\n`).join('')}`);
    const d = await get('/api/play/share', { id, dark: 1, contrast: 1 });
    assert.equal(d.data.text, `${head}\n\n${rows.map((f) => `${sign(f, true, true)}\n`).join('')}`);
    // Mastermind in its own signs: black, white, nothing
    const m = await post('/api/play/new', { game: 'mastermind', seed: 7 });
    const mg = await post('/api/play/guess', { id: m.data.id, guess: '1122' });
    await post('/api/play/giveup', { id: m.data.id });
    const ms = await get('/api/play/share', { id: m.data.id });
    const { blacks, whites } = mg.data.last.marks;
    assert.equal(ms.data.text, `Mastermind X/10\n\n${'\u26AB'.repeat(blacks)}${'\u26AA'.repeat(whites)}${'\u2796'.repeat(4 - blacks - whites)}\n`);
  });

  await test('the daily game: the date\'s secret (cb_daily_secret, as play --daily), its number, refusals', async () => {
    const a = await post('/api/play/new', { game: 'wordle', lists: 'original', daily: '2026-11-27', hard: 1 });
    const b = await post('/api/play/new', { game: 'wordle', lists: 'original', daily: '2026-11-27' });
    assert.equal(a.status, 201, JSON.stringify(a.data));
    assert.deepEqual(a.data.daily, { date: '2026-11-27', number: 331 }); // our own numbers, #1 on 2026-01-01
    assert.deepEqual(b.data.daily, a.data.daily);
    const g = await post('/api/play/guess', { id: a.data.id, guess: 'hunky' }); // tests/cli: play --daily 2026-11-27
    assert.equal(g.data.won, true, JSON.stringify(g.data));
    assert.equal(g.data.secret, 'hunky');
    assert.equal(g.data.seed, undefined);
    const s = await get('/api/play/share', { id: a.data.id });
    assert.match(s.data.text, /^Wordle \(original\) daily #331 hard 1\/6\*\n/);
    await post('/api/play/giveup', { id: b.data.id });
    assert.equal((await get('/api/play/state', { id: b.data.id })).data.secret, 'hunky');
    const other = await post('/api/play/new', { game: 'wordle', lists: 'original', daily: '2026-11-28' });
    await post('/api/play/giveup', { id: other.data.id });
    assert.notEqual((await get('/api/play/state', { id: other.data.id })).data.secret, 'hunky');
    await bad(post('/api/play/new', { game: 'wordle', daily: '2026-02-30' }), 400, /daily: 2026-02-30 is not a date/);
    await bad(post('/api/play/new', { game: 'wordle', daily: '2025-12-31' }), 400, /before the first daily game/);
    await bad(post('/api/play/new', { game: 'wordle', daily: '9999-12-31' }), 400, /daily: 9999-12-31 is not out yet/);
    // no lists named: the daily game's (CB_DAILY_LISTS, nyt2023), as `play --daily 2026-11-27` and the page: match
    const d = await post('/api/play/new', { game: 'wordle', daily: '2026-11-27' });
    const dg = await post('/api/play/guess', { id: d.data.id, guess: 'match' });
    assert.equal(dg.data.won, true, JSON.stringify(dg.data));
    assert.match((await get('/api/play/share', { id: d.data.id })).data.text, /^Wordle \(nyt2023\) daily #331 1\/6\n/);
    // every game shares under its own name, not its rule's
    const bg = await post('/api/play/new', { game: 'bagels', daily: '2026-11-27' });
    await post('/api/play/giveup', { id: bg.data.id });
    assert.match((await get('/api/play/share', { id: bg.data.id })).data.text, /^Bagels daily #331 X\/10\n/);
    await bad(post('/api/play/new', { game: 'wordle', daily: 'today' }), 400, /YYYY-MM-DD/);
    await bad(post('/api/play/new', { game: 'wordle', daily: '2026-11-27', seed: 3 }), 400, /without seed/);
  });

  await test('a Wordle game: refused guesses cost nothing, details, the end', async () => {
    const n = await post('/api/play/new', { game: 'wordle', seed: 7 });
    assert.equal(n.status, 201);
    assert.equal(n.data.secret, undefined, 'the secret must stay on the server');
    const id = n.data.id;
    let r = await bad(post('/api/play/guess', { id, guess: 'zzzzz' }), 422, /zzzzz/);
    assert.deepEqual([r.refused, r.turn], [true, 0]);
    await bad(post('/api/play/guess', { id, guess: 'ab' }), 422);
    await bad(post('/api/play/guess', { id, guess: 'crane!' }), 422);
    await bad(get('/api/play/details', { id }), 409, /no guess/);
    const g = await post('/api/play/guess', { id, guess: 'salet' });
    assert.equal(g.status, 200);
    assert.equal(g.data.turn, 1);
    const d = await get('/api/play/details', { id });
    assert.equal(d.status, 200);
    const part = d.data.partition;
    assert.equal(part.candidates, 2315);
    const yours = part.groups.filter((x) => x.actual);
    assert.equal(yours.length, 1);
    assert.equal(yours[0].count, g.data.remaining);
    assert.equal(yours[0].feedback, g.data.last.feedback);
    assert.equal(part.after, g.data.remaining);
    const st = await get('/api/play/state', { id });
    assert.equal(st.data.turns.length, 1);
    const end = await post('/api/play/giveup', { id });
    assert.equal(end.data.over, true);
    assert.equal(end.data.seed, 7);
    await bad(post('/api/play/guess', { id, guess: 'crane' }), 409, /over/);
    // the same seed draws the same secret
    const again = await post('/api/play/new', { game: 'wordle', seed: 7 });
    const end2 = await post('/api/play/giveup', { id: again.data.id });
    assert.equal(end2.data.secret, end.data.secret);
  });

  await test('hard mode is enforced', async () => {
    const n = await post('/api/play/new', { game: 'wordle', hard: 1, seed: 11 });
    const id = n.data.id;
    const g = await post('/api/play/guess', { id, guess: 'salet' });
    const fb = g.data.last.feedback;
    if (fb !== '.....' && !g.data.over) {
      // a word without any of the revealed letters breaks hard mode
      const revealed = [...'salet'].filter((_, i) => fb[i] !== '.');
      const word = ['mummy', 'fuzzy', 'jumpy', 'dizzy', 'vivid', 'chick', 'boxer'].find((w) => !revealed.some((c) => w.includes(c)));
      const r = await bad(post('/api/play/guess', { id, guess: word }), 422, /hard mode/);
      assert.equal(r.turn, 1);
    }
    await bad(post('/api/play/new', { game: 'jotto', hard: 1 }), 400, /no hard mode/);
  });

  await test('games played to the end: Wordle, Symble, Mastermind, Bulls', async () => {
    const w = await playOut({ game: 'wordle', seed: 3 }, 'salet');
    assert.ok(w.last.won, 'first-candidate play wins Wordle seed 3 within 6');
    const s = await playOut({ game: 'symble', seed: 5 });
    assert.match(s.last.mapping, /^[abc]{3}$/);
    const sd = await get('/api/play/details', { id: s.id });
    assert.equal(sd.data.partition.groups.find((x) => x.actual).feedback, s.history[s.history.length - 1].split('=')[1]);
    const m = await playOut({ game: 'mastermind', seed: 9 }, '1122');
    assert.equal(m.last.over, true);
    const b = await playOut({ game: 'bulls', seed: 2 }, '0123');
    assert.equal(b.last.over, true);
    const lim = await playOut({ game: 'wordle', seed: 4, max_guesses: 1 }, 'xylyl');
    assert.deepEqual([lim.last.over, lim.last.won, lim.last.turn], [true, false, 1]);
  });

  await test('an analysis job: progress, partial results, the end', async () => {
    const s = await post('/api/jobs/start', { kind: 'analyse', game: 'wordle' });
    assert.equal(s.status, 202, JSON.stringify(s.data));
    const evs = await events(s.data.id);
    const progress = evs.filter((e) => e.event === 'progress').map((e) => e.data.done);
    assert.ok(progress.length >= 1);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i] >= progress[i - 1]);
    const end = evs[evs.length - 1];
    assert.equal(end.event, 'end');
    assert.equal(end.data.state, 'done');
    const res = end.data.result;
    assert.equal(res.scored, 12972);
    // SOARE has the highest entropy over the 2315 answers, 5.886 bits (widely reported, e.g. 3Blue1Brown's Wordle video)
    assert.equal(res.top[0].guess, 'soare');
    assert.ok(Math.abs(res.top[0].entropy - 5.886) < 0.001);
    const chart = res.charts.entropy;
    assert.equal(chart.series[0].stats.n, 12972);
    assert.equal(chart.series[0].counts.reduce((a, b) => a + b, 0), 12972);
    const st = await get('/api/jobs/status', { id: s.data.id });
    assert.equal(st.data.state, 'done');
    assert.equal(st.data.result.top[0].guess, 'soare');
    // a history narrows it down; hard mode keeps to legal guesses
    const h = await post('/api/jobs/start', { kind: 'analyse', game: 'wordle', history: 'salet=.Y...', hard: 1 });
    const hend = (await events(h.data.id)).pop();
    assert.equal(hend.data.result.candidates, 102);
    assert.ok(hend.data.result.scored < 12972);
    const list = await get('/api/jobs');
    assert.ok(list.data.jobs.some((j) => j.id === s.data.id));
  });

  await test('jobs: the limit, cancelling', async () => {
    const a = await post('/api/jobs/start', { kind: 'analyse', game: 'super' });
    const b = await post('/api/jobs/start', { kind: 'analyse', game: 'super' });
    assert.equal(a.status, 202);
    assert.equal(b.status, 202);
    await bad(post('/api/jobs/start', { kind: 'analyse', game: 'wordle' }), 429, /jobs are already running/);
    const seen = await events(a.data.id, { until: 'progress' });
    assert.equal(seen[0].data.state, 'running');
    const t0 = Date.now();
    const c = await post('/api/jobs/cancel', { id: a.data.id });
    assert.equal(c.data.state, 'canceled');
    assert.ok(Date.now() - t0 < 3000);
    assert.equal((await post('/api/jobs/cancel', { id: b.data.id })).data.state, 'canceled');
    const end = (await events(b.data.id)).pop();
    assert.equal(end.data.state, 'canceled');
    await bad(post('/api/jobs/start', { kind: 'mine-bitcoin' }), 400, /unknown job/);
    await bad(post('/api/jobs/start', { kind: 'analyse', game: 'wordle', games: 1000000000 }), 400, /unknown parameter 'games'/);
    await bad(get('/api/jobs/status', { id: 'abcdefabcdefabcdefabcdef' }), 404);
    await serving();
  });

  await test('Make a guess: the strategy\'s choice in a played game', async () => {
    const n = await post('/api/play/new', { game: 'wordle', seed: 21 });
    const id = n.data.id;
    // the openers of the simulator's Wordle figures (tests/unit/test_simulate.c)
    const h = await post('/api/play/hint', { id, strategy: 'entropy' });
    assert.equal(h.status, 200, JSON.stringify(h.data));
    assert.deepEqual([h.data.guess, h.data.strategy, h.data.candidate, h.data.remaining, h.data.turn], ['soare', 'entropy', false, 2315, 1]);
    assert.ok(Math.abs(h.data.score - 5.886) < 0.001);
    assert.equal((await post('/api/play/hint', { id, strategy: 'minimax' })).data.guess, 'arise');
    // asking costs no turn; playing the hint does
    assert.equal((await get('/api/play/state', { id })).data.turn, 0);
    const g = await post('/api/play/guess', { id, guess: h.data.guess });
    assert.equal(g.status, 200);
    assert.equal(g.data.over, false, 'soare is not an answer');
    assert.equal((await post('/api/play/hint', { id })).data.strategy, 'parts', 'the rule\'s default (GET /api/games) when none is named');
    for (const strategy of ['random', 'random-any', 'first', 'frequency', 'montecarlo', 'parts', 'expected', 'entropy-knuth', 'entropy-frequency']) {
      const r = await post('/api/play/hint', { id, strategy });
      assert.equal(r.status, 200, `${strategy}: ${JSON.stringify(r.data)}`);
      assert.match(r.data.guess, /^[a-z]{5}$/, strategy);
      assert.deepEqual([r.data.remaining, r.data.turn], [g.data.remaining, 2], strategy);
    }
    // hard mode: the hint is a legal guess
    const hm = await post('/api/play/new', { game: 'wordle', hard: 1, seed: 5 });
    const first = await post('/api/play/guess', { id: hm.data.id, guess: 'salet' });
    if (!first.data.over) {
      const hint = await post('/api/play/hint', { id: hm.data.id, strategy: 'entropy' });
      assert.equal((await post('/api/play/guess', { id: hm.data.id, guess: hint.data.guess })).status, 200, 'a legal guess');
    }
    // Symble and Mastermind
    const sy = await post('/api/play/new', { game: 'symble', seed: 1 });
    assert.match((await post('/api/play/hint', { id: sy.data.id, strategy: 'parts' })).data.guess, /^[a-z]{5}$/);
    const mm = await post('/api/play/new', { game: 'mastermind', seed: 1 });
    assert.equal((await post('/api/play/hint', { id: mm.data.id, strategy: 'minimax' })).data.guess, '1122', "Knuth's opener");
    // every game from turn 1 (issue 56): Super Mastermind scores one guess a symmetry class (11223, as
    // `codebreaker assist --game super --strategy parts`), Wordle 6 on the fly a fixed sample of its 29874 guesses
    const su = await post('/api/play/new', { game: 'super', seed: 1 });
    const sh = await post('/api/play/hint', { id: su.data.id, strategy: 'parts' });
    assert.deepEqual([sh.status, sh.data.guess, sh.data.sampled], [200, '11223', false], JSON.stringify(sh.data));
    for (const game of ['wordle6', 'bulls', 'bagels', 'jotto']) {
      const n = await post('/api/play/new', { game, seed: 1 });
      const h = await post('/api/play/hint', { id: n.data.id });
      assert.equal(h.status, 200, `${game}: ${JSON.stringify(h.data)}`);
      assert.equal(typeof h.data.sampled, 'boolean');
    }
    // bad requests
    await bad(post('/api/play/hint', { id, strategy: 'clairvoyant' }), 400, /unknown strategy 'clairvoyant'/);
    await bad(post('/api/play/hint', { id, strategy: 'tree:/etc/passwd' }), 400, /unknown strategy/);
    await bad(post('/api/play/hint', { id: 'abcdefabcdefabcdefabcdef' }), 404, /no game/);
    await bad(post('/api/play/hint', { id: '../../../etc/passwd' }), 400, /not an id/);
    await bad(get('/api/play/hint', { id }), 405);
    const sup = await post('/api/play/new', { game: 'super', seed: 1 });
    assert.equal((await post('/api/play/hint', { id: sup.data.id, strategy: 'entropy' })).status, 200, 'one guess a class');
    await bad(post('/api/play/hint', { id: sup.data.id, strategy: 'montecarlo' }), 422, /too many on request/);
    assert.equal((await post('/api/play/hint', { id: sup.data.id, strategy: 'random' })).status, 200, 'random costs nothing');
    await post('/api/play/giveup', { id });
    await bad(post('/api/play/hint', { id }), 409, /over/);
    await serving();
  });

  await test('rank: the top guesses with every score', async () => {
    const r = await get('/api/rank', { strategy: 'entropy', limit: 3 });
    assert.equal(r.status, 200, JSON.stringify(r.data));
    assert.equal(r.data.candidates, 2315);
    assert.deepEqual(r.data.ranked.map((x) => x.guess), ['soare', 'roate', 'raise']);
    const top = r.data.ranked[0];
    assert.deepEqual([top.largest, top.parts, top.candidate, top.legal], [183, 127, false, true]);
    assert.ok(Math.abs(top.entropy - 5.886) < 0.001 && Math.abs(top.expected - 62.301) < 0.001);
    const mm = await get('/api/rank', { game: 'mastermind', strategy: 'minimax', limit: 1 });
    assert.deepEqual([mm.data.ranked[0].guess, mm.data.ranked[0].largest], ['1122', 256]);
    const h = await get('/api/rank', { strategy: 'parts', history: 'salet=.Y...', hard: 1 });
    assert.equal(h.data.candidates, 102);
    assert.equal(h.data.ranked.length, 10);
    assert.ok(h.data.ranked.every((x) => x.legal));
    // candidates=1: only the words that may be the answer (the page's "best that may be the answer")
    const c = await get('/api/rank', { strategy: 'parts', history: 'salet=.G..Y', lists: 'nyt2023', limit: 5, candidates: 1 });
    assert.equal(c.status, 200, JSON.stringify(c.data));
    assert.equal(c.data.candidates, 35);
    assert.ok(c.data.ranked.length === 5 && c.data.ranked.every((x) => x.candidate), JSON.stringify(c.data.ranked));
    const all = await get('/api/rank', { strategy: 'parts', history: 'salet=.G..Y', lists: 'nyt2023', limit: 5 });
    assert.ok(all.data.ranked.every((x) => !x.candidate), 'the best five of every guess split the 35 but none is one');
    await bad(get('/api/rank', { candidates: 2 }), 400, /candidates/);
    await bad(get('/api/rank', { strategy: 'random' }), 400, /at random/);
    await bad(get('/api/rank', { strategy: 'oracle' }), 400, /unknown strategy/);
    await bad(get('/api/rank', { limit: 1e9 }), 400, /limit/);
    await bad(get('/api/rank', { limit: '5x' }), 400, /whole number/);
    await bad(get('/api/rank', { game: 'super' }), 422, /too many to score/);
    await bad(get('/api/rank', { history: 'salet=GGGGG' }), 422, /no answer of the list gives salet=GGGGG, but 1 allowed word would/);
    await serving();
  });

  // the exact coach (`codebreaker rank --exact roate=.Y... --json`, `codebreaker review --answer cigar crane roate --json`):
  // values proved or lower bounds, one exact search at a time
  await test('rank/exact: guesses by proved expected guesses', async () => {
    const r = await get('/api/rank/exact', { history: 'roate=.Y...', limit: 3 });
    assert.equal(r.status, 200, JSON.stringify(r.data));
    assert.equal(r.data.candidates, 66);
    assert.equal(typeof r.data.stopped, 'boolean');
    assert.equal(r.data.guesses.length, 3);
    const top = r.data.guesses[0];
    assert.equal(top.proved, true, JSON.stringify(top));
    assert.equal(top.total, 167);
    assert.ok(Math.abs(top.expected - 167 / 66) < 1e-6);
    assert.ok(['snool', 'swoln'].includes(top.guess), top.guess);
    for (const g of r.data.guesses) {
      assert.deepEqual(Object.keys(g).sort(), ['answer_word', 'can_lose', 'candidate', 'expected', 'expected_upper', 'guess', 'lose_chance', 'lose_proved', 'proved', 'rank', 'total', 'upper', 'win_chance', 'worst']);
      assert.ok(g.total >= top.total);
      assert.ok(g.proved || r.data.stopped, 'a bound where the search was not stopped');
    }
    // a proved value before a bound, candidates first on ties
    r.data.guesses.forEach((g, i) => {
      const next = r.data.guesses[i + 1];
      if (next && next.total === g.total && next.proved === g.proved) assert.ok(g.candidate || !next.candidate, `${g.guess} before ${next.guess}`);
    });
    const one = await get('/api/rank/exact', { history: 'roate=.Y...', limit: 1 });
    assert.equal(one.status, 200, JSON.stringify(one.data));
    assert.deepEqual([one.data.guesses.length, one.data.guesses[0].total], [1, 167]);
    assert.equal(one.data.source, null);
    // the opening: read from the opening book, not searched
    const open = await get('/api/rank/exact', { limit: 2 });
    assert.equal(open.status, 200, JSON.stringify(open.data));
    assert.equal(open.data.source, 'book');
    assert.deepEqual([open.data.guesses[0].guess, open.data.guesses[0].total, open.data.guesses[0].proved],
      ['salet', 7920, true]);
    await bad(post('/api/rank/exact', { history: 'roate=.Y...' }), 405, /needs GET/);
    await bad(get('/api/rank/exact', { limit: 0 }), 400, /limit/);
    await bad(get('/api/rank/exact', { limit: 1000 }), 400, /limit/);
    await bad(get('/api/rank/exact', { history: 'salet=GGGGG' }), 422);
    await bad(get('/api/rank/exact', { game: 'jotto', hard: 1 }), 400, /hard mode/);
    await serving();
  });

  await test('review: each guess against the best one, proved', async () => {
    const r = await get('/api/review', { history: 'crane=GYY..,roate=Y.Y..,cigar=GGGGG' });
    assert.equal(r.status, 200, JSON.stringify(r.data));
    assert.equal(r.data.won, true);
    assert.equal(r.data.guesses, 3);
    assert.deepEqual(r.data.turns.map((t) => [t.turn, t.guess]), [[1, 'crane'], [2, 'roate'], [3, 'cigar']]);
    const [t1, t2, t3] = r.data.turns;
    assert.deepEqual([t1.feedback, t1.candidates, t1.total, t1.proved, t1.best, t1.best_total, t1.best_proved, t1.left],
      ['GYY..', 2315, 7930, true, 'salet', 7920, true, 8]);
    assert.ok(Math.abs(t1.expected - 7930 / 2315) < 1e-6 && Math.abs(t1.best_expected - 7920 / 2315) < 1e-6);
    // skill rounded down (100 only for a best guess); CRANE read from the opening book, its luck by the parts' sizes
    assert.deepEqual([t1.skill, t1.luck, t1.book], [99.5, 89.3, true]);
    assert.deepEqual([r.data.widened, r.data.timed_out, typeof r.data.skill], [false, false, 'number']);
    assert.equal(t1.line[0], 'salet');
    assert.equal(t1.line[t1.line.length - 1], 'cigar');
    assert.deepEqual([t2.candidates, t2.total, t2.best_total, t2.left], [8, 20, 16, 3]);
    assert.ok(['barro', 'cargo'].includes(t2.best), t2.best);
    assert.deepEqual([t3.candidates, t3.total, t3.best, t3.skill, t3.left, t3.line], [3, 5, 'cigar', 100, 0, ['cigar']]);
    // a game not won: the same turns, no optimal line (the answer unknown)
    const open = await get('/api/review', { history: 'crane=GYY..,roate=Y.Y..' });
    assert.equal(open.status, 200, JSON.stringify(open.data));
    assert.equal(open.data.won, false);
    assert.deepEqual(open.data.turns.map((t) => [t.total, t.best_total]), [[7930, 7920], [20, 16]]);
    await bad(get('/api/review', {}), 400, /1 to \d+ turns/);
    await bad(get('/api/review', { history: 'crane=GYY..,zzzzz=.....' }), 400);
    // a played session's position, as the server holds it: the same review as its history's
    const played = await playOut({ game: 'wordle', seed: 11 }, 'crane');
    const held = await get('/api/review', { session: played.id });
    const sent = await get('/api/review', { history: played.history.join(',') });
    assert.equal(held.status, 200, JSON.stringify(held.data));
    assert.deepEqual(held.data.turns, sent.data.turns);
    assert.deepEqual([held.data.won, held.data.skill, held.data.luck], [sent.data.won, sent.data.skill, sent.data.luck]);
    await bad(get('/api/review', { session: '0'.repeat(24) }), 404);
    await serving();
  });

  await test('a simulation: two strategies over all Wordle answers, the published figures', async () => {
    const s = await post('/api/jobs/start', { kind: 'simulate', game: 'wordle', strategies: 'entropy,minimax', games: 'all', seed: 1 });
    assert.equal(s.status, 202, JSON.stringify(s.data));
    assert.equal(s.data.kind, 'simulate');
    const evs = await events(s.data.id);
    const progress = evs.filter((e) => e.event === 'progress').map((e) => e.data);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i].done >= progress[i - 1].done, 'progress never goes back');
    assert.ok(progress.every((p) => p.total === 4630 || (p.total === 0 && p.done === 0)), 'the total, once reported, counts every game');
    const end = evs[evs.length - 1];
    assert.equal(end.event, 'end');
    assert.equal(end.data.state, 'done', JSON.stringify(end.data));
    assert.deepEqual([end.data.done, end.data.total], [4630, 4630]);
    const res = end.data.result;
    assert.deepEqual([res.game, res.games, res.secrets, res.sample, res.seed], ['wordle/original', 2315, 2315, false, 1]);
    // the totals of tests/unit/test_simulate.c (published: about 3.46 entropy, 3.57 minimax, all won within 6)
    const [e, m] = res.strategies;
    assert.deepEqual([e.name, e.state, e.done, e.first_guess, e.wins], ['entropy', 'done', 2315, 'soare', 2315]);
    assert.ok(Math.abs(e.average - 8020 / 2315) < 1e-5);
    assert.deepEqual([m.name, m.first_guess, m.max], ['minimax', 'arise', 6]);
    assert.ok(Math.abs(m.average - 8272 / 2315) < 1e-5);
    assert.equal(e.distribution.reduce((a, b) => a + b, 0), 2315);
    // the charts: one series per strategy, the statistics under them
    const score = res.charts.score;
    assert.deepEqual(score.series.map((x) => x.name), ['entropy', 'minimax']);
    assert.equal(score.series[0].counts.reduce((a, b) => a + b, 0), 2315);
    assert.ok(Math.abs(score.series[0].stats.mean - e.average) < 1e-4);
    assert.equal(score.series[0].stats.median, e.median);
    assert.ok(Math.abs(score.series[1].stats.std - m.stddev) < 1e-4);
    assert.equal(score.series[0].counts[3 - 1], e.distribution[3], 'bin k holds games of k + 1 guesses');
    const removed = res.charts.removed;
    assert.equal(removed.unit, '%');
    for (const x of removed.series) assert.ok(x.stats.n <= 2315 && x.stats.n >= 2300 && x.stats.min > 0 && x.stats.max <= 100);
    const time = res.charts.time;
    assert.equal(time.unit, 'ms');
    for (const x of time.series) assert.ok(x.stats.n === 2315 && x.stats.min >= 0 && x.stats.median > 0);
    const st = await get('/api/jobs/status', { id: s.data.id });
    assert.equal(st.data.result.strategies[1].average, m.average);
  });

  await test('a simulation fills in as its games end', async () => {
    // Bulls and Cows, 5040 games a strategy (about a second in all here): partial results while it runs
    const s = await post('/api/jobs/start', { kind: 'simulate', game: 'bulls', strategies: 'parts,entropy,minimax' });
    assert.equal(s.status, 202, JSON.stringify(s.data));
    const evs = await events(s.data.id);
    const end = evs[evs.length - 1];
    assert.equal(end.data.state, 'done', JSON.stringify(end.data));
    assert.equal(typeof end.data.result.seed, 'number', 'the random seed is reported');
    const partials = evs.filter((e) => e.event === 'partial').map((e) => e.data);
    assert.ok(partials.length >= 2, `${partials.length} partial results`);
    const midway = partials.filter((p) => p.strategies.some((x) => x.state === 'running' && x.done > 0 && x.done < 5040) ||
      (p.strategies[0].state === 'done' && p.strategies[2].state !== 'done'));
    assert.ok(midway.length >= 1, 'a partial result before the end');
    for (const p of midway) {
      const n = p.strategies.map((x) => x.done);
      assert.deepEqual(p.charts.score.series.map((x) => x.stats.n), n, 'the charts hold the games ended');
      assert.deepEqual(p.charts.time.series.map((x) => x.stats.n), n);
    }
  });

  await test('a simulation: samples, seeds, options', async () => {
    const run = async (params) => {
      const s = await post('/api/jobs/start', { kind: 'simulate', ...params });
      assert.equal(s.status, 202, JSON.stringify(s.data));
      const end = (await events(s.data.id)).pop();
      assert.equal(end.data.state, 'done', JSON.stringify(end.data));
      return end.data.result;
    };
    const a = await run({ game: 'wordle', strategies: 'random', games: 200, seed: 7 });
    const b = await run({ game: 'wordle', strategies: 'random', games: '200', seed: 7 });
    assert.deepEqual([a.games, a.sample, a.seed], [200, true, 7]);
    assert.deepEqual(a.charts.score.series[0].counts, b.charts.score.series[0].counts, 'a seed repeats a run');
    const h = await run({ game: 'wordle', strategies: 'parts', games: 100, seed: 3, hard: 1, first: 'salet', max_guesses: 6 });
    assert.deepEqual([h.hard, h.first, h.max_guesses, h.strategies[0].first_guess], [true, 'salet', 6, 'salet']);
    const t = await run({ game: 'mastermind', strategies: 'random-any,minimax', target_turn: 2, seed: 2 });
    assert.equal(t.games, 1296);
    // minimax opens 1122, a candidate: from turn 2 on is every guess a candidate, Kooi's 5828 (tests/unit/test_simulate.c)
    assert.ok(Math.abs(t.strategies[1].average - 5828 / 1296) < 1e-5, `${t.strategies[1].average}`);
    const sy = await run({ game: 'symble', strategies: 'first', games: 50, seed: 4 });
    assert.equal(sy.strategies[0].done, 50);
  });

  await test('a simulation: cancel, and one at a time', async () => {
    const s = await post('/api/jobs/start', { kind: 'simulate', game: 'bulls', strategies: 'entropy,parts,minimax,expected,entropy-knuth,entropy-frequency' });
    assert.equal(s.status, 202, JSON.stringify(s.data));
    await bad(post('/api/jobs/start', { kind: 'simulate', game: 'wordle', strategies: 'entropy' }), 429, /simulate job is already running/);
    const a = await post('/api/jobs/start', { kind: 'analyse', game: 'mastermind' });
    assert.equal(a.status, 202, 'an analysis may run beside it');
    await events(a.data.id);
    await events(s.data.id, { until: 'partial' });
    const t0 = Date.now();
    const c = await post('/api/jobs/cancel', { id: s.data.id });
    if (!process.env.CB_SANITIZED) { // sanitizer builds run many times slower: the end event below still checks
      assert.equal(c.data.state, 'canceled');
      assert.ok(Date.now() - t0 < 3000, `cancelling took ${Date.now() - t0} ms`);
    }
    assert.ok(c.data.done < c.data.total);
    const end = (await events(s.data.id)).pop();
    assert.deepEqual([end.event, end.data.state], ['end', 'canceled']);
    const next = await post('/api/jobs/start', { kind: 'simulate', game: 'mastermind', strategies: 'first', games: 10 });
    assert.equal(next.status, 202, 'the slot is free again');
    await events(next.data.id);
    await serving();
  });

  await test('a simulation: bad requests get a 4xx and a message', async () => {
    const sim = (params) => post('/api/jobs/start', { kind: 'simulate', strategies: 'entropy', ...params });
    await bad(sim({ game: 'chess' }), 400, /game: unknown value 'chess'/);
    await bad(sim({ strategies: 'entropy,oracle' }), 400, /unknown strategy 'oracle'.*minimax/);
    await bad(sim({ strategies: 'tree:/etc/passwd' }), 400, /unknown strategy/);
    await bad(sim({ strategies: '../../etc/passwd' }), 400, /unknown strategy/);
    await bad(sim({ strategies: 'entropy,,minimax' }), 400, /empty name/);
    await bad(sim({ strategies: 'entropy, entropy' }), 400, /twice/);
    await bad(sim({ strategies: 'minimax,expected,parts,entropy,entropy-knuth,random,first' }), 400, /at most 6/);
    await bad(sim({ strategies: '' }), 400, /strategies.*required/);
    await bad(sim({ games: 1e9 }), 400, /1000000000 is more than the 20000 games/);
    await bad(sim({ games: '1000000000000000000000000' }), 400, /games/);
    for (const g of ['12abc', '1e3', '-5', '0x10', ' 5', '5.0', 'some'])
      await bad(sim({ games: g }), 400, /games/);
    await bad(sim({ games: 0 }), 400, /games/);
    await bad(sim({ games: 3000 }), 400, /sample of 3000 from 2315/);
    await bad(sim({ game: 'super' }), 400, /32768 secrets.*sample/);
    await bad(sim({ game: 'bulls', strategies: 'montecarlo' }), 422, /montecarlo.*5040 candidates/);
    await bad(sim({ seed: -1 }), 400, /seed/);
    await bad(sim({ seed: '12x' }), 400, /seed.*whole number/);
    await bad(sim({ target_turn: 'two' }), 400, /target_turn.*whole number/);
    await bad(sim({ target_turn: 1000 }), 400, /target_turn.*out of range/);
    await bad(sim({ max_guesses: 1e9 }), 400, /max_guesses/);
    await bad(sim({ first: 'zzzzz' }), 400, /first: 'zzzzz'/);
    await bad(sim({ first: '../../etc/passwd' }), 400, /first/);
    await bad(sim({ game: 'jotto', hard: 1 }), 400, /no hard mode/);
    await bad(sim({ hard: 'perhaps' }), 400, /hard/);
    await bad(sim({ answers: '/etc/passwd' }), 400, /unknown parameter 'answers'/);
    await bad(sim({ lists: '/etc/passwd' }), 400, /lists: unknown value/);
    await bad(call('POST', '/api/jobs/start?kind=simulate&strategies=entropy&strategies=minimax'), 400, /twice/);
    assert.equal((await get('/api/jobs')).data.running, 0, 'no bad request started anything');
    await serving();
  });

  await test('several boards: a sealed ticket, the secrets only at the end, hints, refusals', async () => {
    const first = await get('/api/multi', { boards: 4 });
    assert.equal(first.status, 200);
    const { ticket } = first.data;
    assert.match(ticket, /^[0-9a-f]{32}$/);
    assert.equal(first.data.max_guesses, 9);
    assert.equal(first.data.board.length, 4);
    assert.equal(first.data.secrets, undefined, 'the secrets left the server before the end');
    const two = await get('/api/multi', { boards: 4, ticket, guesses: 'salet,crane', hint: 1 });
    assert.equal(two.status, 200);
    assert.equal(two.data.ticket, ticket);
    assert.equal(two.data.turns, 2);
    assert.equal(two.data.secrets, undefined);
    assert.match(two.data.hint.guess, /^[a-z]{5}$/);
    for (const b of two.data.board) assert.deepEqual(b.rows.map((r) => r.guess), ['salet', 'crane']);
    // the same ticket replays the same boards; giving up shows the words, which then solve every board
    const again = await get('/api/multi', { boards: 4, ticket, guesses: 'salet,crane', giveup: 1 });
    assert.deepEqual(again.data.board.map((b) => b.left), two.data.board.map((b) => b.left));
    const words = again.data.secrets;
    assert.equal(words.length, 4);
    const won = await get('/api/multi', { boards: 4, ticket, guesses: words.join(',') });
    assert.equal(won.data.won, true);
    assert.deepEqual(won.data.board.map((b) => b.solved_on), [1, 2, 3, 4]);
    assert.deepEqual(won.data.secrets, words);
    // feedback is the rules': each board's row against its word
    const fb = await get('/api/feedback', { guess: 'salet', secret: words[2] });
    assert.equal(two.data.board[2].rows[0].feedback, fb.data.feedback);
    await bad(get('/api/multi', { boards: 4, ticket, guesses: `${words.join(',')},salet` }), 422, /after the game is over/);
    await bad(get('/api/multi', { boards: 4, ticket: 'f'.repeat(32).replace(/^f/, '0') + 'x' }), 400, /ticket/);
    await bad(get('/api/multi', { boards: 4, ticket: 'nothex' }), 400, /ticket/);
    await bad(get('/api/multi', { boards: 33 }), 400, /boards/);
    // the registry's variants by name: their boards and limits, each at its own route
    const games = (await get('/api/games')).data.variants;
    const byName = Object.fromEntries(games.map((v) => [v.name, v]));
    assert.deepEqual([byName.quordle.boards, byName.quordle.max_guesses, byName.absurdle.adversary], [4, 9, true]);
    for (const v of games.filter((x) => !x.adversary)) {
      const m = await get('/api/multi', { game: v.name });
      assert.equal(m.status, 200, `${v.name}: ${JSON.stringify(m.data)}`);
      assert.deepEqual([m.data.boards, m.data.max_guesses], [v.boards, v.max_guesses], v.name);
    }
    assert.equal((await get('/api/adversary', { game: 'absurdle', guesses: 'salet' })).status, 200);
    await bad(get('/api/multi', { game: 'absurdle' }), 400, /api\/adversary/);
    await bad(get('/api/adversary', { game: 'dordle' }), 400, /api\/multi/);
    await bad(post('/api/play/new', { game: 'dordle' }), 400, /game/);
    await bad(get('/api/multi', { boards: 4, guesses: 'salet,zzzzz' }), 422, /guess 2/);
    await bad(get('/api/multi', { game: 'symble', boards: 2 }), 400, /Wordle or Mastermind/);
    await bad(get('/api/multi', { boards: 4, guesses: Array(12).fill('salet').join(',') }), 422, /more than 9/);
    const mm = await get('/api/multi', { game: 'mastermind', boards: 2, guesses: '1122' });
    assert.equal(mm.status, 200);
    assert.equal(mm.data.max_guesses, 11);
    assert.equal(typeof mm.data.board[0].rows[0].marks.blacks, 'number');
  });

  await test('the adversary: its answers, the fewest guesses from here, refusals', async () => {
    const r = await get('/api/adversary', { guesses: 'aesir,yauld,tench,motto' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.data.rows.map((x) => x.left), [168, 15, 1, 0]);
    assert.equal(r.data.won, true);
    const h = await get('/api/adversary', { guesses: 'aesir', hint: 1 });
    assert.equal(h.data.hint.guesses, 3, JSON.stringify(h.data.hint));
    assert.equal(h.data.left, 168);
    assert.equal(h.data.words.length, 20);
    const hard = await get('/api/adversary', { hard: 1, guesses: 'aesir' });
    assert.equal(hard.status, 200);
    await bad(get('/api/adversary', { guesses: 'aesir,yauld,tench,motto,salet' }), 422, /won already/);
    // Mastermind's hard mode (every guess still possible) plays against the adversary too
    assert.equal((await get('/api/adversary', { game: 'mastermind', hard: 1 })).status, 200);
    await bad(get('/api/adversary', { guesses: Array(101).fill('salet').join(',') }), 422, /more than 100/);
    await bad(get('/api/adversary', { guesses: 'x'.repeat(200) }), 400, /too long/);
    const mm = await get('/api/adversary', { game: 'mastermind', guesses: '1122', hint: 1 });
    assert.equal(mm.status, 200);
    assert.equal(typeof mm.data.hint.guesses, 'number');
  });

  await test('bad requests get a 4xx and a message', async () => {
    await bad(get('/api/info', { game: 'chess' }), 400, /unknown value 'chess'/);
    await bad(get('/api/info', { game: 'mastermind', colors: '1000000000' }), 400, /colors.*out of range/);
    await bad(get('/api/info', { game: 'mastermind', colors: '99999999999999999999999' }), 400, /out of range/);
    await bad(get('/api/info', { game: 'mastermind', pegs: 99 }), 400, /pegs/);
    await bad(get('/api/info', { game: 'mastermind', colors: 16, pegs: 10 }), 400, /codes/);
    await bad(get('/api/info', { game: 'mastermind', colors: 3, pegs: 4, no_repeat: 1 }), 400, /differ/);
    for (const v of ['6x', '0x10', '1e3', ' 6', '6.0', '--6', ''])
      if (v) await bad(get('/api/info', { game: 'mastermind', colors: v }), 400, /whole number/);
    await bad(get('/api/info', { game: 'wordle', colors: 6, lists: 'original' }), 400, /exclude each other/);
    await bad(get('/api/info', { game: 'wordle', dictionary: 'english', length: 16 }), 400, /length.*out of range/);
    await bad(get('/api/info', { game: 'wordle', dictionary: 'klingon' }), 400, /unknown value/);
    await bad(get('/api/info', { game: 'wordle', length: 6 }), 400, /6/);
    await bad(get('/api/info', { game: 'mastermind', dictionary: 'english' }), 400, /word games/);
    await bad(get('/api/info', { game: 'symble', colors: 16, pegs: 6 }), 400, /codes/);
    await bad(get('/api/info', { game: 'wordle', lists: '../../etc/passwd' }), 400, /unknown value/);
    await bad(get('/api/info', { answers: '/etc/passwd' }), 400, /unknown parameter 'answers'/);
    await bad(get('/api/info', { game: 'mastermind', no_repeat: 'maybe' }), 400, /yes\/no/);
    await bad(get('/api/candidates', { limit: 1e9 }), 400, /limit/);
    await bad(get('/api/candidates', { history: 'salet' }), 400, /GUESS=FEEDBACK/);
    await bad(get('/api/candidates', { history: 'salet=GGGGG' }), 422, /no answer of the list/);
    await bad(get('/api/candidates', { history: 'salet=.Y...,crony=GGGGG' }), 422, /no answer nor any allowed word/);
    await bad(get('/api/candidates', { lists: 'answers', history: 'aback=.....,abbey=GGGGG' }), 422, /no secret gives/);
    await bad(get('/api/candidates', { history: 'zzzzz=.....' }), 400, /zzzzz/);
    await bad(get('/api/candidates', { history: Array(101).fill('salet=.....').join(',') }), 400, /more than 100 turns/);
    await bad(get('/api/feedback', { guess: 'salet' }), 400, /secret.*required/);
    await bad(get('/api/partition', { guess: 'salet', hard: 'yes please' }), 400, /hard/);
    await bad(post('/api/play/new', { game: 'wordle', max_guesses: 1e9 }), 400, /max_guesses/);
    await bad(post('/api/play/new', { game: 'wordle', seed: -1 }), 400, /seed/);
    await bad(post('/api/play/new', { game: 'wordle', seed: 2 ** 60 }), 400, /seed/);
    await bad(post('/api/play/guess', { id: 'abcdefabcdefabcdefabcdef', guess: 'salet' }), 404, /no game/);
    await bad(post('/api/play/guess', { id: '../../etc/passwd', guess: 'salet' }), 400, /not an id/);
    await bad(get('/api/nothing'), 404, /no endpoint/);
    await bad(get('/api/play/new'), 405);
    await bad(call('PUT', '/api/games'), 405);
    await bad(call('DELETE', '/api/play/giveup'), 405);
    // the query string is decoded strictly
    await bad(call('GET', '/api/info?game=%zz'), 400, /malformed/);
    await bad(call('GET', '/api/info?game=wordle&game=symble'), 400, /twice/);
    await bad(call('GET', '/api/info?game=word%00le'), 400, /NUL|malformed/);
    // bodies: size and type
    await bad(call('POST', '/api/play/new', null, { body: `game=wordle&seed=${'1'.repeat(20000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 413, /too large/);
    await bad(call('POST', '/api/play/new', null, { body: '{"game":"wordle"}', headers: { 'content-type': 'application/json' } }), 415, /form-encoded/);
    // a page of another site cannot drive the server
    await bad(call('POST', '/api/play/new', null, { body: 'game=wordle', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' } }), 403, /cross-origin/);
    await bad(call('GET', '/api/info', null, { headers: { 'sec-fetch-site': 'cross-site' } }), 403, /cross-site/);
    assert.equal((await call('GET', '/api/info', null, { headers: { 'sec-fetch-site': 'same-origin' } })).status, 200);
    await serving();
  });

  await test('path tricks and odd requests', async () => {
    for (const p of ['/../../etc/passwd', '/api/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd',
      '/web/index.html', '/vendor/../../CMakeLists.txt', '/vendor/../../../etc/passwd', '//etc/passwd', '/index.html%00.js']) {
      const r = await rawGet(p);
      assert.ok(r.status >= 400 && r.status < 500, `${p}: ${r.status}`);
      assert.doesNotMatch(r.text, /root:/, p);
    }
    const evil = await rawGet('/api/games', 'Host: evil.example\r\n');
    assert.equal(evil.status, 403);
    assert.match(evil.text, /localhost only/);
    const ok = await rawGet('/api/games', 'Host: localhost:1234\r\n');
    assert.equal(ok.status, 200);
    const huge = await raw(`GET /api/games?x=${'a'.repeat(40000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    assert.ok(huge.status === 0 || (huge.status >= 400 && huge.status < 500), `huge head: ${huge.status}`);
    const garbage = await raw('THIS IS NOT HTTP\r\n\r\n');
    assert.ok(garbage.status === 0 || garbage.status >= 400, `garbage: ${garbage.status}`);
    await serving();
  });

  await test('stopping with SIGTERM while jobs run and a stream is open', async () => {
    const sim = await post('/api/jobs/start', { kind: 'simulate', game: 'bulls', strategies: 'entropy,parts,minimax,expected' });
    assert.equal(sim.status, 202);
    let streaming;
    const opened = new Promise((resolve) => { streaming = resolve; });
    const simEvents = events(sim.data.id, { onEvent: () => streaming() });
    simEvents.catch(() => streaming()); // awaited below
    await opened; // the stream is open before the server is told to stop
    const s = await post('/api/jobs/start', { kind: 'analyse', game: 'super' });
    assert.equal(s.status, 202);
    let stopped;
    const stream = events(s.data.id, {
      onEvent: async (e) => { if (e.event === 'progress' && !stopped) stopped = srv.stop('SIGTERM'); },
    });
    const evs = await stream;
    const r = await stopped;
    assert.equal(r.code, 0, `exit status ${r.code}: ${r.stderr}`);
    assert.ok(r.seconds < 5, `stopping took ${r.seconds} s`);
    assert.match(r.stderr, /stopped/);
    const end = evs[evs.length - 1];
    assert.equal(end.event, 'end');
    assert.equal(end.data.state, 'canceled');
    const simEnd = (await simEvents).pop();
    assert.deepEqual([simEnd.event, simEnd.data.state], ['end', 'canceled']);
  });

  await test('stopping with SIGINT', async () => {
    const other = await startServer(binary);
    base = other.url;
    await serving();
    const r = await other.stop('SIGINT');
    assert.equal(r.code, 0);
  });

  await test('stopping with SIGTERM while the exact coach reviews', async () => {
    // the cancel flag stops every search of the review, their set-up and the greedy strategy after a
    // stop included (a review of three turns is about nine searches): the stop waits for none of them
    const other = await startServer(binary);
    base = other.url;
    let review;
    let stopped = false;
    try {
      for (;;) { // the event: a second exact request (a tiny one) is refused while the review holds the slot
        let settled = false;
        review = get('/api/review', { lists: 'nyt2023', history: 'ghost=.....,crane=Y.Y..,ninny=.....' })
          .catch((e) => ({ status: 0, data: String(e) })).finally(() => { settled = true; });
        let busy;
        do busy = await get('/api/rank/exact', { lists: 'nyt2023', history: 'crane=GGGG.', limit: 1 });
        while (busy.status !== 503 && !settled);
        if (busy.status === 503 && !settled) break;
        const rv = await review; // the tiny request held the slot when the review came: ask again
        assert.equal(rv.status, 503, `the review ended before the server was told to stop: ${JSON.stringify(rv.data)}`);
      }
      stopped = true;
      const r = await other.stop('SIGTERM');
      assert.equal(r.code, 0, `exit status ${r.code}: ${r.stderr}`);
      const rv = await review;
      assert.notEqual(rv.status, 200, `a review cut short by the stop is not an answer: ${JSON.stringify(rv.data)}`);
    } finally {
      if (!stopped) other.proc.kill('SIGKILL'); // a failure above leaves no server behind
    }
  });

  await test('bad command lines', async () => {
    const { spawnSync } = await import('node:child_process');
    for (const args of [['--port', '70000'], ['--port', 'x'], ['--bind', 'example.com'], ['--jobs', '0'], ['--web', '/nonexistent']]) {
      const r = spawnSync(binary, ['serve', '--port', '0', ...args], { encoding: 'utf8', timeout: 10000 });
      assert.equal(r.status, 2, `${args}: ${r.status} ${r.stderr}`);
      assert.match(r.stderr, /^codebreaker: /);
    }
  });

  process.exit(finish());
}

main().catch((e) => { console.log(e.stack || e); process.exit(1); });
