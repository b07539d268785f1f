// app.js: the codebreaker dashboard. Talks to the JSON API of `codebreaker serve` (docs/web.md):
// plays a game kept on the server, shows how the last guess divided the candidates, runs jobs
// (the analysis of every guess now; simulations once the server offers them) and draws their
// histograms with uPlot.
'use strict';

const $ = (id) => document.getElementById(id);

// The strategies ticked at first in the simulation panel (the server lists them all).
const DEFAULT_STRATEGIES = ['entropy', 'minimax'];

const GAME_LABELS = { wordle: 'Wordle', symble: 'Symble', mastermind: 'Mastermind', super: 'Super', bulls: 'Bulls & Cows' };
const PEG_COLOURS = ['#e0533d', '#3d8fe0', '#4caf50', '#f2c12e', '#f08a24', '#8e44ad', '#16b3c4', '#ec5f9a',
  '#7b5a43', '#a4c639', '#2c3e91', '#0f8b7a', '#8a8f98', '#f4f1e8', '#222831', '#c2185b'];
const SERIES_COLOURS = ['#3d7be0', '#e0733d', '#4caf50', '#9b59b6', '#d4a017', '#16a5b5', '#e05a8a', '#6d7580'];

// Symble's three symbols, drawn here so they look the same everywhere (no emoji font needed).
const SYMBOLS = [
  { name: 'sun', svg: '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="5" fill="#f5a623"/><g stroke="#f5a623" stroke-width="2.2" stroke-linecap="round"><path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1"/></g></svg>' },
  { name: 'heart', svg: '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="#e0455f" d="M12 21s-7.5-4.6-9.3-9.2C1.5 8.6 3.4 5 6.9 5c2.1 0 3.6 1.2 5.1 3 1.5-1.8 3-3 5.1-3 3.5 0 5.4 3.6 4.2 6.8C19.5 16.4 12 21 12 21z"/></svg>' },
  { name: 'drop', svg: '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="#3d8fe0" d="M12 2.5s-7 8-7 12.5a7 7 0 0 0 14 0C19 10.5 12 2.5 12 2.5z"/><path fill="#fff" opacity=".45" d="M8.6 15.2a3.5 3.5 0 0 0 2.4 3.4c-.9-1-1.2-2.3-1-3.6z"/></svg>' },
];
const MARK_NAMES = ['gray', 'yellow', 'green'];

// ---------------------------------------------------------------------------------------------
// The API

async function call(method, path, params) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {}))
    if (v !== undefined && v !== null && v !== '') body.append(k, String(v));
  const url = method === 'GET' && [...body].length ? `${path}?${body}` : path;
  let res;
  try {
    res = await fetch(url, method === 'GET' ? {} : { method, body });
  } catch (e) {
    return { ok: false, status: 0, data: { error: 'the server does not answer: is codebreaker serve running?' } };
  }
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `unexpected answer (${res.status})` };
  }
  return { ok: res.ok, status: res.status, data };
}
const get = (path, params) => call('GET', path, params);
const post = (path, params) => call('POST', path, params);

// Follow a job through its event stream: progress, partial results, and the end.
function followJob(id, on) {
  const es = new EventSource(`/api/jobs/events?id=${encodeURIComponent(id)}`);
  let ended = false;
  const end = (view) => { if (!ended) { ended = true; es.close(); on.end(view); } };
  es.addEventListener('progress', (e) => on.progress && on.progress(JSON.parse(e.data)));
  es.addEventListener('partial', (e) => on.partial && on.partial(JSON.parse(e.data)));
  es.addEventListener('end', (e) => end(JSON.parse(e.data)));
  es.onerror = async () => {
    if (ended) return;
    es.close();
    const r = await get('/api/jobs/status', { id });
    if (r.ok && r.data.state !== 'running') end(r.data);
    else end({ state: 'failed', error: r.ok ? 'lost the connection to the job' : r.data.error });
  };
  return { id, cancel: () => post('/api/jobs/cancel', { id }) };
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k === 'html') e.innerHTML = v; // only our own markup (symbols), never data
    else if (k === 'style') Object.assign(e.style, v); // through the CSSOM: the policy refuses style attributes
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c != null) e.append(c);
  return e;
}

// Replace the children of node, skipping the absent ones.
function fill(node, ...children) {
  node.replaceChildren(...children.filter((c) => c != null));
}

function fmt(x, digits = 3) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  if (Number.isInteger(x)) return x.toLocaleString('en');
  return Number(x.toPrecision(digits)).toLocaleString('en', { maximumFractionDigits: 6 });
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;

function showProgress(box, done, total, seconds, unit) {
  box.hidden = false;
  const share = total ? done / total : 0;
  box.querySelector('.bar span').style.width = `${(100 * share).toFixed(1)}%`;
  box.querySelector('output').textContent =
    `${done.toLocaleString('en')} of ${total.toLocaleString('en')}${unit ? ` ${unit}` : ''} · ${seconds.toFixed(1)} s`;
}

