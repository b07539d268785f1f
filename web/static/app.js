// app.js: the codebreaker dashboard. Talks to the JSON API of `codebreaker serve` (docs/web.md):
// plays a game kept on the server, shows how the last guess divided the candidates, runs jobs
// (the analysis of every guess now; simulations once the server offers them) and draws their
// histograms with uPlot.
'use strict';

const $ = (id) => document.getElementById(id);

// Today's New York Times game: the word lists the page opens on (usage.md, "Which lists").
const DEFAULT_LISTS = 'nyt2023';

// The strategies ticked at first in the simulation panel (the server lists them all).
const DEFAULT_STRATEGIES = ['entropy', 'minimax'];

// A strategy's label and score text come from the library's registry (GET /api/games: strategies).
const strategyRow = (name) => ((state.catalogue && state.catalogue.strategies) || []).find((s) => s.name === name);
const strategyLabel = (name) => (strategyRow(name) || {}).label || name;

// The games and what each is come from the library's registry (GET /api/games: games): the page
// names no game, and draws by rule only.
const catalogueGame = (name) => ((state.catalogue && state.catalogue.games) || []).find((g) => g.name === name);
const gameLabel = (name) => (catalogueGame(name) || {}).label || name;
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
// The height of the review's title, Share and overall grade: what must be in view when a game ends.
const REVIEW_HEAD_PX = 170;
// What a mark means, in words, for the live region and the tiles' labels.
const MARK_WORDS = ['gray, not in the word', 'yellow, elsewhere in the word', 'green, in place'];
const MARK_SHORT = ['gray', 'yellow', 'green'];
const paletteWords = () => (document.documentElement.dataset.palette === 'contrast' ? ['gray', 'blue', 'orange'] : MARK_SHORT);

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

// WCAG contrast ratio of two #rrggbb colours.
function contrast(a, b) {
  const lum = (h) => {
    const c = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
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

// What each chart's axes measure: the quantity and its unit.
const AXES = {
  score: ['guesses to win (lost: limit + 1)', 'games'],
  removed: ['% of candidates removed per turn', 'games'],
  time: ['ms per game, opener apart', 'games'],
  entropy: ['bits of information', 'allowed guesses'],
};

// Room for an axis's values: the widest label, the tick and a gap (so the title never overlaps them).
function axisRoom(u, values) {
  if (!values) return 40;
  const ctx = u.ctx;
  ctx.save();
  ctx.font = u.axes[1].font || '12px sans-serif';
  const w = Math.max(0, ...values.map((v) => (v == null ? 0 : ctx.measureText(String(v)).width)));
  ctx.restore();
  return Math.ceil(w / (window.devicePixelRatio || 1)) + 16;
}

// Decimals that tell ticks incr apart (0.1 apart: one decimal).
const decimalsFor = (incr) => (incr >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(incr) - 1e-9)));

function nothingToShow(box, id, text) {
  if (box._plot) { box._plot.destroy(); box._plot = null; }
  box.replaceChildren(el('p', { class: 'placeholder', text }));
  box.dataset.empty = id;
}

