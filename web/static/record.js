// record.js: what the page keeps in this browser (localStorage), loaded before app.js and called by it:
// the statistics (a record per finished game, each checked on its own), the turns of each daily game
// (so that a reload resumes it and a replay shows the game played), and the player's last choice of
// game and hard mode. Nothing leaves the browser. Uses app.js's $, el, fill, state, gameLabel,
// localDate and dailyNumber when called.
'use strict';

const STATS_KEY = 'codebreaker.stats.v1';
const STATS_ASIDE = 'codebreaker.stats.v1.damaged'; // a damaged store as it was, never overwritten
const STATS_VERSION = 1;
const STATS_MAX_GAMES = 5000; // the oldest records go first beyond it
const DAILY_KEY = 'codebreaker.daily.v1'; // the turns of daily games: {key: {guesses, over, gave_up}}
const DAILY_MAX = 400; // daily games whose turns are kept, the latest ones
const CHOICE_KEY = 'codebreaker.choice.v1'; // the last game chosen, its lists, hard mode, the daily being played

const storeGet = (k) => { try { return localStorage.getItem(k); } catch (e) { return null; } };
const storeSet = (k, v) => { try { localStorage.setItem(k, v); return true; } catch (e) { return false; } }; // private mode

// ---------------------------------------------------------------------------------------------
// Statistics: {"version": 1, "games": [{id, game, won, guesses, max, hard, daily, date, skill}]}

function statsRecordValid(g) {
  return !!g && typeof g === 'object' && typeof g.game === 'string' && typeof g.won === 'boolean' &&
    Number.isInteger(g.guesses) && g.guesses >= 0 && Number.isInteger(g.max) && g.max >= 1 && g.guesses <= g.max &&
    (g.daily === null || Number.isInteger(g.daily)) && typeof g.date === 'string' && /^\d{4}-\d\d-\d\d$/.test(g.date) &&
    (g.skill === undefined || Number.isFinite(g.skill));
}

// A store's text read record by record: {games, skipped}, or null when it is not a store of ours at all.
function statsParse(text) {
  let d;
  try { d = JSON.parse(text); } catch (e) { return null; }
  if (!d || d.version !== STATS_VERSION || !Array.isArray(d.games)) return null;
  const games = d.games.filter(statsRecordValid);
  return { games, skipped: d.games.length - games.length };
}

// The damaged store, kept aside as it was (a new damage goes under a key of its own: nothing is lost).
function statsAside(raw, skipped) {
  const keep = JSON.stringify({ skipped, raw });
  for (let i = 1; i < 100; i++) {
    const key = i === 1 ? STATS_ASIDE : `${STATS_ASIDE}.${i}`;
    const there = storeGet(key);
    if (there === keep) return key;
    if (there === null) return storeSet(key, keep) ? key : null;
  }
  return null;
}

// The store's good records; state.statsDamage says what was skipped (and where the store was kept).
function statsLoad() {
  const raw = storeGet(STATS_KEY);
  if (raw === null) return { version: STATS_VERSION, games: [] };
  const p = statsParse(raw);
  const skipped = p ? p.skipped : 1; // unreadable as a whole: one damaged store
  if (skipped) state.statsDamage = { skipped, whole: !p, key: statsAside(raw, skipped) };
  return { version: STATS_VERSION, games: p ? p.games : [] };
}
function statsSave(d) {
  storeSet(STATS_KEY, JSON.stringify(d)); // private mode: figures for this page only
}

// What the player is told of damaged records ('' when none).
function statsDamageText() {
  const g = state.statsDamage;
  if (!g) return '';
  const what = g.whole ? 'The statistics stored in this browser could not be read'
    : `${g.skipped} damaged ${g.skipped === 1 ? 'record' : 'records'} skipped`;
  return `${what}; ${g.key ? `the store as it was is kept under ${g.key} in this browser's storage` : 'the store could not be kept aside'}.`;
}