// ---------------------------------------------------------------------------------------------
// Charts: a histogram per chart spec ({title, unit, lo, width, series: [{name, counts, stats}]})

function drawChart(id, chart) {
  const box = $(`chart-${id}`);
  let series = chart.series || [];
  // Show the bins from the first to the last that hold anything.
  let first = Infinity;
  let last = 0;
  for (const s of series) s.counts.forEach((c, b) => { if (c > 0) { first = Math.min(first, b); last = Math.max(last, b); } });
  if (first === Infinity) first = 0;
  chart = { ...chart, lo: chart.lo + chart.width * first, series: series.map((s) => ({ ...s, counts: s.counts.slice(first) })) };
  series = chart.series;
  const nbins = Math.max(last - first + 1, 1);
  const k = series.length;
  // Bars of several series side by side: each series gets its own x positions within a bin.
  const xs = [];
  const ys = series.map(() => []);
  for (let b = 0; b < nbins; b++)
    for (let s = 0; s < k; s++) {
      xs.push(chart.lo + chart.width * (b + (s + 0.5) / k));
      series.forEach((_, t) => ys[t].push(t === s ? series[s].counts[b] ?? 0 : null));
    }
  renderStats(id, series);
  if (!window.uPlot) {
    box.replaceChildren(el('p', { class: 'placeholder', text: 'Charts need uPlot, which the build installs from npm.' }));
    return;
  }
  const width = Math.max(box.clientWidth, 240);
  const sig = `${k}:${nbins}:${chart.lo}:${chart.width}:${series.map((s) => s.name).join(',')}`; // the scale and ticks follow these
  if (box._plot && box._sig === sig) {
    box._plot.setData([xs, ...ys]);
    return;
  }
  if (box._plot) box._plot.destroy();
  box.replaceChildren();
  const bars = uPlot.paths.bars({ size: [0.92, 80], align: 0 });
  const decimals = chart.width < 1 ? 2 : 0;
  const opts = {
    width, height: 190,
    legend: { show: false }, // the table under the chart names the series
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: { x: { time: false, range: [chart.lo, chart.lo + chart.width * nbins] }, y: { range: (u, lo, hi) => [0, Math.max(1, hi * 1.08)] } },
    axes: [
      {
        label: chart.unit, labelSize: 18, size: 34, values: (u, v) => v.map((x) => +x.toFixed(decimals)),
        // bins of one centred on whole numbers (scores): a tick under each bin
        ...(chart.width === 1 && nbins <= 24 ? { splits: () => Array.from({ length: nbins }, (_, b) => chart.lo + b + 0.5) } : {}),
      },
      { size: 48, values: (u, v) => v.map((x) => (Number.isInteger(x) ? x.toLocaleString('en') : '')) },
    ],
    series: [
      { label: chart.unit, value: (u, v) => (v == null ? '' : (v - chart.lo - chart.width / 2 / k).toFixed(decimals + 1)) },
      ...series.map((s, i) => ({
        label: s.name, paths: bars, points: { show: false },
        stroke: SERIES_COLOURS[i % SERIES_COLOURS.length], fill: SERIES_COLOURS[i % SERIES_COLOURS.length] + 'cc',
        width: 1, spanGaps: false,
      })),
    ],
  };
  box._plot = new uPlot(opts, [xs, ...ys], box);
  box._sig = sig;
}

function renderStats(id, series) {
  const t = $(`stats-${id}`);
  if (!t) return;
  const head = el('tr', {}, el('th', { text: series.length > 1 ? 'strategy' : '' }), el('th', { text: 'median' }),
    el('th', { text: 'average' }), el('th', { text: 'std' }), el('th', { text: 'n' }));
  const rows = series.map((s, i) => el('tr', {},
    el('th', {}, el('span', { class: 'swatch', 'data-i': i % SERIES_COLOURS.length }), s.name),
    el('td', { text: fmt(s.stats.median) }), el('td', { text: fmt(s.stats.mean) }),
    el('td', { text: fmt(s.stats.std) }), el('td', { text: fmt(s.stats.n) })));
  t.replaceChildren(el('thead', {}, head), el('tbody', {}, rows));
  t.querySelectorAll('.swatch').forEach((sw) => { sw.style.background = SERIES_COLOURS[+sw.dataset.i]; });
}

new ResizeObserver(() => {
  for (const box of document.querySelectorAll('.chart'))
    if (box._plot) box._plot.setSize({ width: Math.max(box.clientWidth, 240), height: 190 });
}).observe(document.body);

// ---------------------------------------------------------------------------------------------
// The game being played

const state = {
  catalogue: null,   // GET /api/games
  spec: { game: 'wordle', lists: 'original', colors: 6, pegs: 4, no_repeat: false },
  session: null,     // the answer of /api/play/new, kept up to date
  game: null,        // its game facts
  rows: [],          // played turns: {guess, feedback, marks, won}
  current: [],       // symbols typed for the next guess
  letterMarks: {},   // Wordle: best mark seen per letter
  busy: false,
  analysis: null,    // the running analysis job
  sim: null,         // the running simulation job
};