function drawChart(id, chart) {
  const box = $(`chart-${id}`);
  let series = chart.series || [];
  delete box.dataset.empty;
  const total = series.reduce((a, s) => a + s.counts.reduce((x, y) => x + y, 0), 0);
  if (!total) {
    renderStats(id, series);
    const played = id === 'removed' && state.lastSim && state.lastSim.strategies.some((x) => x.done > 0);
    return nothingToShow(box, id, played ? 'Nothing to show: every game so far was won at its first guess.' : 'Nothing to show yet: no game has ended.');
  }
  // every allowed guess scoring 0 bits: one candidate (or none) is left, and no guess can tell anything
  if (id === 'entropy' && series.every((s) => s.stats.max === 0)) {
    renderStats(id, series);
    return nothingToShow(box, id, 'Nothing to show: no guess can tell anything now (every one scores 0 bits).');
  }
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
    box.replaceChildren(el('p', { class: 'placeholder', text: 'This build has no charts: uPlot was not installed when it was built. Run make deps-build (npm ci --omit=dev), then make build.' }));
    return;
  }
  const width = Math.max(box.clientWidth, 200);
  const theme = document.documentElement.dataset.theme || 'light';
  const sig = `${theme}:${k}:${nbins}:${chart.lo}:${chart.width}:${series.map((s) => s.name).join(',')}`; // the scale and ticks follow these
  if (box._plot && box._sig === sig && box.querySelector('.uplot')) {
    box._plot.setData([xs, ...ys]);
    return;
  }
  if (box._plot) box._plot.destroy();
  box.replaceChildren();
  const bars = uPlot.paths.bars({ size: [0.92, 80], align: 0 });
  const decimals = decimalsFor(chart.width);
  const [xTitle, yTitle] = AXES[id] || [chart.unit, 'count'];
  const css = getComputedStyle(document.documentElement);
  const ink = css.getPropertyValue('--ink').trim() || '#1f2933';
  const grid = { stroke: css.getPropertyValue('--line').trim() || '#e1e4e8', width: 1 };
  const opts = {
    width, height: 210,
    legend: { show: false }, // the table under the chart names the series
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: { x: { time: false, range: [chart.lo, chart.lo + chart.width * nbins] }, y: { range: (u, lo, hi) => [0, Math.max(1, hi * 1.08)] } },
    axes: [
      {
        label: xTitle, labelSize: 20, size: 30, space: 56, stroke: ink, grid, ticks: grid,
        values: (u, v, ax, space, incr) => v.map((x) => (+x.toFixed(decimalsFor(incr))).toLocaleString('en', { maximumFractionDigits: 4 })),
        // bins of one centred on whole numbers (scores): a tick under each bin
        ...(chart.width === 1 && nbins <= 24 ? { splits: () => Array.from({ length: nbins }, (_, b) => chart.lo + b + 0.5) } : {}),
      },
      { label: yTitle, labelSize: 20, size: axisRoom, stroke: ink, grid, ticks: grid, values: (u, v) => v.map((x) => (Number.isInteger(x) ? x.toLocaleString('en') : '')) },
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
  const head = el('tr', {}, el('th', { scope: 'col', text: series.length > 1 ? 'strategy' : 'series' }), el('th', { text: 'median' }),
    el('th', { text: 'average' }), el('th', { text: 'std' }), el('th', { text: 'n' }));
  const rows = series.map((s, i) => el('tr', {},
    el('th', { scope: 'row' }, el('span', { class: 'swatch', 'data-i': i % SERIES_COLOURS.length }), strategyLabel(s.name)),
    el('td', { text: fmt(s.stats.median) }), el('td', { text: fmt(s.stats.mean) }),
    el('td', { text: fmt(s.stats.std) }), el('td', { text: fmt(s.stats.n) })));
  t.replaceChildren(el('thead', {}, head), el('tbody', {}, rows));
  t.querySelectorAll('.swatch').forEach((sw) => { sw.style.background = SERIES_COLOURS[+sw.dataset.i]; });
}

new ResizeObserver(() => {
  for (const box of document.querySelectorAll('.chart'))
    if (box._plot) box._plot.setSize({ width: Math.max(box.clientWidth, 200), height: 210 });
}).observe(document.body);

// ---------------------------------------------------------------------------------------------
// The game being played

const state = {
  catalogue: null,   // GET /api/games
  spec: { game: null, words: 'lists', lists: DEFAULT_LISTS, length: 5, colors: 6, pegs: 4, no_repeat: false, upload: null },
  ownLists: null,    // the lists of a game of its own lists (Jotto's) while it is picked, and
  listsBefore: null, // the lists set before it, given back to the next game
  session: null,     // the answer of /api/play/new, kept up to date
  game: null,        // its game facts
  rows: [],          // played turns: {guess, feedback, marks, won}
  current: [],       // symbols typed for the next guess
  letterMarks: {},   // Wordle: best mark seen per letter
  busy: false,
  sideTickets: 0,    // the side panel shows the answer of the latest request only
  reviewed: null,    // the session whose review the side panel shows (or asked for)
  analysis: null,    // the running analysis job
  sim: null,         // the running simulation job
  newGames: 0,       // tickets of /api/play/new: only the answer to the latest request is shown
  statsPinned: false, // the header's Stats button opened the statistics: they stay open
  daily: null,       // the date (YYYY-MM-DD) of the daily game being played, or null: a drawn secret
  dailyKey: null,    // the daily game on the board (record.js, dailyKey): its date, game, lists and mode
  dailyNote: '',     // said beside the daily game: an archive date, a game already played, a replay
  statsDamage: null, // damaged statistics skipped (record.js, statsLoad)
};

// The daily game (include/codebreaker/daily.h): the server derives the secret from the date, the game
// and its lists alone, so every browser gets the same; the page names the date and its number (our own:
// 1 + days since the first daily game, GET /api/games: daily.first, as cb_daily_number counts) before asking.
const two = (n) => String(n).padStart(2, '0');
const localDate = (d = new Date()) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
const dailyFirst = () => (state.catalogue && state.catalogue.daily ? state.catalogue.daily.first : '2026-01-01');
const utcDay = (date) => { const [y, m, d] = date.split('-').map(Number); return Date.UTC(y, m - 1, d); };
function dailyNumber(date) {
  return Math.round((utcDay(date) - utcDay(dailyFirst())) / 86400000) + 1;
}
function dailyText(date) {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(y, m - 1, d).toLocaleDateString('en', { month: 'short', day: 'numeric' });
  return `#${dailyNumber(date)} · ${day}`;
}
function renderDailyButton() {
  const today = localDate();
  $('daily-label').textContent = dailyText(today);
  $('daily-game').title = `Daily game #${dailyNumber(today)} of ${today}: the same secret for everyone`;
  $('daily-game').setAttribute('aria-pressed', state.daily === today ? 'true' : 'false');
  $('daily-date').max = today;
  $('daily-date').min = dailyFirst();
  if (!$('daily-date').value) $('daily-date').value = today;
}
// A daily game is out once it is the player's date (the server allows a day more, for time zones).
function playDaily(date) {
  if (!/^\d{4}-\d\d-\d\d$/.test(date) || date > localDate() || date < dailyFirst()) {
    $('setup-error').textContent = date > localDate()
      ? `The daily game of ${date} is not out yet: today is ${localDate()}. Pick today or an earlier date.`
      : `There is no daily game of ${date}: the first is of ${dailyFirst()}.`;
    $('daily-date').value = state.daily || localDate();
    return;
  }
  state.daily = date;
  newGame();
}

// Whether the game is still the one a request was sent for (the player may have switched meanwhile).
const sameSession = (id) => state.session && state.session.id === id;

// How a game draws its feedback, from its rule's traits (GET /api/games: marks, hidden), naming no rule:
// 'pegs' (black and white), 'colours' (gray, yellow, green a letter), 'symbols' (colours of hidden
// meaning, a secret's letter each) or 'count' (the letters in common wherever they stand: its text "0"
// to the length, or "won").
const drawing = (g) => (!g ? 'colours' : g.marks === 'colours' && g.hidden ? 'symbols' : g.marks);
// the game on the board (GET /api/info names its preset), before it the one set up
const kind = () => drawing(catalogueGame(state.game ? state.game.game : state.spec.game));
const rule = () => (state.game ? state.game.rule : (catalogueGame(state.spec.game) || {}).rule); // CSS classes
const isMastermind = () => kind() === 'pegs';
const isCount = () => kind() === 'count';
const countWords = (feedback) => (feedback === 'won' ? 'the secret' : `${feedback} ${feedback === '1' ? 'letter' : 'letters'} in common`);

const isWordGame = (name) => !!(catalogueGame(name) || {}).words;
const hasHardMode = (name) => !!(catalogueGame(name) || {}).hard_mode;

// The game's request parameters: word games from lists, the English dictionary or every code.
function specParams() {
  const s = state.spec;
  const p = { game: s.game };
  if (isWordGame(s.game) && s.words === 'english') { p.dictionary = 'english'; p.length = s.length; }
  else if (isWordGame(s.game) && s.words === 'upload') p.upload = s.upload;
  else if (isWordGame(s.game) && s.words !== 'complete') p.lists = s.lists;
  else { p.colors = s.colors; p.pegs = s.pegs; p.no_repeat = s.no_repeat ? 1 : 0; }
  return p;
}

function historyParam() {
  return state.rows.map((r) => `${r.guess}=${r.feedback}`).join(',');
}

// The message under the board, a live region; spoken: words for screen readers only (a guess's
// colours, which the tiles show).
function setMessage(text, kind, spoken) {
  const m = $('message');
  m.replaceChildren(...(spoken ? [el('span', { class: 'sr-only', text: `${spoken} ` })] : []), text || '');
  m.dataset.kind = kind || '';
}

async function newGame() {
  const s = state.spec;
  if (isWordGame(s.game) && s.words === 'upload' && !s.upload) { // the file comes first
    $('upload-status').textContent = 'Choose a file of words, one a line.';
    return;
  }
  if (state.analysis) state.analysis.cancel(); // its answer would be about the old game
  const params = { ...specParams(), ...(state.daily ? { daily: state.daily } : { seed: $('seed').value.trim() }) };
  if (hasHardMode(s.game) && $('hard').checked) params.hard = 1;
  renderDailyButton();
  $('setup-error').textContent = '';
  $('board').dataset.state = 'loading';
  setMessage('Preparing the game…');
  const ticket = ++state.newGames;
  const r = await post('/api/play/new', params);
  if (ticket !== state.newGames) return; // a later choice of game sent its own request: its answer wins
  if (!r.ok) {
    $('setup-error').textContent = r.data.error;
    setMessage('');
    $('board').dataset.state = state.session ? $('board').dataset.state : 'error';
    return;
  }
  const key = r.data.daily ? dailyKey({ ...specParams(), hard: params.hard ? 1 : 0 }, r.data.daily.date) : null;
  const kept = key ? dailyTurns(key) : null;
  const replayed = kept ? await replayTurns(r.data, kept) : [];
  if (ticket !== state.newGames) return;
  if (key && !kept) dailyKeep(key, { guesses: [], over: false, gave_up: false }); // a reload resumes it
  state.session = r.data;
  state.game = r.data.game;
  state.dailyKey = key;
  state.dailyNote = dailyNote(r.data, kept);
  choiceKeep();
  gameChanged();
  state.analysis = null;
  $('analyse-btn').disabled = false;
  $('analyse-cancel').hidden = true;
  state.rows = [];
  state.current = [];
  state.letterMarks = {};
  for (const played of replayed) { state.rows.push(played); updateLetterMarks(played); }
  resetDetails();
  renderFacts();
  $('share-text').textContent = '';
  $('share-status').textContent = '';
  resetReview();
  showStats(state.statsPinned);
  renderBoard();
  renderKeyboard();
  updateStatus();
  const how = isMastermind() ? 'Type digits or press the colours' : 'Type a word';
  const more = kind() === 'symbols' ? ' The symbols stand for three colours; which is which is hidden.'
    : isCount() ? ' Each guess is told how many of its letters the secret has, wherever they stand.' : '';
  if (state.session.over) announceEnd();
  else setMessage(`${kept && kept.guesses.length ? 'Your daily game, resumed where you left it. ' : ''}${how}, then Enter.${more}`);
  fitBoard();
}

// The turns kept of a daily game, played again into the new session (the server keeps no player's game):
// the rows played (up to a turn the server refuses, were the kept turns damaged).
async function replayTurns(session, kept) {
  const rows = [];
  for (const guess of kept.guesses) {
    const g = await post('/api/play/guess', { id: session.id, guess });
    if (!g.ok) return rows;
    Object.assign(session, g.data);
    rows.push(g.data.last);
  }
  if (kept.gave_up && !session.over) {
    const g = await post('/api/play/giveup', { id: session.id });
    if (g.ok) Object.assign(session, g.data);
  }
  return rows;
}

// What the turn line says beside a daily game: an archive date never builds the streak; a daily game
// already finished is shown as it was played; one finished and then forgotten here plays without counting.
function dailyNote(session, kept) {
  if (!session.daily) return '';
  const notes = [];
  if (session.daily.date < localDate()) notes.push('archive: not counted in your streak');
  if (kept && kept.over) notes.push('already played: your game as you played it');
  else if (statsCounted(statsLoad().games, state.spec.game, session.daily.number)) notes.push('already played: this replay does not count');
  return notes.join('; ');
}

// The turns of the daily game on the board, kept as they are played (record.js).
function dailyKeepTurns() {
  const s = state.session;
  if (!s || !s.daily || !state.dailyKey) return;
  dailyKeep(state.dailyKey, { guesses: state.rows.map((r) => r.guess), over: !!s.over, gave_up: !!s.gave_up });
}

// The game's figures, in the "About this game" disclosure of the side panel.
function renderFacts() {
  const g = state.game;
  $('facts').replaceChildren(
    el('li', {}, el('b', { text: gameLabel(g.game) }), ` ${g.name.replace(/^[a-z]+,?\s*/, '')}`),
    el('li', { text: `${g.feedback_ids} possible feedbacks of a guess` }),
    el('li', { text: g.table_precomputed ? `feedback table of ${g.table_mib} MiB, built in ${g.table_seconds.toFixed(2)} s` : 'feedback computed on the fly (no table)' }));
  $('settings-summary').textContent = settingsSummary();
}

// The set-up in a few words, beside the closed Settings.
function settingsSummary() {
  const s = state.spec;
  if (!isWordGame(s.game) || s.words === 'complete') return `${s.colors} colours, ${s.pegs} pegs${s.no_repeat ? ', no repeats' : ''}`;
  if (s.words === 'english') return `English words of ${s.length} letters`;
  if (s.words === 'upload') return 'a list of my own';
  const l = state.catalogue.lists.find((x) => x.name === s.lists);
  return `${l ? l.label : s.lists}${hasHardMode(s.game) && $('hard').checked ? ', hard mode' : ''}`;
}

function updateStatus() {
  const s = state.session;
  const over = s.over;
  const t = `Turn ${Math.min(state.rows.length + (over ? 0 : 1), s.max_guesses)} of ${s.max_guesses}`;
  const daily = s.daily ? `Daily #${s.daily.number} of ${s.daily.date} · ${state.dailyNote ? `${state.dailyNote} · ` : ''}` : '';
  $('turn-info').textContent = `${daily}${t}${s.hard ? ' · hard mode' : ''}`;
  $('board').dataset.state = over ? (s.won ? 'won' : 'lost') : 'playing';
  $('details-btn').disabled = state.rows.length === 0;
  $('giveup-btn').disabled = over;
  $('hint-btn').disabled = over;
  $('analyse-btn').disabled = over || !!state.analysis; // after the end every guess tells nothing
  $('review').hidden = !over;
  if (!over) { $('share-text').textContent = ''; $('share-status').textContent = ''; }
  if (over && state.reviewed !== s.id) {
    statsRecord();
    showStats(true);
    reviewGame();
  }
  updateSide();
  fitBoard();
}

// ---------------------------------------------------------------------------------------------
// The side panel: the secrets left, the best next guesses, and after the game its review and Share

async function updateSide() {
  const s = state.session;
  const ticket = ++state.sideTickets;
  const base = { ...specParams(), history: historyParam() };
  if (s.hard) base.hard = 1;
  const name = $('hint-strategy').value || defaultStrategy();
  const info = strategyRow(name);
  const strategy = info && info.rank ? name : defaultStrategy();
  const ask = state.rows.length && !s.over;
  $('side').dataset.state = 'busy';
  const [c, k] = await Promise.all([get('/api/candidates', { ...base, limit: 100, order: 'frequency' }),
    ask ? get('/api/rank', { ...base, strategy, limit: 5 }) : null]);
  // none of the best may be the answer (words that only split the rest): the best one that may
  const cand = k && k.ok && !k.data.ranked.some((g) => g.candidate) && !s.over
    ? await get('/api/rank', { ...base, strategy, limit: 1, candidates: 1 }) : null;
  if (ticket !== state.sideTickets) return; // a newer board was asked meanwhile
  const codes = isMastermind() || state.spec.words === 'complete';
  if (c.ok) {
    const n = s.over ? (s.won ? 1 : c.data.count) : c.data.count;
    $('left-count').textContent = fmt(n);
    $('left-noun').textContent = `${codes ? (n === 1 ? 'code' : 'codes') : n === 1 ? 'word' : 'words'} ${s.over ? 'fitted your rows' : 'left'}`;
    fill($('left-words'), ...c.data.candidates.map((w) => el('li', { text: w })));
    $('left-words-note').textContent = c.data.count > c.data.candidates.length
      ? `the first ${c.data.candidates.length}${c.data.order === 'frequency' ? ', most common first' : ''}` : '';
  } else {
    $('left-count').textContent = '–';
    $('left-noun').textContent = c.data.error;
  }
  if (s.over) {
    $('best-note').textContent = 'The game is over.';
    fill($('best-list'));
  } else if (!ask) {
    $('best-note').textContent = 'After your first guess, the best next ones appear here.';
    fill($('best-list'));
  } else if (!k.ok) {
    $('best-note').textContent = k.data.error;
    fill($('best-list'));
  } else {
    $('best-note').textContent = `by ${strategyLabel(strategy)}; press one to type it`;
    const type = (g) => el('button', {
      type: 'button', class: 'linkish', text: g.guess, 'aria-label': `type ${g.guess}`,
      onclick: () => { if (!state.session.over) { state.current = splitSymbols(g.guess); renderCurrentRow(); } },
    });
    const score = (g) => ` ${scoreText(strategy, g.score) || fmt(g.score)}`;
    fill($('best-list'), ...k.data.ranked.map((g) => el('li', {}, type(g),
      el('span', { class: 'muted small', text: `${score(g)}${g.candidate ? ', may be the answer' : ''}` }))));
    const best = cand && cand.ok && cand.data.ranked[0];
    fill($('best-cand'), ...(best ? ['Best that may be the answer: ', type(best), el('span', { class: 'muted', text: score(best) })] : []));
    $('best-cand').hidden = !best;
  }
  if (s.over || !ask || !k.ok) { fill($('best-cand')); $('best-cand').hidden = true; }
  $('side').dataset.state = 'ready';
}

// Share: the grid of the game (codebreaker/share.h, the same as the program's play prints) to the
// clipboard, else shown selected for the player to copy.
async function share() {
  const dark = document.documentElement.dataset.theme === 'dark';
  const contrast = document.documentElement.dataset.palette === 'contrast';
  const id = state.session.id;
  const r = await get('/api/play/share', { id, dark: dark ? 1 : 0, contrast: contrast ? 1 : 0 });
  if (!sameSession(id)) return;
  if (!r.ok) { $('share-status').textContent = r.data.error; return; }
  const text = r.data.text;
  $('share-text').textContent = text;
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); copied = true; }
  } catch (e) { copied = false; }
  if (!copied) copied = copyBySelection($('share-text'));
  $('share-status').textContent = copied ? 'Copied: paste it anywhere.' : 'Select the grid below and copy it.';
  $('share-text').dataset.copied = copied ? 'yes' : 'no';
}