// Whether a daily game of that game and number already has its record: the first one finished counts.
const statsCounted = (games, game, number) => games.some((g) => g.game === game && g.daily === number);

// Record the finished game once (by its session id); a daily game only when it is the first finished of
// its game and date (a replay after it does not count). Returns whether it was recorded.
function statsRecord() {
  const s = state.session;
  if (!s || !s.over) return false;
  const d = statsLoad();
  if (d.games.some((g) => g.id === s.id)) return false;
  if (s.daily && statsCounted(d.games, state.spec.game, s.daily.number)) return false;
  d.games.push({ id: s.id, game: state.spec.game, won: !!s.won, guesses: state.rows.length, max: s.max_guesses, hard: !!s.hard,
    daily: s.daily ? s.daily.number : null, date: localDate() });
  if (d.games.length > STATS_MAX_GAMES) d.games.splice(0, d.games.length - STATS_MAX_GAMES);
  statsSave(d);
  return true;
}

// The review's overall skill of a finished game, on its record once the review answers.
function statsSkill(id, skill) {
  const d = statsLoad();
  const g = d.games.find((x) => x.id === id);
  if (!g || typeof skill !== 'number') return;
  g.skill = skill;
  statsSave(d);
  if (!$('stats').hidden) renderPlayerStats();
}

// A daily game played on its own date builds the streaks; an archive game (an earlier date) never does.
const onItsDay = (g) => g.daily !== null && g.daily === dailyNumber(g.date);

// The figures of one game's records: played, win %, the streaks of daily games won on their day, the
// distribution, the average skill of the games reviewed (null: none).
function statsFigures(games, todayNumber) {
  const won = games.filter((g) => g.won);
  const days = new Map(); // daily number -> won that day (the first finished daily of the day)
  for (const g of games) if (onItsDay(g) && !days.has(g.daily)) days.set(g.daily, g.won);
  let streak = 0;
  for (let n = days.get(todayNumber) ? todayNumber : todayNumber - 1; days.get(n); n--) streak++;
  let best = 0;
  let run = 0;
  let prev = null;
  for (const n of [...days.keys()].sort((a, b) => a - b)) {
    run = days.get(n) ? (prev !== null && n === prev + 1 && run > 0 ? run + 1 : 1) : 0;
    best = Math.max(best, run);
    prev = n;
  }
  const max = Math.max(6, ...games.map((g) => g.max));
  const dist = Array.from({ length: max }, (_, i) => won.filter((g) => g.guesses === i + 1).length);
  const graded = games.filter((g) => typeof g.skill === 'number');
  const skill = graded.length ? graded.reduce((a, g) => a + g.skill, 0) / graded.length : null;
  return { played: games.length, win: games.length ? Math.round((100 * won.length) / games.length) : 0, streak, best, dist, skill, graded: graded.length };
}

function renderPlayerStats() {
  const game = state.spec.game;
  const all = statsLoad().games;
  const games = all.filter((g) => g.game === game);
  const f = statsFigures(games, dailyNumber(localDate()));
  $('stats-game').textContent = `· ${gameLabel(game)}`;
  $('stats-played').textContent = String(f.played);
  $('stats-win').textContent = String(f.win);
  $('stats-streak').textContent = String(f.streak);
  $('stats-best').textContent = String(f.best);
  $('stats-skill').textContent = f.skill === null ? '–' : String(Math.round(10 * f.skill) / 10);
  $('stats-skill').title = f.graded ? `the review's overall skill, on average over ${f.graded} ${f.graded === 1 ? 'game' : 'games'}` : 'no game reviewed yet';
  $('stats-damage').textContent = statsDamageText();
  $('stats-damage').hidden = !state.statsDamage;
  const last = all[all.length - 1];
  const mark = last && last.game === game && last.won && last.date === localDate() ? last.guesses : 0;
  const top = Math.max(1, ...f.dist);
  fill($('stats-dist'), ...f.dist.map((n, i) => el('li', { class: i + 1 === mark ? 'today' : '', 'data-guesses': String(i + 1) },
    el('span', { text: String(i + 1) }),
    el('span', { class: 'bar', style: { width: `${Math.max(8, (100 * n) / top)}%` } }, String(n),
      i + 1 === mark ? el('span', { class: 'sr-only', text: ' (today\'s game)' }) : null))));
}