const rule = () => (state.game ? state.game.rule : 'wordle');
const isMastermind = () => rule() === 'mastermind';

function specParams() {
  const s = state.spec;
  const p = { game: s.game };
  if (['wordle', 'symble'].includes(s.game)) p.lists = s.lists;
  else { p.colors = s.colors; p.pegs = s.pegs; p.no_repeat = s.no_repeat ? 1 : 0; }
  return p;
}

function historyParam() {
  return state.rows.map((r) => `${r.guess}=${r.feedback}`).join(',');
}

function setMessage(text, kind) {
  const m = $('message');
  m.textContent = text || '';
  m.dataset.kind = kind || '';
}

async function newGame() {
  const s = state.spec;
  if (state.analysis) state.analysis.cancel(); // its answer would be about the old game
  const params = { ...specParams(), seed: $('seed').value.trim() };
  if (s.game === 'wordle' && $('hard').checked) params.hard = 1;
  $('setup-error').textContent = '';
  $('board').dataset.state = 'loading';
  setMessage('Preparing the game…');
  const r = await post('/api/play/new', params);
  if (!r.ok) {
    $('setup-error').textContent = r.data.error;
    setMessage('');
    $('board').dataset.state = state.session ? $('board').dataset.state : 'error';
    return;
  }
  state.session = r.data;
  state.game = r.data.game;
  state.analysis = null;
  $('analyse-btn').disabled = false;
  $('analyse-cancel').hidden = true;
  state.rows = [];
  state.current = [];
  state.letterMarks = {};
  resetDetails();
  renderFacts();
  renderBoard();
  renderKeyboard();
  updateStatus();
  const how = isMastermind() ? 'Type digits or press the colours' : 'Type a word';
  setMessage(`${how}, then Enter.${rule() === 'symble' ? ' The symbols stand for three colours; which is which is hidden.' : ''}`);
}

function renderFacts() {
  const g = state.game;
  $('facts').replaceChildren(
    el('span', { class: 'fact' }, el('b', { text: GAME_LABELS[g.game] || g.game }), ` ${g.name.replace(/^[a-z]+,?\s*/, '')}`),
    el('span', { class: 'fact', text: `${g.feedback_ids} feedbacks` }),
    el('span', { class: 'fact', text: g.table_precomputed ? `table ${g.table_mib} MiB in ${g.table_seconds.toFixed(2)} s` : 'feedback computed on the fly' }));
}

function updateStatus() {
  const s = state.session;
  const over = s.over;
  const t = `Turn ${Math.min(state.rows.length + (over ? 0 : 1), s.max_guesses)} of ${s.max_guesses}`;
  $('turn-info').textContent = `${t}${s.hard ? ' · hard mode' : ''}`;
  $('board').dataset.state = over ? (s.won ? 'won' : 'lost') : 'playing';
  $('details-btn').disabled = state.rows.length === 0;
  $('giveup-btn').disabled = over;
  $('hint-btn').disabled = over;
}

// --- the board ---

function symbolTile(i) {
  return el('span', { class: `sym s${i}`, title: `symbol ${'abc'[i]}`, html: SYMBOLS[i].svg });
}

function pegEl(symbol, extra) {
  const i = state.game.alphabet.indexOf(symbol);
  const p = el('span', { class: `peg ${extra || ''}`, text: symbol, 'data-symbol': symbol });
  if (i >= 0) {
    p.style.background = PEG_COLOURS[i % PEG_COLOURS.length];
    if (i === 13 || i === 3) p.classList.add('light');
  }
  return p;
}

function keyPegs(marks, n) {
  const box = el('span', { class: 'keypegs', title: `${marks.blacks} black, ${marks.whites} white` });
  for (let i = 0; i < n; i++)
    box.append(el('span', { class: i < marks.blacks ? 'kp black' : i < marks.blacks + marks.whites ? 'kp white' : 'kp' }));
  return box;
}

function rowEl(symbols, turn, played) {
  const n = state.game.length;
  const row = el('div', { class: `row${played ? ' played' : ''}`, 'data-turn': turn });
  if (played) { row.dataset.guess = played.guess; row.dataset.feedback = played.feedback; }
  if (isMastermind()) {
    const pegs = el('span', { class: 'pegs' });
    for (let i = 0; i < n; i++) pegs.append(symbols[i] !== undefined ? pegEl(symbols[i]) : el('span', { class: 'peg empty' }));
    row.append(pegs);
    if (played) row.append(keyPegs(played.marks, n), el('span', { class: 'fbtext', text: played.feedback }));
    else row.append(keyPegs({ blacks: 0, whites: 0 }, n), el('span', { class: 'fbtext' })); // keeps the columns aligned
    return row;
  }
  const tiles = el('span', { class: 'tiles' });
  for (let i = 0; i < n; i++) {
    const t = el('span', { class: 'tile', text: symbols[i] || '' });
    if (symbols[i]) t.classList.add('filled');
    if (played && rule() === 'wordle') {
      t.classList.add(MARK_NAMES[played.marks[i]]);
      t.dataset.mark = played.marks[i];
      t.title = `${symbols[i]}: ${MARK_NAMES[played.marks[i]]}`;
    }
    if (played && rule() === 'symble') t.classList.add(played.won ? 'green' : 'ink');
    tiles.append(t);
  }
  row.append(tiles);
  if (rule() === 'symble') {
    const strip = el('span', { class: 'symbols', title: 'per position of the secret word' });
    if (played && played.marks) played.marks.forEach((m) => strip.append(symbolTile(m)));
    else if (played) strip.append(el('span', { class: 'won-label', text: 'solved' }));
    else for (let i = 0; i < n; i++) strip.append(el('span', { class: 'sym blank' }));
    row.append(strip);
  }
  return row;
}