// The fallback of the Clipboard API: select the text and ask the browser to copy it.
function copyBySelection(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const sel = window.getSelection();
  sel.removeAllRanges();
  sel.addRange(range);
  try { return document.execCommand('copy'); } catch (e) { return false; }
}

// The board and its keyboard in the first screen: tiles shrink (not below 26 px) until the bottom of the
// keyboard is within the window, and grow back up to their natural size when there is room.
function fitBoard() {
  const board = $('board');
  const rows = board.querySelectorAll('.row').length;
  if (!rows) return;
  board.style.removeProperty('--fit');
  for (let i = 0; i < 3; i++) { // a row may not shrink as asked (Symble's symbols): measure again
    const over = $('keyboard').getBoundingClientRect().bottom + window.scrollY - window.innerHeight + 8;
    if (over <= 0) return;
    const tile = board.querySelector('.row .tile, .row .peg').getBoundingClientRect().height;
    board.style.setProperty('--fit', `${Math.max(26, Math.floor(tile - over / rows))}px`);
  }
}
window.addEventListener('resize', () => { if (state.game) fitBoard(); });

// --- the board ---

function symbolTile(i) {
  return el('span', { class: `sym s${i}`, title: `symbol ${'abc'[i]}`, html: SYMBOLS[i].svg });
}

function pegEl(symbol, extra) {
  const i = state.game.alphabet.indexOf(symbol);
  const p = el('span', { class: `peg ${extra || ''}`, text: symbol, 'data-symbol': symbol });
  if (i >= 0) {
    const bg = PEG_COLOURS[i % PEG_COLOURS.length];
    p.style.background = bg;
    if (contrast(bg, '#ffffff') < 4.5) p.classList.add('light'); // dark digits where white ones would be faint
  }
  return p;
}

function keyPegs(marks, n) {
  const box = el('span', { class: 'keypegs', title: `${marks.blacks} black, ${marks.whites} white` });
  for (let i = 0; i < n; i++)
    box.append(el('span', { class: i < marks.blacks ? 'kp black' : i < marks.blacks + marks.whites ? 'kp white' : 'kp' }));
  return box;
}

// A played turn in words: "salet: s gray, not in the word, a yellow, ...".
function feedbackWords(played) {
  const guess = splitSymbols(played.guess);
  if (isMastermind()) {
    const m = played.marks;
    return `${guess.join(' ')}: ${m.blacks} black, ${m.whites} white`;
  }
  if (isCount()) return `${played.guess}: ${countWords(played.feedback)}`;
  if (kind() === 'symbols') {
    if (!played.marks) return `${played.guess}: solved`;
    return `${played.guess}: symbols by position of the secret, ${played.marks.map((m) => SYMBOLS[m].name).join(', ')}`;
  }
  const words = paletteWords();
  return `${played.guess}: ${guess.map((c, i) => `${c} ${MARK_WORDS[played.marks[i]].replace(MARK_SHORT[played.marks[i]], words[played.marks[i]])}`).join(', ')}`;
}