function showStats(open) {
  $('stats').hidden = !open;
  $('stats-btn').setAttribute('aria-expanded', open ? 'true' : 'false');
  if (open) renderPlayerStats();
}

function statsExport() {
  const d = statsLoad();
  $('stats-json').value = JSON.stringify(d, null, 1);
  $('stats-io-status').textContent = `${d.games.length} games exported: copy the text, or save it as a file with Download, to keep it.`;
}

// The statistics as a file the player keeps (codebreaker-stats.json), the same JSON as Export.
function statsDownload() {
  const d = statsLoad();
  const url = URL.createObjectURL(new Blob([JSON.stringify(d, null, 1)], { type: 'application/json' }));
  const a = el('a', { href: url, download: 'codebreaker-stats.json' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  $('stats-io-status').textContent = `${d.games.length} games saved as codebreaker-stats.json.`;
}

// Import replaces the records with the box's (or a file's) good ones; a text that is not ours, or holds
// no good record, changes nothing.
function statsImport(text = $('stats-json').value) {
  const p = statsParse(text);
  if (!p || (p.skipped && !p.games.length)) {
    $('stats-io-status').textContent = `Not statistics of this page (JSON with "version": ${STATS_VERSION} and "games"): nothing changed.`;
    return;
  }
  const before = storeGet(STATS_KEY);
  if (before !== null && statsParse(before) === null) statsAside(before, 1); // an unreadable store is kept, not replaced
  statsSave({ version: STATS_VERSION, games: p.games });
  state.statsDamage = null;
  renderPlayerStats();
  $('stats-io-status').textContent = `${p.games.length} games imported${p.skipped ? `; ${p.skipped} damaged ${p.skipped === 1 ? 'record' : 'records'} skipped` : ''}.`;
}

async function statsImportFile(e) {
  const file = e.target.files && e.target.files[0];
  if (file) statsImport(await file.text());
  e.target.value = '';
}

// ---------------------------------------------------------------------------------------------
// The daily games' turns: a daily game is its date, game, lists and mode; its guesses are kept as they
// are played, so a reload resumes it and pressing Daily again shows the game played, not a new attempt.

function dailyStore() {
  try {
    const d = JSON.parse(storeGet(DAILY_KEY));
    if (d && typeof d === 'object' && !Array.isArray(d)) return d;
  } catch (e) { /* damaged: the turns are lost, the statistics are not */ }
  return {};
}

const dailyKey = (params, date) => JSON.stringify({ ...params, seed: undefined, daily: date });

// The turns kept of a daily game: {guesses: [...], over, gave_up}, or null.
function dailyTurns(key) {
  const t = dailyStore()[key];
  return t && Array.isArray(t.guesses) && t.guesses.every((g) => typeof g === 'string') ? t : null;
}

function dailyKeep(key, turns) {
  const d = dailyStore();
  delete d[key];
  d[key] = { ...turns, at: Date.now() };
  const keys = Object.keys(d);
  for (const k of keys.slice(0, Math.max(0, keys.length - DAILY_MAX))) delete d[k]; // the oldest first
  storeSet(DAILY_KEY, JSON.stringify(d));
}

// ---------------------------------------------------------------------------------------------
// The player's last choice: the game, its lists, hard mode, and the daily game being played.

function choiceLoad() {
  try {
    const c = JSON.parse(storeGet(CHOICE_KEY));
    if (c && typeof c === 'object') return c;
  } catch (e) { /* none */ }
  return {};
}

function choiceKeep() {
  const s = state.spec;
  storeSet(CHOICE_KEY, JSON.stringify({ game: s.game, lists: state.ownLists ? state.listsBefore : s.lists, hard: $('hard').checked,
    daily: state.daily }));
}