function renderBoard() {
  const board = $('board');
  const s = state.session;
  const rows = [];
  state.rows.forEach((r, t) => rows.push(rowEl([...splitSymbols(r.guess)], t, r)));
  const shown = s.max_guesses <= 12 ? s.max_guesses : state.rows.length + 1;
  for (let t = state.rows.length; t < shown; t++) {
    const cur = t === state.rows.length && !s.over;
    const row = rowEl(cur ? state.current : [], t, null);
    if (cur) row.classList.add('current');
    rows.push(row);
  }
  board.className = `board ${rule()}`;
  board.replaceChildren(...rows);
}

function splitSymbols(word) {
  // Codes are spelled one symbol per character (UTF-8 letters included).
  return Array.from(word);
}

function renderCurrentRow() {
  const cur = $('board').querySelector('.row.current');
  if (!cur) return;
  const fresh = rowEl(state.current, state.rows.length, null);
  fresh.classList.add('current');
  cur.replaceWith(fresh);
}

function shakeCurrent() {
  const cur = $('board').querySelector('.row.current');
  if (!cur) return;
  cur.classList.remove('shake');
  void cur.offsetWidth;
  cur.classList.add('shake');
}

// --- the keyboard ---

const QWERTY = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

function renderKeyboard() {
  const kb = $('keyboard');
  const alphabet = state.game.alphabet;
  const enter = el('button', { class: 'key wide', 'data-key': 'Enter', text: 'Enter' });
  const back = el('button', { class: 'key wide', 'data-key': 'Backspace', 'aria-label': 'Delete', text: '⌫' });
  const rows = [];
  if (isMastermind()) {
    rows.push(el('div', { class: 'krow' }, alphabet.map((sym) => {
      const b = el('button', { class: 'key pegkey', 'data-key': sym, 'aria-label': `colour ${sym}` }, pegEl(sym, 'small'));
      return b;
    })));
    rows.push(el('div', { class: 'krow' }, back, enter));
  } else {
    const letters = new Set(alphabet);
    const used = new Set();
    QWERTY.forEach((line, i) => {
      const keys = [...line].filter((c) => letters.has(c)).map((c) => { used.add(c); return letterKey(c); });
      if (i === 2) { keys.unshift(enter); keys.push(back); }
      rows.push(el('div', { class: 'krow' }, keys));
    });
    const extra = alphabet.filter((c) => !used.has(c));
    if (extra.length) rows.splice(2, 0, el('div', { class: 'krow' }, extra.map(letterKey)));
  }
  kb.className = `keyboard ${rule()}`;
  kb.replaceChildren(...rows);
}

function letterKey(c) {
  const k = el('button', { class: 'key', 'data-key': c, text: c });
  const m = state.letterMarks[c];
  if (m !== undefined) k.classList.add(MARK_NAMES[m]);
  return k;
}

function updateLetterMarks(played) {
  if (rule() !== 'wordle') return;
  [...played.guess].forEach((c, i) => {
    const m = played.marks[i];
    if (state.letterMarks[c] === undefined || m > state.letterMarks[c]) state.letterMarks[c] = m;
  });
}

function press(key) {
  if (!state.session || state.session.over || state.busy) return;
  if (key === 'Enter') return submit();
  if (key === 'Backspace') {
    state.current.pop();
    renderCurrentRow();
    return;
  }
  const sym = key.length && state.game.alphabet.find((s) => s === key || s === key.toLowerCase());
  if (!sym || state.current.length >= state.game.length) return;
  state.current.push(sym);
  renderCurrentRow();
}

async function submit() {
  if (state.current.length !== state.game.length) {
    setMessage(`A guess has ${state.game.length} ${isMastermind() ? 'pegs' : 'letters'}.`, 'warn');
    shakeCurrent();
    return;
  }
  state.busy = true;
  const guess = state.current.join('');
  const r = await post('/api/play/guess', { id: state.session.id, guess });
  state.busy = false;
  if (!r.ok) {
    setMessage(r.data.error + (r.data.refused ? ' (no turn lost)' : ''), 'warn');
    shakeCurrent();
    return;
  }
  Object.assign(state.session, r.data);
  const played = r.data.last;
  state.rows.push(played);
  state.current = [];
  updateLetterMarks(played);
  renderBoard();
  renderKeyboard();
  updateStatus();
  if (r.data.over) announceEnd();
  else setMessage('');
}