function rowEl(symbols, turn, played) {
  const n = state.game.length;
  const row = el('div', { class: `row${played ? ' played' : ''}`, 'data-turn': turn });
  if (played) { row.dataset.guess = played.guess; row.dataset.feedback = played.feedback; }
  row.append(el('span', { class: 'sr-only', text: played ? `Guess ${turn + 1}, ${feedbackWords(played)}.`
    : symbols.length ? `Guess ${turn + 1}, typed so far: ${symbols.join(' ')}` : `Guess ${turn + 1}, empty` }));
  if (isMastermind()) {
    const pegs = el('span', { class: 'pegs', 'aria-hidden': 'true' });
    for (let i = 0; i < n; i++) pegs.append(symbols[i] !== undefined ? pegEl(symbols[i]) : el('span', { class: 'peg empty' }));
    row.append(pegs);
    const hide = (e) => { e.setAttribute('aria-hidden', 'true'); return e; };
    if (played) row.append(hide(keyPegs(played.marks, n)), hide(el('span', { class: 'fbtext', text: played.feedback })));
    else row.append(hide(keyPegs({ blacks: 0, whites: 0 }, n)), hide(el('span', { class: 'fbtext' }))); // keeps the columns aligned
    return row;
  }
  const tiles = el('span', { class: 'tiles', 'aria-hidden': 'true' });
  for (let i = 0; i < n; i++) {
    const t = el('span', { class: 'tile', text: symbols[i] || '' });
    if (symbols[i]) t.classList.add('filled');
    if (played && kind() === 'colours') {
      t.classList.add(MARK_NAMES[played.marks[i]]);
      t.dataset.mark = played.marks[i];
      t.title = `${symbols[i]}: ${MARK_NAMES[played.marks[i]]}`;
    }
    if (played && kind() === 'symbols') t.classList.add(played.won ? 'green' : 'ink');
    if (played && isCount() && played.won) t.classList.add('green');
    tiles.append(t);
  }
  row.append(tiles);
  if (isCount()) { // the letters in common, beside the row
    row.append(el('span', { class: `count${played ? ' played' : ''}`, 'aria-hidden': 'true', title: played ? countWords(played.feedback) : null,
      text: played ? (played.won ? '✓' : played.feedback) : '' }));
  }
  if (kind() === 'symbols') {
    const strip = el('span', { class: 'symbols', title: 'per position of the secret word', 'aria-hidden': 'true' });
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
  const shown = s.max_guesses <= 12 ? s.max_guesses : state.rows.length + (s.over ? 0 : 1); // long games: the next row only
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
  const enter = el('button', { type: 'button', class: 'key wide', 'data-key': 'Enter', text: 'Enter' });
  const back = el('button', { type: 'button', class: 'key wide', 'data-key': 'Backspace', 'aria-label': 'Delete', text: '⌫' });
  const rows = [];
  if (isMastermind()) {
    rows.push(el('div', { class: 'krow' }, alphabet.map((sym) => {
      const b = el('button', { type: 'button', class: 'key pegkey', 'data-key': sym, 'aria-label': `colour ${sym}` }, pegEl(sym, 'small'));
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
    for (let i = 0; i < extra.length; i += 10) rows.splice(2 + i / 10, 0, el('div', { class: 'krow' }, extra.slice(i, i + 10).map(letterKey)));
  }
  kb.className = `keyboard ${rule()}`;
  const focused = kb.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  kb.replaceChildren(...rows);
  // one stop in the Tab order: the key last used (else the first); arrows move between keys
  const keys = [...kb.querySelectorAll('.key')];
  const current = keys.find((k) => k.dataset.key === (focused || kb._last)) || keys[0];
  keys.forEach((k) => { k.tabIndex = k === current ? 0 : -1; });
  if (focused && current) current.focus();
}

function moveKeyFocus(e) {
  const k = e.target.closest && e.target.closest('.key');
  if (!k || !['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) return false;
  const rows = [...$('keyboard').querySelectorAll('.krow')].map((r) => [...r.querySelectorAll('.key')]);
  let r = rows.findIndex((row) => row.includes(k));
  let c = rows[r].indexOf(k);
  if (e.key === 'ArrowLeft') c = Math.max(0, c - 1);
  else if (e.key === 'ArrowRight') c = Math.min(rows[r].length - 1, c + 1);
  else if (e.key === 'Home') c = 0;
  else if (e.key === 'End') c = rows[r].length - 1;
  else {
    const share = (c + 0.5) / rows[r].length; // keep the column as the rows differ in length
    r = e.key === 'ArrowUp' ? Math.max(0, r - 1) : Math.min(rows.length - 1, r + 1);
    c = Math.min(rows[r].length - 1, Math.floor(share * rows[r].length));
  }
  const next = rows[r][c];
  k.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
  $('keyboard')._last = next.dataset.key;
  return true;
}

function letterKey(c) {
  const k = el('button', { type: 'button', class: 'key', 'data-key': c, text: c });
  const m = state.letterMarks[c];
  if (m !== undefined) {
    k.classList.add(MARK_NAMES[m]);
    k.setAttribute('aria-label', `${c}, ${paletteWords()[m]}`);
  }
  return k;
}

function updateLetterMarks(played) {
  if (isCount()) { // none in common: every letter of the guess is out; the secret: every one is in
    if (played.won || played.feedback === '0') for (const c of played.guess) state.letterMarks[c] = played.won ? 2 : 0;
    return;
  }
  if (kind() !== 'colours') return;
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
  const id = state.session.id;
  const r = await post('/api/play/guess', { id, guess });
  state.busy = false;
  if (!sameSession(id)) return; // a new game began while the guess was on its way
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
  dailyKeepTurns();
  renderBoard();
  renderKeyboard();
  updateStatus();
  const left = r.data.remaining !== undefined ? `${fmt(r.data.remaining)} ${r.data.remaining === 1 ? 'secret fits' : 'secrets fit'}.` : '';
  if (r.data.over) announceEnd(`${feedbackWords(played)}.`);
  else setMessage(left, '', `${feedbackWords(played)}.`);
}

function announceEnd(prefix = '') {
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
  more.append(s.daily ? `Daily game #${s.daily.number} of ${s.daily.date}: the same secret for everyone that day.${
    state.dailyNote ? ` This one: ${state.dailyNote}.` : ''}` : `Seed ${s.seed} replays this secret.`);
  msg.replaceChildren(prefix ? el('span', { class: 'sr-only', text: `${prefix} ` }) : '', el('span', { class: 'headline', text }), more);
  revealReview();
}

// The review in the first screen once the game ends, on every screen size: it heads the side panel
// (beside the board on a wide screen, below it on a phone, where the page scrolls to it). Its top stays
// where it is as the review fills in below, so the overall skill and luck land in view.
function revealReview() {
  const top = $('review').getBoundingClientRect().top;
  if (top < 0 || top + REVIEW_HEAD_PX > window.innerHeight) $('review').scrollIntoView({ block: 'start' });
}

async function giveUp() {
  const id = state.session.id;
  const r = await post('/api/play/giveup', { id });
  if (!sameSession(id)) return;
  if (!r.ok) return setMessage(r.data.error, 'warn');
  Object.assign(state.session, r.data);
  dailyKeepTurns();
  renderBoard();
  updateStatus();
  announceEnd();
}

// What a strategy's score of its guess means, in words: its row's printf-like format ("%.2f bits").
function scoreText(name, score) {
  const row = strategyRow(name);
  if (!row || !row.score_format || typeof score !== 'number') return '';
  if (score === 1 && row.score_one) return row.score_one;
  return row.score_format.replace(/%\.(\d+)[fg]/, (m, digits) => (m.endsWith('g') ? Number(score.toPrecision(Math.max(1, +digits))) : score.toFixed(+digits)));
}

// "Make a guess": the chosen strategy's guess, typed into the current row for the player to play.
async function makeGuess() {
  if (!state.session || state.session.over || state.busy) return;
  const strategy = $('hint-strategy').value || defaultStrategy();
  const fromKeys = document.activeElement === $('hint-btn'); // disabling the button below loses the focus
  state.busy = true;
  $('hint-btn').disabled = true;
  setMessage(`Asking ${strategy}…`);
  const id = state.session.id;
  const r = await post('/api/play/hint', { id, strategy });
  state.busy = false;
  if (!sameSession(id)) return;
  $('hint-btn').disabled = state.session.over;
  if (!r.ok) return setMessage(r.data.error, 'warn');
  state.current = splitSymbols(r.data.guess);
  renderCurrentRow();
  // asked from the keyboard: the next Enter plays it (on the on-screen Enter key)
  if (fromKeys) {
    const enter = $('keyboard').querySelector('.key[data-key=Enter]');
    $('keyboard').querySelectorAll('.key').forEach((k) => { k.tabIndex = k === enter ? 0 : -1; });
    enter.focus();
  }
  const why = scoreText(strategy, r.data.score);
  const sample = r.data.sampled ? ', the best of a sample of the guesses (too many to score them all on request)' : '';
  setMessage(`${strategy} would play ${r.data.guess}${why ? ` (${why})` : ''}${r.data.candidate ? '' : ', not a candidate'}${sample}. Press Enter to play it.`);
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
  if (isCount()) return el('span', { class: 'mini count-text', text: countWords(feedback) });
  if (marks === null) return el('span', { class: 'mini won-label', text: 'solved' });
  if (isMastermind()) {
    return el('span', { class: 'mini' }, keyPegs(marks, state.game.length), el('span', { class: 'fbtext', text: feedback }));
  }
  const box = el('span', { class: 'mini', title: feedback });
  marks.forEach((m) => box.append(kind() === 'symbols' ? symbolTile(m) : el('span', { class: `minitile ${MARK_NAMES[m]}` })));
  return box;
}

async function showDetails() {
  const id = state.session.id;
  const r = await get('/api/play/details', { id });
  if (!sameSession(id)) return;
  const body = $('details-body');
  if (!r.ok) { body.className = 'error'; body.textContent = r.data.error; return; }
  const p = r.data.partition;
  body.className = 'details-content';
  const summary = el('div', { class: 'summary' },
    stat('guess', p.guess), stat('candidates before', fmt(p.candidates)), stat('left after', fmt(p.after)),
    stat('removed', pct(p.removed)), stat('groups', fmt(p.parts)), stat('largest group', fmt(p.largest)),
    stat('expected size', fmt(p.expected)), stat('entropy', `${fmt(p.entropy)} bits`));
  const note = kind() === 'symbols'
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
  const id = state.session && state.session.id;
  const r = await post('/api/jobs/start', params);
  if (r.ok && !sameSession(id)) { post('/api/jobs/cancel', { id: r.data.id }); return; } // the game changed meanwhile
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
      $('analyse-btn').disabled = !!(state.session && state.session.over);
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
  const head = el('tr', {}, ...['guess', 'entropy', 'largest', 'expected', 'groups', 'note'].map((h) => el('th', { scope: 'col', text: h })));
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
    el('input', { type: 'checkbox', value: s.name, checked: DEFAULT_STRATEGIES.includes(s.name) }), ` ${strategyLabel(s.name)} `,
    el('code', { class: 'muted', text: s.name }))));
  for (const id of ['hint-strategy', 'assist-strategy']) {
    $(id).replaceChildren(...list.filter((s) => id === 'hint-strategy' || s.rank)
      .map((s) => el('option', { value: s.name, text: strategyLabel(s.name), title: `${s.summary} (${s.source})` })));
    $(id).value = defaultStrategy();
  }
}

// The strategy the library plays by default in the current game's rule (GET /api/games: games[].strategy).
function defaultStrategy() {
  const games = (state.catalogue && state.catalogue.games) || [];
  const g = games.find((x) => x.name === (state.spec && state.spec.game)) || games[0];
  return (g && g.strategy) || 'parts';
}

function listLabel(key) {
  const [game, rest, more] = key.split('/');
  const name = gameLabel(game);
  if (rest === 'english') return `${name}, English words of ${more} letters`;
  if (rest === 'upload') return `${name}, an uploaded list`;
  if (rest === 'complete') return `${name}, every code of ${more.split('x')[1]} over ${more.split('x')[0]} symbols`;
  if (isWordGame(game)) return `${name}, ${rest} lists`;
  return `${name} ${rest}`;
}

function simParams() {
  const sample = document.querySelector('input[name=games]:checked').value === 'sample';
  const params = {
    kind: 'simulate', ...specParams(), strategies: selectedStrategies().join(','),
    target_turn: $('target-turn').value.trim(), first: $('first-guess').value.trim(), max_guesses: $('max-guesses').value.trim() || 0,
    games: sample ? $('sample-size').value.trim() : 'all', seed: $('sim-seed').value.trim(),
  };
  if (hasHardMode(state.spec.game) && $('hard').checked) params.hard = 1;
  return params;
}

async function runSimulation() {
  $('sim-error').textContent = '';
  if (!selectedStrategies().length) { $('sim-error').textContent = 'Pick at least one strategy.'; return; }
  $('run-btn').disabled = true;
  $('sim').dataset.state = 'starting';
  $('sim').dataset.partials = 0;
  const spec = specKey(); // the game the simulation is of, whatever the set-up shows when it answers
  const r = await post('/api/jobs/start', simParams());
  state.simSpec = spec;
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
      if (v.state === 'done') $('sim-announce').textContent = `Simulation done: ${v.result.strategies.map((s) => `${strategyLabel(s.name)} ${s.average.toFixed(3)} guesses on average`).join('; ')}.`;
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
  state.lastSim = res;
  const games = res.sample ? `a sample of ${fmt(res.games)} of ${fmt(res.secrets)} secrets` : `all ${fmt(res.games)} secrets`;
  const extras = [res.hard ? 'hard mode' : null, res.first ? `first guess ${res.first}` : null,
    res.target_turn ? `candidates from turn ${res.target_turn}` : null, res.max_guesses ? `at most ${res.max_guesses} guesses` : null].filter(Boolean);
  const other = state.simSpec && state.simSpec !== specKey() ? ' (not the game set up above)' : '';
  fill($('sim-caption'), el('b', { text: listLabel(res.game) + other }), ` · ${games}`, extras.length ? ` · ${extras.join(' · ')}` : '',
    ' · seed ', el('code', { text: String(res.seed) }));
  $('sim-caption').hidden = false;
  renderSimSummary(res);
  for (const key of ['score', 'removed', 'time'])
    if (res.charts && res.charts[key]) drawChart(key, res.charts[key]);
}

function renderSimSummary(res) {
  const within = (res.strategies.find((s) => s.wins_within) || {}).wins_within;
  const heads = ['strategy', 'games', 'average', 'median', 'std', 'worst', res.max_guesses ? 'lost' : null,
    within ? `won in ${within}` : 'won', 'first guess', 'removed / turn', 'opener', 'time per game', 'run'].filter(Boolean);
  // removed per turn and time per game: the values under the charts (one definition each)
  const stat = (chart, name, key) => {
    const x = res.charts && res.charts[chart] && res.charts[chart].series.find((v) => v.name === name);
    return x && x.stats.n ? x.stats[key] : null;
  };
  const rows = res.strategies.map((s, i) => {
    const name = el('th', { scope: 'row' }, el('span', { class: 'swatch', style: { background: SERIES_COLOURS[i % SERIES_COLOURS.length] } }),
      strategyLabel(s.name), ' ', el('code', { class: 'muted small', text: s.label }));
    if (s.state !== 'done') {
      const share = res.games ? s.done / res.games : 0;
      return el('tr', { class: `sim-${s.state}`, 'data-strategy': s.name }, name,
        el('td', { class: 'num', 'data-label': 'games', text: fmt(s.done) }),
        el('td', { colspan: heads.length - 2 }, s.state === 'waiting' ? el('span', { class: 'muted small', text: 'waiting' })
          : el('span', { class: 'rowbar' }, el('span', { style: { width: `${(100 * share).toFixed(1)}%` } }))));
    }
    const removed = stat('removed', s.name, 'mean');
    const perGame = stat('time', s.name, 'median');
    const cells = [['games', fmt(s.done)], ['average', s.average.toFixed(3), 'strong'], ['median', fmt(s.median)],
      ['std', s.stddev.toFixed(3)], ['worst', fmt(s.max)], res.max_guesses ? ['lost', fmt(s.lost)] : null,
      [within ? `won in ${within}` : 'won', pct(s.wins / s.done)], ['first guess', s.first_guess || 'varies', 'word'],
      ['removed / turn', removed === null ? '–' : `${removed.toFixed(1)}%`],
      ['opener', s.opener_seconds == null ? '–' : `${fmt(1000 * s.opener_seconds)} ms`],
      ['time per game', perGame === null ? '–' : `${fmt(perGame)} ms`], ['run', `${s.seconds.toFixed(2)} s`]].filter(Boolean);
    return el('tr', { class: 'sim-done', 'data-strategy': s.name }, name, cells.map(([label, text, cls]) =>
      el('td', { class: cls === 'word' ? 'word' : `num${cls ? ` ${cls}` : ''}`, 'data-label': label, text,
        title: label === 'run' ? `${fmt(s.states)} states decided` : label === 'time per game' ? 'the median game, its opener apart' : null })));
  });
  const left = ['strategy', 'first guess'];
  const th = (h) => el('th', { scope: 'col', class: left.includes(h) ? '' : 'num', text: h });
  fill($('sim-summary'), el('thead', {}, el('tr', {}, heads.map(th))),
    el('tbody', {}, rows));
  $('sim-summary').hidden = false;
}

// ---------------------------------------------------------------------------------------------
// The exact coach (GET /api/rank/exact and /api/review): guesses valued by the expected number of
// guesses to finish, proved by an exhaustive search, or a lower bound when the server's time limit
// stopped it. The server runs one exact search at a time (a second gets a 503), so the page sends
// one at a time too; a request whose board is gone by its turn is not sent.

let exactChain = Promise.resolve();
function exactCall(path, params, stale) {
  const run = exactChain.then(() => (stale && stale() ? { ok: false, status: 0, stale: true, data: { error: 'no longer asked' } } : get(path, params)));
  exactChain = run.then(() => {}, () => {});
  return run;
}

// The candidates up to which the assistant asks for the exact ranking (the server's time limit decides
// past them: a search it stops gives bounds, and the heuristic ranking stays).
const EXACT_MAX_CANDIDATES = 400;

const PROVED_TITLE = 'proved: the exact expected number of guesses, from an exhaustive search';
const BOUND_TITLE = 'a lower bound: the search\'s budget of work ran out before proving the exact value';
const NONE_TITLE = 'no expected number: this guess can lose within the guess limit';

// An expected number of guesses of the coach: proved values marked "✓", bounds "≥" (the title says which);
// none (null) where the guess can lose within the limit, which has no expected number.
function exactValue(expected, proved) {
  if (typeof expected !== 'number') return el('span', { class: 'exact none', 'data-proved': 'none', title: NONE_TITLE, text: '–' });
  return el('span', { class: `exact ${proved ? 'proved' : 'bound'}`, 'data-proved': proved ? 'yes' : 'no', title: proved ? PROVED_TITLE : BOUND_TITLE },
    proved ? null : el('span', { class: 'mark', 'aria-hidden': 'true', text: '≥' }),
    proved ? null : el('span', { class: 'sr-only', text: 'at least ' }), expected.toFixed(3),
    proved ? el('span', { class: 'mark', 'aria-hidden': 'true', text: '✓' }) : null);
}

// "can lose", with the chance of losing: the least under the play that loses least, or at most (≤) a strategy's.
function loseBadge(chance, proved) {
  const known = chance !== null && chance !== undefined;
  return el('span', {
    class: 'badge lose',
    title: !known ? 'no strategy is sure to win within the guess limit'
      : proved ? 'the chance of losing under the play that loses least' : 'the chance of losing of a strategy found: the least is at most that',
    text: known ? `can lose ${proved ? '' : '≤'}${(100 * chance).toFixed(1)}%` : 'can lose',
  });
}

const exactLegend = () => el('p', { class: 'muted small legend' }, 'Expected guesses to finish: ',
  el('span', { class: 'exact proved', title: PROVED_TITLE, text: '✓' }), ' proved exact, ',
  el('span', { class: 'exact bound', title: BOUND_TITLE, text: '≥' }), ' a lower bound (the search\'s budget of work ran out).');

// The words of an error of the coach's routes, for the panel.
function exactError(r) {
  if (r.status === 503) return `The exact solver is busy (${r.data.error}).`;
  return r.data.error || `unexpected answer (${r.status})`;
}

// A review (/api/review) in box: a row per guess; on a refusal, its message (and Try again for a busy server).
function showReview(box, r, retry) {
  if (!r.ok) {
    box.dataset.state = 'error';
    fill(box, el('p', { class: 'error', role: 'alert', text: exactError(r) }),
      r.status === 503 && retry ? el('button', { type: 'button', class: 'retry', text: 'Try again', onclick: retry }) : null);
    return;
  }
  const v = r.data;
  // a word outside the answer list (answer_word false) is marked; an interval where only bounds are known
  const rare = (ok) => (ok === false ? el('span', { class: 'rare', title: 'not in the answer list: an uncommon word', text: '°' }) : null);
  const upto = (lo, hi) => (hi !== undefined && hi !== null && Math.abs(hi - lo) > 1e-9 ? el('span', { class: 'upper' }, `–${hi.toFixed(3)}`) : null);
  const turns = v.turns.map((t, i) => {
    const best = t.best === t.guess;
    // an interval where the values proved leave one (skill_low to skill_high)
    const skill = t.skill !== null ? fmt(t.skill) : typeof t.skill_low === 'number' ? `${fmt(t.skill_low)}–${fmt(t.skill_high)}` : '–';
    const luck = t.luck === null ? '–' : fmt(t.luck);
    return el('li', { class: 'review-turn', 'data-turn': i + 1, 'data-guess': t.guess, 'data-proved': t.proved ? 'yes' : 'no' },
      el('div', { class: 'rv-head' }, el('b', { class: 'word', text: t.guess }), ' ', el('code', { class: 'fb', text: t.feedback }),
        el('span', { class: 'muted small' }, ` ${fmt(t.candidates)} ${t.candidates === 1 ? 'candidate' : 'candidates'} → ${fmt(t.left)} left`)),
      el('div', { class: 'rv-vals small' }, rare(t.answer_word), 'expected ', exactValue(t.expected, t.proved), upto(t.expected, t.expected_upper),
        t.can_lose ? loseBadge(t.lose_chance, t.lose_proved) : null, ' · best ',
        t.best ? el('b', { class: 'word', text: t.best }) : el('span', { class: 'muted', text: 'none proved' }), rare(t.best_answer_word), ' ',
        exactValue(t.best_expected, t.best_proved), upto(t.best_expected, t.best_expected_upper),
        t.best_book ? el('span', { class: 'badge book', title: 'read from the book\'s turn-two file, nothing searched', text: 'book' }) : null,
        t.best_can_lose ? loseBadge(t.best_lose_chance, t.best_lose_proved) : null,
        best ? el('span', { class: 'badge', text: 'your guess' }) : null,
        t.best_candidate ? el('span', { class: 'rv-cand' }, ' · best candidate ', el('b', { class: 'word', text: t.best_candidate }), ' ',
          exactValue(t.candidate_expected, t.candidate_proved), upto(t.candidate_expected, t.candidate_expected_upper)) : null),
      el('div', { class: 'rv-grade small' },
        el('span', { class: 'skill', title: 'skill: 100 when the guess is a best one, less by 100 for each guess more expected' }, `skill ${skill}`), ' · ',
        el('span', { class: 'luck', title: 'luck: the percentile of the feedback received among those the guess could get (50: an average draw)' }, `luck ${luck}`)),
      t.line.length ? el('div', { class: 'rv-line muted small' }, 'optimal line: ', el('span', { class: 'word', text: t.line.join(' → ') })) : null);
  });
  const n = v.guesses;
  box.dataset.state = 'ready';
  const overall = typeof v.skill === 'number' ? el('p', { class: 'rv-overall', 'data-skill': String(v.skill), 'data-luck': String(v.luck) },
    el('b', { text: `Skill ${fmt(v.skill)}` }), ' · ', el('b', { text: `Luck ${typeof v.luck === 'number' ? fmt(v.luck) : '–'}` }),
    el('span', { class: 'muted small', text: v.skill_turns === n ? ` (averages over your ${n} ${n === 1 ? 'turn' : 'turns'}, as codebreaker review prints them)`
      : ` (skill over the ${v.skill_turns} of ${n} turns graded, ${fmt(v.skill_low)}–${fmt(v.skill_high)} over all; as codebreaker review prints them)` })) : null;
  fill(box, overall, el('p', { class: 'small' }, `${v.won ? `Solved in ${n} ${n === 1 ? 'guess' : 'guesses'}` : `${n} ${n === 1 ? 'guess' : 'guesses'}, not solved`}; how each compared with the best one from its position.`),
    exactLegend(), el('ol', { class: 'review-turns' }, turns));
}

// The review of the game just played, in the side panel.
async function reviewGame() {
  const s = state.session;
  const id = s.id;
  const box = $('review-body');
  state.reviewed = id;
  if (!state.rows.length) {
    box.dataset.state = 'empty';
    fill(box, el('p', { class: 'muted small', text: 'No guess to review.' }));
    return;
  }
  box.dataset.state = 'busy';
  fill(box, el('p', { class: 'muted small', text: 'Reviewing your guesses with the exact solver…' }));
  // the position the server holds for the session; its history (read once into a position) if it is gone
  let r = await exactCall('/api/review', { session: id }, () => !sameSession(id));
  if (r.status === 404) {
    const params = { ...specParams(), history: historyParam() };
    if (s.hard) params.hard = 1;
    r = await exactCall('/api/review', params, () => !sameSession(id));
  }
  if (r.ok) statsSkill(id, r.data.skill); // kept even if the player moved on to another game
  if (!sameSession(id)) return;
  showReview(box, r, reviewGame);
}

function resetReview() {
  state.reviewed = null;
  const box = $('review-body');
  delete box.dataset.state;
  fill(box, el('p', { class: 'muted small', text: 'How each of your guesses compared with the best one will be shown here.' }));
}

// ---------------------------------------------------------------------------------------------
// The assistant: a game played elsewhere. Each row is a guess and the feedback seen, set by tapping
// the tiles (Wordle colours), the symbols (Symble), counting pegs (Mastermind) or letters in common
// (Jotto); the candidates left and the best next guesses follow, and the board lives in the address
// (?game=…&history=…).

// rows: {guess: [symbols], marks}; board: its changes; undo: the boards before each change (JSON), which
// Undo takes back one at a time (a mis-tapped colour, a count, a row, Clear); shown: the board drawn last.
const assist = { rows: [], seq: 0, board: 0, timer: null, undo: [], shown: undefined };
const ASSIST_UNDO_MAX = 200; // changes remembered

// How the assistant's game draws its feedback (drawing): 'pegs', 'colours', 'symbols' or 'count'.
function assistDrawing() {
  return drawing(catalogueGame(state.spec.game));
}

// A row's feedback as the API spells it.
function assistFeedback(row) {
  const r = assistDrawing();
  if (r === 'pegs') return `${row.marks.blacks}B${row.marks.whites}W`;
  if (r === 'count') return String(row.marks);
  if (r === 'symbols') return row.marks === 'won' ? 'won' : row.marks.map((m) => 'abc'[m]).join('');
  return row.marks.map((m) => '.YG'[m]).join('');
}

function assistHistory() {
  return assist.rows.map((r) => `${r.guess.join('')}=${assistFeedback(r)}`).join(',');
}

// Rows from a history parameter (the address); what does not parse is dropped with a message.
function assistParse(text) {
  const rows = [];
  for (const entry of (text || '').split(/[,\s]+/).filter(Boolean)) {
    const [g, f] = entry.split('=');
    if (!g || f === undefined) continue;
    const guess = splitSymbols(g.toLowerCase());
    const r = assistDrawing();
    let marks;
    if (r === 'pegs') {
      const m = /^(?:(\d+)B)?(?:(\d+)W)?$/i.exec(f);
      if (!m) continue;
      marks = { blacks: +(m[1] || 0), whites: +(m[2] || 0) };
    } else if (r === 'count') {
      if (f !== 'won' && !(/^\d+$/.test(f) && +f <= guess.length)) continue;
      marks = f === 'won' ? 'won' : +f;
    } else if (r === 'symbols') {
      marks = f === 'won' ? 'won' : [...f].map((c) => 'abc'.indexOf(c));
    } else {
      marks = [...f.toUpperCase()].map((c) => '.YG'.indexOf(c));
    }
    if (Array.isArray(marks) && (marks.length !== guess.length || marks.some((m) => m < 0))) continue;
    rows.push({ guess, marks });
  }
  return rows;
}

function assistHelp() {
  const r = assistDrawing();
  $('assist-help').textContent = r === 'colours'
    ? 'Each tile of a row is a button: press it to go from gray to yellow to green.'
    : r === 'count'
      ? 'Type how many letters the guess has in common with the secret, wherever they stand; tick "solved" when the guess was the word.'
    : r === 'symbols'
      ? 'Symble shows a symbol per position of the secret: press a symbol to change it; tick "solved" when the guess was the word.'
      : 'Set how many pegs were black (right colour, right place) and white (right colour, wrong place).';
  $('assist-guess').placeholder = r === 'pegs' ? `${state.game ? state.game.length : 4} digits` : 'a word';
}

// No rows; forget: another game, whose changes Undo cannot take back (else Clear: Undo brings the rows back).
function assistReset(forget) {
  assist.rows = [];
  if (forget) { assist.undo = []; assist.shown = undefined; }
  $('assist-guess').value = '';
  assistRender();
}

function assistAdd(e) {
  e.preventDefault();
  const text = $('assist-guess').value.trim().toLowerCase();
  const guess = splitSymbols(text);
  const n = state.game.length;
  $('assist-error').textContent = '';
  if (guess.length !== n) {
    $('assist-error').textContent = `A guess has ${n} ${assistDrawing() === 'pegs' ? 'pegs' : 'letters'}; "${text}" has ${guess.length}.`;
    $('assist-guess').focus();
    return;
  }
  const r = assistDrawing();
  const marks = r === 'pegs' ? { blacks: 0, whites: 0 } : r === 'count' ? 0 : guess.map(() => 0);
  assist.rows.push({ guess, marks });
  $('assist-guess').value = '';
  assistRender();
  // the first tile of the new row next, to set the colours
  const last = $('assist-rows').lastElementChild;
  const first = last && last.querySelector('button, input');
  if (first) first.focus();
}

// Undo: the board before the last change; with none recorded (a board from the address), the last row off.
// keep: the focus stays on the board (Ctrl+Z there) when its control is still drawn.
function assistUndo(keep) {
  if (assist.undo.length) assist.rows = JSON.parse(assist.undo.pop());
  else assist.rows.pop();
  assist.shown = JSON.stringify(assist.rows); // not a change to record
  assistRender(keep === true);
  if (keep !== true || !$('assist-rows').contains(document.activeElement)) $('assist-guess').focus();
}

function assistCycle(row, i) {
  const r = assistDrawing();
  if (r === 'symbols' && row.marks === 'won') return;
  row.marks[i] = (row.marks[i] + 1) % 3;
  assistRender(true);
}

function assistRowEl(row, t) {
  const r = assistDrawing();
  const label = `Row ${t + 1}, ${row.guess.join('')}`;
  const box = el('div', { class: 'assist-row', role: 'listitem', 'data-guess': row.guess.join(''), 'data-feedback': assistFeedback(row) });
  box.append(el('span', { class: 'assist-num', text: `${t + 1}`, 'aria-hidden': 'true' }));
  if (r === 'colours') {
    const tiles = el('span', { class: 'tiles', role: 'group', 'aria-label': label });
    const words = paletteWords();
    row.guess.forEach((c, i) => tiles.append(el('button', {
      type: 'button', class: `tile ${MARK_NAMES[row.marks[i]]}`, text: c, 'data-i': i,
      'aria-label': `${c}, position ${i + 1}: ${words[row.marks[i]]}. Press to change.`,
      onclick: () => assistCycle(row, i),
    })));
    box.append(tiles);
  } else if (r === 'count') {
    const n = row.guess.length;
    const won = row.marks === 'won';
    box.append(el('span', { class: 'tiles', 'aria-hidden': 'true' }, row.guess.map((c) => el('span', { class: `tile ${won ? 'green' : 'filled'}`, text: c }))));
    if (!won) {
      const input = el('input', { type: 'number', min: 0, max: n, value: row.marks, class: 'pegcount', 'aria-label': `${label}: letters in common` });
      input.addEventListener('change', () => {
        row.marks = Math.max(0, Math.min(n, Math.round(+input.value || 0)));
        assistRender(true);
      });
      box.append(el('label', { class: 'pegfield' }, input, ' in common'));
    }
    const solved = el('input', { type: 'checkbox', checked: won });
    solved.addEventListener('change', () => { row.marks = solved.checked ? 'won' : 0; assistRender(true); });
    box.append(el('label', { class: 'small' }, solved, ' solved'));
  } else if (r === 'symbols') {
    box.append(el('span', { class: 'tiles', 'aria-hidden': 'true' }, row.guess.map((c) => el('span', { class: 'tile filled', text: c }))));
    const syms = el('span', { class: 'symbols', role: 'group', 'aria-label': `${label}, symbols by position of the secret` });
    if (row.marks !== 'won')
      row.marks.forEach((m, i) => syms.append(el('button', {
        type: 'button', class: 'symbtn', 'data-i': i, html: SYMBOLS[m].svg,
        'aria-label': `position ${i + 1}: ${SYMBOLS[m].name}. Press to change.`, onclick: () => assistCycle(row, i),
      })));
    else syms.append(el('span', { class: 'won-label', text: 'solved' }));
    const won = el('input', { type: 'checkbox', checked: row.marks === 'won' });
    won.addEventListener('change', () => { row.marks = won.checked ? 'won' : row.guess.map(() => 0); assistRender(true); });
    box.append(syms, el('label', { class: 'small' }, won, ' solved'));
  } else {
    const n = row.guess.length;
    box.append(el('span', { class: 'pegs', 'aria-hidden': 'true' }, row.guess.map((c) => pegEl(c, 'small'))));
    for (const [key, word] of [['blacks', 'black'], ['whites', 'white']]) {
      const input = el('input', { type: 'number', min: 0, max: n, value: row.marks[key], class: 'pegcount', 'aria-label': `${label}: ${word} pegs` });
      input.addEventListener('change', () => {
        const v = Math.max(0, Math.min(n, Math.round(+input.value || 0)));
        row.marks[key] = v;
        assistRender(true);
      });
      box.append(el('label', { class: 'pegfield' }, input, ` ${word}`));
    }
  }
  return box;
}

// Redraw the rows (keeping the focus on the control that changed), then ask the server.
function assistRender(keepFocus) {
  const focused = keepFocus && $('assist-rows').contains(document.activeElement) ? document.activeElement : null;
  const where = focused ? [[...$('assist-rows').children].indexOf(focused.closest('.assist-row')), focused.dataset.i, focused.type] : null;
  const now = JSON.stringify(assist.rows);
  if (assist.shown !== undefined && assist.shown !== now) {
    assist.undo.push(assist.shown);
    if (assist.undo.length > ASSIST_UNDO_MAX) assist.undo.shift();
  }
  assist.shown = now;
  assistHelp();
  fill($('assist-rows'), ...assist.rows.map(assistRowEl));
  if (where) {
    const row = $('assist-rows').children[where[0]];
    const again = row && (where[1] !== undefined ? row.querySelector(`[data-i="${where[1]}"]`) : row.querySelector(`input[type=${where[2]}]`));
    if (again) again.focus();
  }
  $('assist-undo').disabled = !assist.rows.length && !assist.undo.length;
  $('assist-clear').disabled = !assist.rows.length;
  $('assist-review-btn').disabled = true; // until the answer is known (assistShow)
  $('assist-review').hidden = true; // a review of another board
  assist.board++;
  assistSaveAddress();
  clearTimeout(assist.timer);
  $('assist').dataset.state = 'busy';
  assist.seq++; // what is on its way is of an older board
  assist.timer = setTimeout(assistUpdate, keepFocus ? 250 : 0);
}

// The board in the address bar, so that a reload or a shared link brings it back.
function assistSaveAddress() {
  const q = new URLSearchParams(specParams());
  if (assist.rows.length) q.set('history', assistHistory());
  const url = `${location.pathname}?${q}`;
  history.replaceState(null, '', url);
  $('assist-link').href = url;
  $('assist-link').textContent = assist.rows.length ? `${assist.rows.length} ${assist.rows.length === 1 ? 'row' : 'rows'}, ${state.spec.game}` : `an empty ${state.spec.game} board`;
}

// Counts and ranks the board; the panel's data-state says "ready" (with data-history) once shown.
async function assistUpdate() {
  const seq = ++assist.seq;
  const shown = assistHistory();
  $('assist').dataset.state = 'busy';
  await assistShow(seq);
  if (seq === assist.seq) {
    $('assist').dataset.state = 'ready';
    $('assist').dataset.history = shown;
  }
}

// The assistant's request parameters: the board, and hard mode when ticked (Settings), so that its
// advice is a legal hard-mode guess.
function assistParams() {
  const p = { ...specParams(), history: assistHistory() };
  if (hasHardMode(state.spec.game) && $('hard').checked) p.hard = 1;
  return p;
}

async function assistShow(seq) {
  const base = assistParams();
  const strategy = $('assist-strategy').value || defaultStrategy();
  $('assist-error').textContent = '';
  $('assist-status').textContent = 'Counting…';
  // the words left, most likely first: by their frequency in English (the server sorts them when it knows
  // the bundled frequencies of the game's words: five-letter word games)
  const [c, k] = await Promise.all([get('/api/candidates', { ...base, limit: 100, order: 'frequency' }),
    get('/api/rank', { ...base, strategy, limit: 10 })]);
  if (seq !== assist.seq) return; // a newer board was asked meanwhile
  if (!c.ok) {
    fill($('assist-words'));
    fill($('assist-rank'));
    $('assist-words-title').textContent = 'Words left';
    $('assist-words-note').textContent = '';
    const o = c.data.outside_list;
    if (o) return assistOutside(o);
    $('assist-status').textContent = '';
    $('assist-error').textContent = c.data.error;
    return;
  }
  const n = c.data.count;
  const noun = assistDrawing() === 'pegs' || state.spec.words === 'complete' ? ['code', 'codes'] : ['word', 'words'];
  $('assist-words-title').textContent = `${fmt(n)} ${n === 1 ? noun[0] : noun[1]} left`;
  const byFrequency = c.data.order === 'frequency';
  const words = c.data.candidates;
  fill($('assist-words'), ...words.map((w) => el('li', { text: w })));
  const shown = n > words.length ? `the first ${words.length} of ${fmt(n)}; ` : '';
  const unknown = c.data.unknown_frequency ? `; ${fmt(c.data.unknown_frequency)} of unknown frequency last` : '';
  $('assist-words-note').textContent = n <= 1 ? '' : byFrequency ? `${shown}most likely first, by how common the word is in English${unknown}`
    : `${shown}each is equally likely`;
  let status = n === 1 ? `The answer is ${c.data.candidates[0]}.` : `${fmt(n)} ${noun[1]} fit these rows.`;
  if (!assist.rows.length) status = `Enter the first guess you played, or pick one of the best below (${fmt(n)} ${noun[1]} possible).`;
  $('assist-status').textContent = status;
  $('assist-review-btn').disabled = !(assist.rows.length && (n === 1 || assistSolved()));
  $('assist-rank-note').textContent = '';
  delete $('assist-rank').dataset.kind;
  if (n <= 1) { // nothing left to choose between
    fill($('assist-rank'), n ? el('caption', { class: 'muted small', text: `Play ${c.data.candidates[0]}.` }) : null);
    return;
  }
  // the ranking by proved expected guesses when the server's exact search answers in its time limit
  let note = '';
  if (n <= EXACT_MAX_CANDIDATES) {
    const x = await exactCall('/api/rank/exact', { ...base, limit: 10 }, () => seq !== assist.seq);
    if (seq !== assist.seq) return;
    if (x.ok && x.data.guesses.length && (x.data.guesses[0].proved || x.data.can_lose)) return assistRenderExact(x.data);
    note = !x.ok ? exactError(x).replace(/\.$/, '')
      : x.data.timed_out ? 'The exact search reached the server\'s time limit here' : 'The exact search\'s budget of work ran out here';
  } else note = `The exact ranking is for ${fmt(EXACT_MAX_CANDIDATES)} candidates or fewer`;
  $('assist-rank-note').textContent = `${note}: these are ranked by ${strategyLabel(strategy)}.`;
  if (!k.ok) { fill($('assist-rank'), el('caption', { class: 'muted small', text: k.data.error })); return; }
  assistRenderRank(k.data, strategy);
}

// Whether the last row is the answer found (all green, solved, every peg black).
function assistSolved() {
  const row = assist.rows[assist.rows.length - 1];
  if (!row) return false;
  const r = assistDrawing();
  if (r === 'pegs') return row.marks.blacks === row.guess.length;
  if (r === 'symbols' || r === 'count') return row.marks === 'won';
  return row.marks.every((m) => m === 2);
}

// The best guesses by proved expected guesses (candidates first on ties, as the server orders them).
function assistRenderExact(data) {
  $('assist-rank').dataset.kind = 'exact';
  const stopped = data.timed_out ? ' (the server\'s time limit fired: some values are bounds)'
    : data.stopped ? ' (the search\'s budget of work ran out: some values are bounds)' : '';
  const trap = data.can_lose ? 'No guess is sure to win within the guess limit: ranked by the chance of losing, the first the least. ' : '';
  fill($('assist-rank-note'), `By the exact solver over ${fmt(data.candidates)} candidates${stopped}. ${trap}`, exactLegend());
  const head = el('tr', {}, el('th', { scope: 'col', text: 'guess' }), el('th', { scope: 'col', class: 'num', text: 'expected' }),
    el('th', { scope: 'col', class: 'num opt', text: 'worst' }), el('th', { scope: 'col', class: 'num opt', text: 'wins now' }),
    el('th', { scope: 'col', text: 'note' }));
  const rows = data.guesses.map((g) => el('tr', { 'data-proved': g.proved ? 'yes' : 'no' },
    el('td', { class: 'word' }, el('button', {
      type: 'button', class: 'linkish', text: g.guess, 'aria-label': `use ${g.guess}`,
      onclick: () => { $('assist-guess').value = g.guess; $('assist-guess').focus(); },
    })),
    el('td', { class: 'num' }, g.can_lose ? loseBadge(g.lose_chance, g.lose_proved) : exactValue(g.expected, g.proved)),
    el('td', { class: 'num opt', text: g.worst === null ? '–' : fmt(g.worst) }),
    el('td', { class: 'num opt', text: g.candidate ? pct(g.win_chance) : '–' }),
    el('td', { class: 'muted small', text: g.candidate ? 'may be the answer' : '' })));
  fill($('assist-rank'), el('thead', {}, head), el('tbody', {}, rows));
}

// The review of the assistant's board once its answer is known.
async function assistReview() {
  const board = assist.board;
  const box = $('assist-review-body');
  $('assist-review').hidden = false;
  box.dataset.state = 'busy';
  fill(box, el('p', { class: 'muted small', text: 'Reviewing these rows with the exact solver…' }));
  const r = await exactCall('/api/review', assistParams(), () => board !== assist.board);
  if (board !== assist.board) return; // the board changed meanwhile
  showReview(box, r, assistReview);
}

// No answer of the lists fits row o.turn: say whether allowed words do (and offer the wider lists)
// rather than blame the colours.
function assistOutside(o) {
  const row = `row ${o.turn + 1}`;
  if (!o.count) {
    $('assist-status').textContent = `No allowed word fits ${row} after the rows before it: check the colours of each row.`;
    return;
  }
  const some = o.words.slice(0, 8).join(', ') + (o.count > 8 ? ', …' : '');
  const words = `${fmt(o.count)} allowed ${o.count === 1 ? 'word does' : 'words do'} (${some})`;
  const parts = [`No answer of these lists fits ${row}, but ${words}. `];
  const wider = o.wider && state.catalogue.lists.find((l) => l.name === o.wider);
  if (wider) {
    parts.push(el('button', {
      type: 'button', id: 'assist-widen', text: `Widen to ${wider.label}`,
      onclick: () => { state.spec.lists = wider.name; $('lists').value = wider.name; newGame(); },
    }));
  }
  fill($('assist-status'), ...parts);
}

function assistRenderRank(data, strategy) {
  const head = el('tr', {}, el('th', { scope: 'col', text: 'guess' }), el('th', { scope: 'col', class: 'num', text: 'score' }),
    el('th', { scope: 'col', class: 'num opt', text: 'largest' }), el('th', { scope: 'col', class: 'num opt', text: 'expected' }),
    el('th', { scope: 'col', class: 'num', text: 'groups' }), el('th', { scope: 'col', text: 'note' }));
  const rows = data.ranked.map((g) => el('tr', {},
    el('td', { class: 'word' }, el('button', {
      type: 'button', class: 'linkish', text: g.guess, 'aria-label': `use ${g.guess}`,
      onclick: () => { $('assist-guess').value = g.guess; $('assist-guess').focus(); },
    })),
    el('td', { class: 'num', text: scoreText(strategy, g.score) || fmt(g.score) }), el('td', { class: 'num opt', text: fmt(g.largest) }),
    el('td', { class: 'num opt', text: fmt(g.expected) }), el('td', { class: 'num', text: fmt(g.parts) }),
    el('td', { class: 'muted small', text: g.candidate ? 'may be the answer' : '' })));
  fill($('assist-rank'), el('thead', {}, head), el('tbody', {}, rows));
}

function wireAssist() {
  $('assist-form').addEventListener('submit', assistAdd);
  $('assist-undo').addEventListener('click', assistUndo);
  // Ctrl+Z (Cmd+Z) on the board's tiles and buttons; a text field keeps its own
  $('assist').addEventListener('keydown', (e) => {
    const field = e.target.tagName === 'TEXTAREA' || (e.target.tagName === 'INPUT' && e.target.type !== 'checkbox');
    if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && !field && !$('assist-undo').disabled) {
      e.preventDefault();
      assistUndo(true);
    }
  });
  $('assist-clear').addEventListener('click', () => { assistReset(); $('assist-guess').focus(); });
  $('assist-review-btn').addEventListener('click', assistReview);
  $('assist-strategy').addEventListener('change', () => assistUpdate());
}

// ---------------------------------------------------------------------------------------------
// Set-up

function renderPickers() {
  const cat = state.catalogue;
  $('game-picker').replaceChildren(...cat.games.map((g) => el('button', {
    type: 'button', class: 'segbtn', 'data-game': g.name, 'aria-pressed': g.name === state.spec.game ? 'true' : 'false',
    text: g.label || g.name,
    onclick: () => pickGame(g.name),
  })));
  $('lists').replaceChildren(...cat.lists.map((l) => el('option', { value: l.name, text: l.label })));
  applySpecToForm();
  renderStrategies(cat.strategies);
  if (cat.limits.simulation_games) $('sample-size').max = cat.limits.simulation_games;
}

function applySpecToForm() {
  const s = state.spec;
  const words = isWordGame(s.game);
  const codes = !words || s.words === 'complete';
  for (const b of document.querySelectorAll('#game-picker .segbtn')) b.setAttribute('aria-pressed', b.dataset.game === s.game ? 'true' : 'false');
  // a phone's tabs scroll sideways (app.css): the one picked in the middle of the line
  const picker = $('game-picker');
  const on = picker.querySelector('[aria-pressed=true]');
  if (on && picker.scrollWidth > picker.clientWidth) {
    picker.scrollLeft += on.getBoundingClientRect().left - picker.getBoundingClientRect().left - (picker.clientWidth - on.offsetWidth) / 2;
  }
  for (const f of document.querySelectorAll('.for-words')) f.hidden = !words;
  for (const f of document.querySelectorAll('.for-lists')) f.hidden = !words || s.words !== 'lists';
  for (const f of document.querySelectorAll('.for-english')) f.hidden = !words || s.words !== 'english';
  for (const f of document.querySelectorAll('.for-upload')) f.hidden = !words || s.words !== 'upload';
  for (const f of document.querySelectorAll('.for-mm')) f.hidden = !codes;
  $('words').value = s.words;
  $('length').value = s.length;
  for (const f of document.querySelectorAll('.for-wordle')) f.hidden = !hasHardMode(s.game);
  $('lists').value = s.lists;
  $('colors').value = s.colors;
  $('pegs').value = s.pegs;
  $('no-repeat').checked = s.no_repeat;
}

// A word list of the player's own: read here, sent to the server (POST /api/upload), then played. Its
// words of another length or alphabet than the first word's are skipped, and the answer says how many.
async function uploadList() {
  const input = $('upload-file');
  const file = input.files && input.files[0];
  const status = $('upload-status');
  if (!file) return;
  const { upload_bytes: limit, upload_body_bytes: bodyLimit } = state.catalogue.limits;
  const refuse = (what) => {
    status.textContent = `${file.name} ${what}; the server takes lists of at most ${fmt(limit)} bytes ` +
      `(about ${fmt(Math.floor(limit / 6))} five-letter words). Play a shorter list, or run the command line with --words.`;
    input.value = '';
  };
  if (file.size > limit) return refuse(`has ${fmt(file.size)} bytes`);
  const text = await file.text();
  const sent = new URLSearchParams({ game: state.spec.game, words: text }).toString().length;
  if (sent > bodyLimit) return refuse(`takes ${fmt(sent)} bytes once encoded (at most ${fmt(bodyLimit)})`);
  status.textContent = `Sending ${file.name}…`;
  const r = await post('/api/upload', { game: state.spec.game, words: text });
  if (!r.ok) {
    status.textContent = `${file.name}: ${r.data.error}`;
    input.value = '';
    return;
  }
  const g = r.data;
  const skipped = g.skipped ? `; ${fmt(g.skipped)} ${g.skipped === 1 ? 'line' : 'lines'} of another length or alphabet skipped` : '';
  status.textContent = `${file.name}: ${fmt(g.secrets)} words of ${g.length} letters${skipped}.`;
  state.spec.upload = g.upload;
  newGame();
}

function pickGame(name) {
  const g = state.catalogue.games.find((x) => x.name === name);
  const before = catalogueGame(state.spec.game) || {};
  state.spec.game = name;
  if (g.colors) { state.spec.colors = g.colors; state.spec.pegs = g.pegs; state.spec.no_repeat = g.no_repeat; }
  else if (g.dictionary) Object.assign(state.spec, { words: 'english', length: g.length }); // the game's own words
  else if (g.own_lists) { // the game's own lists (GET /api/games: own_lists), the lists before kept for another game
    if (!state.ownLists) state.listsBefore = state.spec.lists;
    Object.assign(state.spec, { words: 'lists', lists: g.lists });
    state.ownLists = g.lists;
  } else if (before.dictionary && state.spec.words === 'english') Object.assign(state.spec, { words: 'lists', lists: g.lists || state.spec.lists });
  else if (state.spec.words === 'complete' && state.spec.colors > 9) state.spec.colors = 6;
  if (!g.own_lists && state.ownLists) { // leaving a game's own lists: the lists before come back, unless changed since
    if (state.spec.lists === state.ownLists) state.spec.lists = state.listsBefore || DEFAULT_LISTS;
    state.ownLists = null;
  }
  applySpecToForm();
  newGame();
}

function wire() {
  $('new-game').addEventListener('click', () => { state.daily = null; newGame(); });
  $('stats-download').addEventListener('click', statsDownload);
  $('stats-file').addEventListener('change', statsImportFile);
  $('stats-btn').addEventListener('click', () => {
    const open = $('stats').hidden;
    state.statsPinned = open;
    showStats(open);
    if (open) $('stats').scrollIntoView({ block: 'nearest' });
  });
  $('stats-export').addEventListener('click', statsExport);
  $('stats-import').addEventListener('click', () => statsImport());
  $('daily-game').addEventListener('click', () => { $('daily-date').value = localDate(); playDaily(localDate()); });
  $('daily-date').addEventListener('change', (e) => { if (e.target.value) playDaily(e.target.value); });
  $('lists').addEventListener('change', (e) => {
    state.spec.lists = e.target.value;
    if (state.ownLists && e.target.value !== state.ownLists) state.ownLists = null; // the player's own choice stays
    newGame();
  });
  $('words').addEventListener('change', (e) => { state.spec.words = e.target.value; applySpecToForm(); newGame(); });
  $('length').addEventListener('change', (e) => { state.spec.length = e.target.value; newGame(); });
  $('upload-file').addEventListener('change', uploadList);
  $('colors').addEventListener('change', (e) => { state.spec.colors = e.target.value; newGame(); });
  $('pegs').addEventListener('change', (e) => { state.spec.pegs = e.target.value; newGame(); });
  $('no-repeat').addEventListener('change', (e) => { state.spec.no_repeat = e.target.checked; newGame(); });
  $('hard').addEventListener('change', () => { choiceKeep(); newGame(); assistRender(false); });
  $('details-btn').addEventListener('click', showDetails);
  $('share-btn').addEventListener('click', share);
  $('again-btn').addEventListener('click', () => { state.daily = null; newGame(); });
  $('hint-strategy').addEventListener('change', () => { if (state.session) updateSide(); });
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
    if (!k) return;
    $('keyboard')._last = k.dataset.key;
    press(k.dataset.key);
    if (e.detail > 0) k.blur(); // a tap or click: the focus goes back to the page, the keys to the game
  });
  $('keyboard').addEventListener('keydown', (e) => { if (moveKeyFocus(e)) e.preventDefault(); });
  // Letters, Backspace and Enter typed anywhere else go to the game; but Space and Enter on a
  // focused control are the control's (a letter key types its letter), and fields keep their keys.
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const control = t && t.closest && t.closest('button, a, summary, [role=button], [tabindex]:not(section)');
    if ((e.key === 'Enter' || e.key === ' ') && control) return;
    if (e.key === ' ') return;
    if (e.key === 'Enter' || e.key === 'Backspace' || e.key.length === 1 || /^\p{L}$/u.test(e.key)) {
      e.preventDefault();
      press(e.key);
    }
  });
  wireDisplay();
  wireAssist();
}