function announceEnd() {
  const s = state.session;
  const n = state.rows.length;
  const secret = s.secret;
  const text = s.won ? `Solved in ${n} ${n === 1 ? 'guess' : 'guesses'}!` : s.gave_up ? `The secret was ${secret}.` : `Out of guesses: the secret was ${secret}.`;
  const msg = $('message');
  msg.dataset.kind = s.won ? 'win' : 'lose';
  const more = el('span', { class: 'more' });
  if (s.mapping) {
    // Symble: the hidden bijection, symbols of gray, yellow and green.
    more.append('The symbols meant ');
    [...s.mapping].forEach((c, colour) => more.append(symbolTile('abc'.indexOf(c)), ` ${MARK_NAMES[colour]}${colour < 2 ? ', ' : '. '}`));
  }
  more.append(`Seed ${s.seed} replays this secret.`);
  msg.replaceChildren(el('span', { class: 'headline', text }), more);
}

async function giveUp() {
  const r = await post('/api/play/giveup', { id: state.session.id });
  if (!r.ok) return setMessage(r.data.error, 'warn');
  Object.assign(state.session, r.data);
  renderBoard();
  updateStatus();
  announceEnd();
}

// What a strategy's score of its guess means, in words.
function scoreText(name, score) {
  if (['entropy', 'entropy-knuth', 'entropy-frequency'].includes(name)) return `${fmt(score)} bits`;
  if (name === 'minimax') return `largest group ${fmt(score)}`;
  if (name === 'expected') return `expected group ${fmt(score)}`;
  if (name === 'parts') return `${fmt(score)} groups`;
  if (name === 'montecarlo') return `${fmt(score)} more guesses on average`;
  return '';
}

// "Make a guess": the chosen strategy's guess, typed into the current row for the player to play.
async function makeGuess() {
  if (!state.session || state.session.over || state.busy) return;
  const strategy = $('hint-strategy').value || 'entropy';
  state.busy = true;
  $('hint-btn').disabled = true;
  setMessage(`Asking ${strategy}…`);
  const r = await post('/api/play/hint', { id: state.session.id, strategy });
  state.busy = false;
  $('hint-btn').disabled = state.session.over;
  if (!r.ok) return setMessage(r.data.error, 'warn');
  state.current = splitSymbols(r.data.guess);
  renderCurrentRow();
  const why = scoreText(strategy, r.data.score);
  setMessage(`${strategy} would play ${r.data.guess}${why ? ` (${why})` : ''}${r.data.candidate ? '' : ', not a candidate'}. Press Enter to play it.`);
}

// ---------------------------------------------------------------------------------------------
// Details: the partition of the candidates before the last guess

function resetDetails() {
  $('details-body').className = 'placeholder';
  $('details-body').replaceChildren('Play a guess, then press ', el('b', { text: 'Show details' }), '.');
  $('analyse-result').replaceChildren();
  $('analyse-error').textContent = '';
  $('box-entropy').hidden = true;
  $('analyse-progress').hidden = true;
}

function marksEl(marks, feedback) {
  if (marks === null) return el('span', { class: 'mini won-label', text: 'solved' });
  if (isMastermind()) {
    return el('span', { class: 'mini' }, keyPegs(marks, state.game.length), el('span', { class: 'fbtext', text: feedback }));
  }
  const box = el('span', { class: 'mini', title: feedback });
  marks.forEach((m) => box.append(rule() === 'symble' ? symbolTile(m) : el('span', { class: `minitile ${MARK_NAMES[m]}` })));
  return box;
}

async function showDetails() {
  const r = await get('/api/play/details', { id: state.session.id });
  const body = $('details-body');
  if (!r.ok) { body.className = 'error'; body.textContent = r.data.error; return; }
  const p = r.data.partition;
  body.className = 'details-content';
  const summary = el('div', { class: 'summary' },
    stat('guess', p.guess), stat('candidates before', fmt(p.candidates)), stat('left after', fmt(p.after)),
    stat('removed', pct(p.removed)), stat('groups', fmt(p.parts)), stat('largest group', fmt(p.largest)),
    stat('expected size', fmt(p.expected)), stat('entropy', `${fmt(p.entropy)} bits`));
  const note = rule() === 'symble'
    ? el('p', { class: 'muted small', text: 'Your group shows the symbols you saw; the others are shown up to a renaming of the symbols, since the mapping is hidden.' }) : null;
  const table = el('table', { class: 'parts' },
    el('thead', {}, el('tr', {}, el('th', { text: 'feedback' }), el('th', { class: 'num', text: 'secrets' }),
      el('th', { text: 'share' }), el('th', { text: 'for example' }))));
  const tbody = el('tbody');
  const limit = 24;
  const groupRow = (g) => {
    const bar = el('span', { class: 'sharebar' }, el('span'));
    bar.firstChild.style.width = `${Math.max(1, 100 * g.count / p.groups[0].count).toFixed(1)}%`;
    return el('tr', { class: g.actual ? 'actual' : '' },
      el('td', {}, marksEl(g.marks, g.feedback), g.actual ? el('span', { class: 'badge', text: 'yours' }) : null),
      el('td', { class: 'num', text: fmt(g.count) }),
      el('td', {}, bar, el('span', { class: 'muted small', text: ` ${pct(g.count / p.candidates)}` })),
      el('td', { class: 'sample', text: g.sample.join(' ') + (g.count > g.sample.length ? ' …' : '') }));
  };
  p.groups.slice(0, limit).forEach((g) => tbody.append(groupRow(g)));
  // the group the secret fell in is always shown
  const yours = p.groups.findIndex((g) => g.actual);
  if (yours >= limit) {
    tbody.append(el('tr', { class: 'gap' }, el('td', { colspan: 4, class: 'muted small', text: `… ${yours - limit} more` })));
    tbody.append(groupRow(p.groups[yours]));
  }
  table.append(tbody);
  const shown = Math.max(limit, yours + 1);
  const more = p.groups.length > shown ? el('p', { class: 'muted small', text: `and ${p.groups.length - shown} smaller groups` }) : null;
  fill(body, summary, note, table, more);
}

function stat(label, value) {
  return el('div', { class: 'stat' }, el('span', { class: 'v', text: String(value) }), el('span', { class: 'k', text: label }));
}

// ---------------------------------------------------------------------------------------------
// The analysis job: every allowed guess scored on the candidates left now

async function analyse() {
  const params = { kind: 'analyse', ...specParams(), history: historyParam() };
  if (state.session && state.session.hard) params.hard = 1;
  $('analyse-error').textContent = '';
  const r = await post('/api/jobs/start', params);
  if (!r.ok) { $('analyse-error').textContent = r.data.error; return; }
  $('analyse-btn').disabled = true;
  $('analyse-cancel').hidden = false;
  showProgress($('analyse-progress'), 0, 1, 0);
  $('analyse-progress').dataset.state = 'running';
  const job = followJob(r.data.id, {
    progress: (v) => { if (state.analysis === job) showProgress($('analyse-progress'), v.done, v.total || 1, v.seconds); },
    partial: (p) => { if (state.analysis === job) renderAnalysis(p); },
    end: (v) => {
      if (state.analysis !== job) return;
      state.analysis = null;
      $('analyse-btn').disabled = false;
      $('analyse-cancel').hidden = true;
      if (v.result) renderAnalysis(v.result);
      if (v.state === 'canceled') $('analyse-error').textContent = 'Cancelled.';
      else if (v.state === 'failed') $('analyse-error').textContent = v.error;
      $('analyse-progress').dataset.state = v.state;
    },
  });
  state.analysis = job;
}

function renderAnalysis(res) {
  const head = el('tr', {}, ...['guess', 'entropy', 'largest', 'expected', 'groups', ''].map((h) => el('th', { text: h })));
  const rows = res.top.map((s) => el('tr', {},
    el('td', { class: 'word', text: s.guess }), el('td', { text: fmt(s.entropy) }), el('td', { text: fmt(s.largest) }),
    el('td', { text: fmt(s.expected) }), el('td', { text: fmt(s.parts) }),
    el('td', { class: 'muted small', text: s.candidate ? 'candidate' : '' })));
  const best = res.best ? el('p', { class: 'small' },
    'Best by largest group: ', el('b', { text: res.best.largest.guess }),
    ' · by expected size: ', el('b', { text: res.best.expected.guess }),
    ' · by groups: ', el('b', { text: res.best.parts.guess }),
    ` · over ${fmt(res.scored)} guesses and ${fmt(res.candidates)} candidates.`) : null;
  fill($('analyse-result'), best, el('table', { class: 'top' }, el('thead', {}, head), el('tbody', {}, rows)));
  if (res.charts && res.charts.entropy) {
    $('box-entropy').hidden = false;
    drawChart('entropy', res.charts.entropy);
  }
}

// ---------------------------------------------------------------------------------------------
// Simulations: every secret (or a sample) played by each chosen strategy, the histograms filling
// in as the games end

function selectedStrategies() {
  return [...document.querySelectorAll('#strategies input:checked')].map((i) => i.value);
}

function renderStrategies(list) {
  $('strategies').replaceChildren(...list.map((s) => el('label', { class: 'chip', title: `${s.summary} (${s.source})` },
    el('input', { type: 'checkbox', value: s.name, checked: DEFAULT_STRATEGIES.includes(s.name) }), ` ${s.name}`)));
  $('hint-strategy').replaceChildren(...list.map((s) => el('option', { value: s.name, text: s.name, title: s.summary })));
  $('hint-strategy').value = 'entropy';
}