// Theme (the system's unless chosen) and the high-contrast palette, remembered by the browser.
function wireDisplay() {
  const root = document.documentElement;
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const more = window.matchMedia('(prefers-contrast: more)');
  const stored = (k) => { try { return localStorage.getItem(k); } catch (e) { return null; } };
  const store = (k, v) => { try { localStorage.setItem(k, v); } catch (e) { /* private mode: not remembered */ } };
  $('theme').value = stored('cb-theme') || 'system';
  const c = stored('cb-contrast');
  $('contrast').checked = c === null ? more.matches : c === '1';
  const apply = () => {
    const t = $('theme').value;
    root.dataset.theme = t === 'system' ? (dark.matches ? 'dark' : 'light') : t;
    if ($('contrast').checked) root.dataset.palette = 'contrast';
    else delete root.dataset.palette;
    for (const box of document.querySelectorAll('.chart')) if (box._plot) { box._sig = null; } // redrawn in the theme's ink
    if (state.lastSim) renderSimulation(state.lastSim);
    if (state.game) { renderBoard(); renderKeyboard(); }
  };
  $('theme').addEventListener('change', () => { store('cb-theme', $('theme').value); apply(); });
  $('contrast').addEventListener('change', () => { store('cb-contrast', $('contrast').checked ? '1' : '0'); apply(); });
  dark.addEventListener('change', apply);
  apply();
}