function listLabel(key) {
  const [game, rest] = key.split('/');
  const name = GAME_LABELS[game] || game;
  if (['wordle', 'symble'].includes(game)) return `${name}, ${rest} lists`;
  return `${name} ${rest}`;
}

function simParams() {
  const sample = document.querySelector('input[name=games]:checked').value === 'sample';
  const params = {
    kind: 'simulate', ...specParams(), strategies: selectedStrategies().join(','),
    target_turn: $('target-turn').value.trim(), first: $('first-guess').value.trim(),
    games: sample ? $('sample-size').value.trim() : 'all', seed: $('sim-seed').value.trim(),
  };
  if (state.spec.game === 'wordle' && $('hard').checked) params.hard = 1;
  return params;
}

async function runSimulation() {
  $('sim-error').textContent = '';
  if (!selectedStrategies().length) { $('sim-error').textContent = 'Pick at least one strategy.'; return; }
  $('run-btn').disabled = true;
  $('sim').dataset.state = 'starting';
  $('sim').dataset.partials = 0;
  const r = await post('/api/jobs/start', simParams());
  if (!r.ok) {
    $('run-btn').disabled = false;
    $('sim').dataset.state = 'refused';
    $('sim-error').textContent = r.data.error;
    return;
  }
  $('sim-cancel').hidden = false;
  $('sim-cancel').disabled = false;
  $('sim').dataset.state = 'running';
  showProgress($('sim-progress'), 0, 1, 0, 'games');
  const job = followJob(r.data.id, {
    progress: (v) => { if (state.sim === job) showProgress($('sim-progress'), v.done, v.total || 1, v.seconds, 'games'); },
    partial: (p) => {
      if (state.sim !== job) return;
      $('sim').dataset.partials = +($('sim').dataset.partials || 0) + 1; // how many arrived (the browser test reads it)
      renderSimulation(p);
    },
    end: (v) => {
      if (state.sim !== job) return;
      state.sim = null;
      $('run-btn').disabled = false;
      $('sim-cancel').hidden = true;
      $('sim').dataset.state = v.state;
      showProgress($('sim-progress'), v.done, v.total || 1, v.seconds, 'games');
      if (v.result) renderSimulation(v.result);
      if (v.state === 'canceled') $('sim-error').textContent = `Cancelled after ${fmt(v.done)} games${v.error ? ` (${v.error})` : ''}.`;
      else if (v.state === 'failed') $('sim-error').textContent = v.error;
      if (v.state !== 'done') { // the strategies that did not finish say so
        for (const tr of document.querySelectorAll('#sim-summary tr.sim-running, #sim-summary tr.sim-waiting')) {
          const running = tr.classList.contains('sim-running');
          tr.className = 'sim-stopped';
          tr.lastChild.replaceChildren(el('span', { class: 'muted small', text: running ? `${v.state}: the games played so far are in the charts` : 'not played' }));
        }
      }
    },
  });
  state.sim = job;
}

function cancelSimulation() {
  if (!state.sim) return;
  $('sim-cancel').disabled = true;
  state.sim.cancel();
}

// What a simulation did so far: its set-up, a row per strategy, and the three histograms.
function renderSimulation(res) {
  const games = res.sample ? `a sample of ${fmt(res.games)} of ${fmt(res.secrets)} secrets` : `all ${fmt(res.games)} secrets`;
  const extras = [res.hard ? 'hard mode' : null, res.first ? `first guess ${res.first}` : null,
    res.target_turn ? `candidates from turn ${res.target_turn}` : null, res.max_guesses ? `at most ${res.max_guesses} guesses` : null].filter(Boolean);
  fill($('sim-caption'), el('b', { text: listLabel(res.game) }), ` · ${games}`, extras.length ? ` · ${extras.join(' · ')}` : '',
    ' · seed ', el('code', { text: String(res.seed) }));
  $('sim-caption').hidden = false;
  renderSimSummary(res);
  for (const key of ['score', 'removed', 'time'])
    if (res.charts && res.charts[key]) drawChart(key, res.charts[key]);
}

function renderSimSummary(res) {
  const within = (res.strategies.find((s) => s.wins_within) || {}).wins_within;
  const heads = ['strategy', 'games', 'average', 'median', 'std', 'worst', within ? `won in ${within}` : 'won',
    'first guess', 'removed / turn', 'run'];
  const rows = res.strategies.map((s, i) => {
    const name = el('th', {}, el('span', { class: 'swatch', style: { background: SERIES_COLOURS[i % SERIES_COLOURS.length] } }),
      s.name, s.label !== s.name ? el('span', { class: 'muted small', text: ` ${s.label.slice(s.name.length)}` }) : null);
    if (s.state !== 'done') {
      const share = res.games ? s.done / res.games : 0;
      return el('tr', { class: `sim-${s.state}`, 'data-strategy': s.name }, name,
        el('td', { class: 'num', text: fmt(s.done) }),
        el('td', { colspan: heads.length - 2 }, s.state === 'waiting' ? el('span', { class: 'muted small', text: 'waiting' })
          : el('span', { class: 'rowbar' }, el('span', { style: { width: `${(100 * share).toFixed(1)}%` } }))));
    }
    return el('tr', { class: 'sim-done', 'data-strategy': s.name }, name,
      el('td', { class: 'num', text: fmt(s.done) }), el('td', { class: 'num strong', text: s.average.toFixed(3) }),
      el('td', { class: 'num', text: fmt(s.median) }), el('td', { class: 'num', text: s.stddev.toFixed(3) }),
      el('td', { class: 'num', text: fmt(s.max) }), el('td', { class: 'num', text: pct(s.wins / s.done) }),
      el('td', { class: 'word', text: s.first_guess || 'varies' }), el('td', { class: 'num', text: `${s.removed.toFixed(1)}%` }),
      el('td', { class: 'num', title: `${fmt(s.states)} states decided`, text: `${s.seconds.toFixed(2)} s` }));
  });
  const left = ['strategy', 'first guess'];
  fill($('sim-summary'), el('thead', {}, el('tr', {}, heads.map((h) => el('th', { class: left.includes(h) ? '' : 'num', text: h })))),
    el('tbody', {}, rows));
  $('sim-summary').hidden = false;
}

// ---------------------------------------------------------------------------------------------
// Set-up

function renderPickers() {
  const cat = state.catalogue;
  $('game-picker').replaceChildren(...cat.games.map((g) => el('button', {
    type: 'button', class: 'segbtn', 'data-game': g.name, 'aria-pressed': g.name === state.spec.game ? 'true' : 'false',
    text: GAME_LABELS[g.name] || g.name,
    onclick: () => pickGame(g.name),
  })));
  $('lists').replaceChildren(...cat.lists.map((l) => el('option', { value: l.name, text: l.label })));
  applySpecToForm();
  renderStrategies(cat.strategies);
  if (cat.limits.simulation_games) $('sample-size').max = cat.limits.simulation_games;
}

function applySpecToForm() {
  const s = state.spec;
  const mm = !['wordle', 'symble'].includes(s.game);
  for (const b of document.querySelectorAll('#game-picker .segbtn')) b.setAttribute('aria-pressed', b.dataset.game === s.game ? 'true' : 'false');
  for (const f of document.querySelectorAll('.for-words')) f.hidden = mm;
  for (const f of document.querySelectorAll('.for-mm')) f.hidden = !mm;
  for (const f of document.querySelectorAll('.for-wordle')) f.hidden = s.game !== 'wordle';
  $('lists').value = s.lists;
  $('colors').value = s.colors;
  $('pegs').value = s.pegs;
  $('no-repeat').checked = s.no_repeat;
}

function pickGame(name) {
  const g = state.catalogue.games.find((x) => x.name === name);
  state.spec.game = name;
  if (g.colors) { state.spec.colors = g.colors; state.spec.pegs = g.pegs; state.spec.no_repeat = g.no_repeat; }
  applySpecToForm();
  newGame();
}

function wire() {
  $('new-game').addEventListener('click', () => newGame());
  $('lists').addEventListener('change', (e) => { state.spec.lists = e.target.value; newGame(); });
  $('colors').addEventListener('change', (e) => { state.spec.colors = e.target.value; newGame(); });
  $('pegs').addEventListener('change', (e) => { state.spec.pegs = e.target.value; newGame(); });
  $('no-repeat').addEventListener('change', (e) => { state.spec.no_repeat = e.target.checked; newGame(); });
  $('hard').addEventListener('change', () => newGame());
  $('details-btn').addEventListener('click', showDetails);
  $('giveup-btn').addEventListener('click', giveUp);
  $('hint-btn').addEventListener('click', makeGuess);
  $('analyse-btn').addEventListener('click', analyse);
  $('analyse-cancel').addEventListener('click', () => state.analysis && state.analysis.cancel());
  $('run-btn').addEventListener('click', runSimulation);
  $('sim-cancel').addEventListener('click', cancelSimulation);
  // A button clicked with the pointer gives the focus back, so Enter and letters go to the game.
  document.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('button, select, input[type=checkbox], input[type=radio]');
    if (b && e.detail > 0) b.blur();
  });
  for (const id of ['lists', 'no-repeat', 'hard']) $(id).addEventListener('change', (e) => e.target.blur());
  $('keyboard').addEventListener('click', (e) => {
    const k = e.target.closest('.key');
    if (k) { press(k.dataset.key); k.blur(); }
  });
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    if (e.key === 'Enter' || e.key === 'Backspace' || e.key.length === 1 || /^\p{L}$/u.test(e.key)) {
      if (e.key === 'Enter' && t && t.tagName === 'BUTTON' && !t.classList.contains('key')) return;
      e.preventDefault();
      press(e.key);
    }
  });
}

async function start() {
  wire();
  const r = await get('/api/games');
  if (!r.ok) { setMessage(r.data.error, 'warn'); return; }
  state.catalogue = r.data;
  renderPickers();
  await newGame();
}

start();