const specKey = () => JSON.stringify(specParams());

// The game set up above changed: the simulation's results are of another game (cleared unless a
// run goes on, whose caption names its game), the assistant's rows too.
function gameChanged() {
  const key = specKey();
  if (state.shownSpec === key) return;
  const first = state.shownSpec === undefined;
  state.shownSpec = key;
  const preset = state.catalogue.games.find((g) => g.name === state.spec.game);
  $('max-guesses').value = preset ? preset.max_guesses : '';
  if (!state.sim) clearSimulation();
  else if (state.lastSim) renderSimulation(state.lastSim);
  // the assistant's rows stay when only the word lists change (widening keeps the board)
  const { lists, ...game } = specParams();
  const assistKey = JSON.stringify(game);
  if (!first && assist.key !== assistKey) assistReset(true);
  else if (!first) assistRender();
  assist.key = assistKey;
  document.dispatchEvent(new CustomEvent('cb-game-changed')); // variants.js starts its games on it
}

function clearSimulation() {
  state.lastSim = null;
  $('sim-caption').hidden = true;
  $('sim-summary').hidden = true;
  $('sim-progress').hidden = true;
  $('sim-error').textContent = '';
  for (const id of ['score', 'removed', 'time']) {
    const box = $(`chart-${id}`);
    if (box._plot) { box._plot.destroy(); box._plot = null; }
    box.replaceChildren(el('p', { class: 'placeholder', text: 'No simulation of this game yet.' }));
    $(`stats-${id}`).replaceChildren();
  }
}

// The last game chosen (record.js, choiceKeep), its lists and hard mode, and the daily game left unfinished;
// when the address names a game (the assistant's board, kept there), its hard mode and daily game only.
function restoreChoice(addressed) {
  const c = choiceLoad();
  const g = state.catalogue.games.find((x) => x.name === c.game);
  if (!g || (addressed && addressed !== g.name)) return;
  if (!addressed) restoreGame(c, g);
  $('hard').checked = !!c.hard && hasHardMode(g.name);
  if (typeof c.daily !== 'string' || c.daily > localDate()) return;
  const t = dailyTurns(dailyKey({ ...specParams(), hard: $('hard').checked ? 1 : 0 }, c.daily));
  if (t && !t.over) { state.daily = c.daily; $('daily-date').value = c.daily; }
}
function restoreGame(c, g) {
  state.spec.game = g.name;
  if (typeof c.lists === 'string' && state.catalogue.lists.some((l) => l.name === c.lists)) state.spec.lists = c.lists;
  if (g.colors) Object.assign(state.spec, { colors: g.colors, pegs: g.pegs, no_repeat: g.no_repeat });
  else if (g.dictionary) Object.assign(state.spec, { words: 'english', length: g.length });
  else if (g.own_lists) Object.assign(state, { listsBefore: state.spec.lists, ownLists: g.lists, spec: { ...state.spec, lists: g.lists } });
}

async function start() {
  wire();
  const r = await get('/api/games');
  if (!r.ok) { setMessage(r.data.error, 'warn'); return; }
  state.catalogue = r.data;
  state.spec.game = state.catalogue.games[0].name; // the registry's first game
  // a board from the address: its game, then its rows in the assistant
  const q = new URLSearchParams(location.search);
  const game = q.get('game');
  if (game && state.catalogue.games.some((g) => g.name === game)) {
    const g = state.catalogue.games.find((x) => x.name === game);
    state.spec.game = game;
    if (g.colors) Object.assign(state.spec, { colors: +(q.get('colors') || g.colors), pegs: +(q.get('pegs') || g.pegs), no_repeat: q.has('no_repeat') ? q.get('no_repeat') === '1' : g.no_repeat });
    if (q.get('lists') && state.catalogue.lists.some((l) => l.name === q.get('lists'))) state.spec.lists = q.get('lists');
    else if (g.own_lists) Object.assign(state, { listsBefore: state.spec.lists, ownLists: g.lists, spec: { ...state.spec, lists: g.lists } });
    if (isWordGame(game) && q.get('dictionary') === 'english') Object.assign(state.spec, { words: 'english', length: +(q.get('length') || 5) });
    if (isWordGame(game) && q.has('colors')) {
      Object.assign(state.spec, { words: 'complete', colors: +q.get('colors'), pegs: +(q.get('pegs') || 4), no_repeat: q.get('no_repeat') === '1' });
    }
    restoreChoice(game);
  } else restoreChoice(null);
  renderPickers();
  await newGame();
  assist.rows = state.game ? assistParse(q.get('history')) : [];
  assistRender();
  if (q.get('history')) $('assist').scrollIntoView();
}

start();
