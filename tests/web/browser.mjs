// browser.mjs: the dashboard in Debian's Chromium, driven by playwright-core: plays a Wordle game
// to the end (a refused word first, on-screen keys and the physical keyboard), shows the details
// of the last guess, analyses every guess and checks its histogram, lets "Make a guess" fill a row,
// runs a simulation of every Wordle answer with two strategies and checks the histograms and their
// statistics, watches a longer one fill in and cancels it, then plays Mastermind and Symble to the
// end. Screenshots go to the artefact folder.
// usage: node tests/web/browser.mjs path/to/codebreaker ARTEFACT_DIR
// Needs /usr/bin/chromium and node_modules/playwright-core (tests/web/setup.sh installs both).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
const ALLOWED = join(dirname(fileURLToPath(import.meta.url)), '../../data/wordle/allowed.txt');
// a simulation of every answer of the nyt2023 lists, seed 1 (`codebreaker simulate --lists nyt2023 --max-guesses 6`)
const MINIMAX_2023 = '3.734';
const ENTROPY_2023 = '3.569';
mkdirSync(artefacts, { recursive: true });

let page;
let srv;
const WORDLE = { game: 'wordle', lists: 'nyt2023' }; // the page's default game

// The history the board shows, as the API spells it.
const boardHistory = () => page.$$eval('#board .row.played', (rows) => rows.map((r) => `${r.dataset.guess}=${r.dataset.feedback}`).join(','));

// The first candidate the board's history leaves, asked of the API from the page itself.
async function firstCandidate(params) {
  const history = await boardHistory();
  return page.evaluate(async ([p, h]) => {
    const q = new URLSearchParams({ ...p, history: h, limit: '1' });
    const r = await (await fetch(`/api/candidates?${q}`)).json();
    return r.candidates[0];
  }, [params, history]);
}

async function boardState() {
  return page.getAttribute('#board', 'data-state');
}

// Type a guess with the physical keyboard and wait for the board to take it (or refuse it).
async function typeGuess(word) {
  const before = await page.locator('#board .row.played').count();
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#board .row.played').length > n ||
    document.querySelector('#message').dataset.kind === 'warn', before);
}

// Play on with the first candidate each turn until the game is over; returns the turns played.
async function playToEnd(params, max) {
  for (let i = 0; i < max && (await boardState()) === 'playing'; i++) await typeGuess(await firstCandidate(params));
  const s = await boardState();
  assert.ok(s === 'won' || s === 'lost', `the game did not end: ${s}`);
  return page.locator('#board .row.played').count();
}

// The review of the game that ended (GET /api/review): its rows once it answers, one per guess of the board.
async function reviewRows() {
  await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#review-body').dataset.state));
  assert.equal(await page.getAttribute('#review-body', 'data-state'), 'ready', await page.textContent('#review-body'));
  const reviewed = await page.$$eval('#review-body li.review-turn', (ls) => ls.map((l) => l.dataset.guess));
  assert.deepEqual(reviewed, (await boardHistory()).split(',').map((h) => h.split('=')[0]));
  return reviewed;
}

// The set-up's settings, closed on load (the board first): opened to change the words or the code.
const openSettings = () => page.evaluate(() => { document.querySelector('#settings').open = true; });

async function newGameOf(name) {
  await page.$$eval('#board .row', (rows) => rows.forEach((r) => { r.dataset.old = '1'; }));
  await page.click(`#game-picker [data-game=${name}]`);
  await page.waitForFunction((g) => {
    const board = document.querySelector('#board');
    return board.classList.contains(g) && board.dataset.state === 'playing' && board.querySelector('.row') &&
      !board.querySelector('.row[data-old]');
  }, ['mastermind', 'super', 'bulls'].includes(name) ? 'mastermind' : name);
}

async function main({ srv: server, context }) {
  srv = server;
  const problems = [];
  const external = [];
  page = context.pages()[0] || (await context.newPage());
  // a refused guess is a 422 answer, which Chromium logs, and so is a busy exact solver's 503 (the page says
  // so and ranks by heuristics); anything else is a problem
  const watch = (p) => {
    p.on('console', (m) => {
      if (m.type() === 'error' && !/status of 422/.test(m.text()) &&
        !(/status of 503/.test(m.text()) && /\/api\/(rank\/exact|review)\b/.test(m.location().url))) problems.push(`console: ${m.text()} (${m.location().url})`);
    });
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(srv.url) && !u.startsWith('data:')) external.push(u);
    });
  };
  watch(page);

  // Wordle, on today's lists
  await page.goto(`${srv.url}/`);
  await page.waitForSelector('#board[data-state=playing]');
  assert.equal(await page.locator('#board .row').count(), 6);
  assert.equal(await page.inputValue('#lists'), 'nyt2023');
  // the side panel from the first turn: the secrets left; the best next guesses once a row is played
  await page.waitForFunction(() => document.querySelector('#left-count').textContent === '3,158');
  assert.equal(await page.locator('#best-list li').count(), 0);
  await typeGuess('zzzzz');
  assert.match(await page.textContent('#message'), /not in the list.*no turn lost/);
  assert.equal(await page.locator('#board .row.played').count(), 0);
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  for (const c of 'salet') await page.click(`#keyboard .key[data-key="${c}"]`);
  await page.click('#keyboard .key[data-key=Enter]');
  await page.waitForSelector('#board .row.played');
  assert.equal(await page.getAttribute('#board .row.played', 'data-guess'), 'salet');
  assert.equal(await page.locator('#board .row.played .tile[data-mark]').count(), 5);
  assert.ok(await page.locator('#keyboard .key.gray, #keyboard .key.yellow, #keyboard .key.green').count() > 0);
  await page.waitForFunction(() => document.querySelector('#side').dataset.state === 'ready' && document.querySelectorAll('#best-list li').length === 5);
  const left = await firstCandidate(WORDLE);
  assert.ok(+(await page.textContent('#left-count')).replace(/,/g, '') < 3158);
  assert.equal(left.length, 5);
  assert.ok(await page.isHidden('#review'), 'the review shows before the end');
  const turns = await playToEnd(WORDLE, 6);
  const message = await page.textContent('#message');
  if ((await boardState()) === 'won') assert.match(message, new RegExp(`Solved in ${turns} guess`));
  else assert.match(message, /secret was [a-z]{5}/);
  // the end: the review's place, Share, whose grid matches the board (copied through the Clipboard API,
  // which the test's browser context allows)
  await page.waitForSelector('#review:not([hidden])');
  await page.click('#share-btn');
  await page.waitForFunction(() => document.querySelector('#share-text').textContent);
  const grid = await page.textContent('#share-text');
  const board = await page.$$eval('#board .row.played', (rows) => rows.map((r) => [...r.querySelectorAll('.tile')].map((t) => t.dataset.mark).join('')));
  const signs = { 0: '\u2B1C', 1: '\u{1F7E8}', 2: '\u{1F7E9}' };
  const won = (await boardState()) === 'won';
  assert.equal(grid, `Wordle ${won ? turns : 'X'}/6\n\n${board.map((r) => `${[...r].map((m) => signs[m]).join('')}\n`).join('')}`);
  assert.match(await page.textContent('#share-status'), /Copied/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), grid);
  await page.screenshot({ path: join(artefacts, 'wordle-end-share.png') });
  // the review (GET /api/review): a row per guess of the board, each value marked proved or a bound
  await reviewRows();
  assert.match(await page.textContent('#review-body li.review-turn:first-child'), /3,158 candidates → [\d,]+ left/);
  const marks = await page.$$eval('#review-body li.review-turn .rv-vals > .exact', (xs) => xs.map((x) => [x.dataset.proved, x.textContent, x.title]));
  assert.equal(marks.length, 2 * turns);
  for (const [proved, text, title] of marks) {
    if (proved === 'yes') assert.ok(/^\d+\.\d{3}✓$/.test(text) && /^proved/.test(title), text);
    else if (proved === 'none') assert.ok(text === '–' && /can lose/.test(title), text); // the secret is drawn: a turn may lose
    else assert.ok(/^≥at least \d+\.\d{3}$/.test(text) && /lower bound/.test(title), text);
  }
  await page.locator('#side').screenshot({ path: join(artefacts, 'wordle-end-review.png') });

  // the assistant ranks by proved expected guesses where the exact search answers in the server's time
  // limit (`codebreaker rank --exact roate=.Y...`: 167 guesses over 66 candidates, snool and swoln), and
  // reviews a solved board (`codebreaker review --answer cigar crane roate`: crane 7930, salet 7920)
  const a = await context.newPage();
  watch(a);
  await a.goto(`${srv.url}/?game=wordle&lists=original&history=roate=.Y...`);
  await a.waitForSelector('#assist[data-state=ready][data-history="roate=.Y..."]');
  assert.equal(await a.getAttribute('#assist-rank', 'data-kind'), 'exact', await a.textContent('#assist-rank-note'));
  assert.match(await a.textContent('#assist-rank-note'), /By the exact solver over 66 candidates/);
  const top = a.locator('#assist-rank tbody tr').first();
  assert.ok(['snool', 'swoln'].includes(await top.locator('button').textContent()));
  assert.equal(await top.getAttribute('data-proved'), 'yes');
  assert.equal(await top.locator('.exact.proved').textContent(), '2.530✓');
  assert.match(await top.locator('.exact').getAttribute('title'), /^proved/);
  assert.ok(await a.isDisabled('#assist-review-btn'), 'a review before the answer is known');
  await a.locator('#assist').screenshot({ path: join(artefacts, 'assistant-exact.png') });
  // where no guess is sure to win (one guess left, three -ATCH words): ranked by the chance of losing
  // (`codebreaker rank --exact --lists nyt2023 stare=.YY.. match=.GGGG ... catch=.GGGG`: 66.7%)
  const trap = 'stare=.YY..,match=.GGGG,patch=.GGGG,latch=.GGGG,catch=.GGGG';
  await a.goto(`${srv.url}/?game=wordle&lists=nyt2023&history=${trap}`);
  await a.waitForSelector(`#assist[data-state=ready][data-history="${trap}"]`);
  assert.equal(await a.getAttribute('#assist-rank', 'data-kind'), 'exact', await a.textContent('#assist-rank-note'));
  assert.match(await a.textContent('#assist-rank-note'), /No guess is sure to win within the guess limit/);
  assert.equal(await a.locator('#assist-rank tbody tr').first().locator('.badge.lose').textContent(), 'can lose 66.7%');
  // the review of a finished game on the given lists, from the assistant's button
  const review = async (lists, history) => {
    await a.goto(`${srv.url}/?game=wordle&lists=${lists}&history=${history}`);
    await a.waitForSelector(`#assist[data-state=ready][data-history="${history}"]`);
    await a.click('#assist-review-btn');
    await a.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#assist-review-body').dataset.state));
    assert.equal(await a.getAttribute('#assist-review-body', 'data-state'), 'ready', await a.textContent('#assist-review-body'));
  };
  await review('original', 'crane=GYY..,roate=Y.Y..,cigar=GGGGG');
  const rowsOf = await a.$$eval('#assist-review-body li.review-turn', (ls) => ls.map((l) => l.dataset.guess));
  assert.deepEqual(rowsOf, ['crane', 'roate', 'cigar']);
  const first = await a.textContent('#assist-review-body li.review-turn:first-child');
  assert.match(first, /2,315 candidates → 8 left/);
  // salet is not an answer word (°); crate is the best candidate (review --json: best_candidate), proved
  // since the book holds every original answer
  assert.match(first, /expected 3\.425✓ · best salet° 3\.421✓ · best candidate crate 3\.424✓/);
  assert.match(await a.textContent('#assist-review-body .rv-overall'), /^Skill 83\.2 · Luck 63\.8/);
  assert.match(first, /optimal line: salet → .* → cigar/);
  await a.locator('#assist').screenshot({ path: join(artefacts, 'assistant-review.png') });
  // an opening no book covers (the March 2022 lists): the budget leaves intervals, both ends proved
  // (`codebreaker review --lists nyt2022 --answer cigar fuzzy crane cigar`: 3.7527-3.9718)
  await review('nyt2022', 'fuzzy=.....,crane=GYY..,cigar=GGGGG');
  const first22 = await a.textContent('#assist-review-body li.review-turn:first-child');
  assert.match(first22, /expected ≥at least 3\.753–3\.972 · best salet° ≥at least \d\.\d{3}–\d\.\d{3}/);
  await a.close();
  await page.click('#details-btn');
  await page.waitForSelector('#details-body table.parts tr.actual');
  assert.ok(await page.locator('#details-body table.parts tbody tr').count() >= 1);

  // the analysis job: a fresh game, every guess scored, the histogram drawn
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    !document.querySelector('#board .row.played'));
  await typeGuess('crane');
  await page.click('#analyse-btn');
  await page.waitForSelector('#chart-entropy canvas');
  await page.waitForFunction(() => !document.querySelector('#analyse-btn').disabled);
  assert.equal(await page.locator('#analyse-result table.top tbody tr').count(), 10);
  assert.match(await page.textContent('#stats-entropy'), /median.*average.*std/i);
  assert.equal(await page.getAttribute('#analyse-progress', 'data-state'), 'done');
  await page.click('#details-btn');
  await page.waitForSelector('#details-body table.parts tr.actual');
  await page.screenshot({ path: join(artefacts, 'dashboard-wordle.png'), fullPage: true });
  await playToEnd(WORDLE, 6);
  assert.ok(await page.isDisabled('#analyse-btn'), 'every guess analysed after the end');

  // "Make a guess": entropy's opener typed into the row, played with Enter
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    !document.querySelector('#board .row.played'));
  // the default is the library's for the rule (GET /api/games: games[].strategy), not a literal of the page
  assert.equal(await page.inputValue('#hint-strategy'), 'parts');
  await page.selectOption('#hint-strategy', 'entropy');
  await page.click('#hint-btn');
  await page.waitForFunction(() => document.querySelectorAll('#board .row.current .tile.filled').length === 5);
  assert.equal(await page.$$eval('#board .row.current .tile', (ts) => ts.map((t) => t.textContent).join('')), 'tarse');
  assert.match(await page.textContent('#message'), /entropy would play tarse \(5\.89 bits\)/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board .row.played[data-guess=tarse]');
  await page.selectOption('#hint-strategy', 'minimax');
  await page.click('#hint-btn');
  await page.waitForFunction(() => document.querySelectorAll('#board .row.current .tile.filled').length === 5);
  assert.match(await page.textContent('#message'), /minimax would play [a-z]{5} \(largest part \d+/);

  // a simulation of every Wordle answer with two strategies: histograms and statistics side by side
  assert.deepEqual(await page.$$eval('#strategies input:checked', (is) => is.map((i) => i.value)), ['minimax', 'entropy']);
  await page.check('#sim input[name=games][value=all]');
  await page.fill('#sim-seed', '1');
  await page.click('#run-btn');
  await page.waitForFunction(() => ['done', 'failed', 'canceled', 'refused'].includes(document.querySelector('#sim').dataset.state));
  assert.equal(await page.getAttribute('#sim', 'data-state'), 'done', await page.textContent('#sim-error'));
  for (const id of ['score', 'removed', 'time']) {
    await page.waitForSelector(`#chart-${id} canvas`);
    assert.equal(await page.locator(`#stats-${id} tbody tr`).count(), 2, id);
    assert.match(await page.textContent(`#stats-${id} thead`), /median.*average.*std/i);
  }
  const rows = await page.$$eval('#sim-summary tbody tr', (trs) => trs.map((tr) => [tr.dataset.strategy, tr.className,
    tr.querySelector('td.strong') && tr.querySelector('td.strong').textContent]));
  assert.deepEqual(rows, [['minimax', 'sim-done', MINIMAX_2023], ['entropy', 'sim-done', ENTROPY_2023]]);
  assert.match(await page.textContent('#sim-progress output'), /6,316 of 6,316 games/);
  assert.match(await page.textContent('#sim-caption'), /Wordle, nyt2023 lists · all 3,158 secrets · at most 6 guesses · seed 1/);
  // each axis names its quantity and unit, and has room for its values (the title never overlaps them)
  const axes = await page.$$eval('.chart', (boxes) => boxes.filter((b) => b._plot).map((b) => {
    const u = b._plot;
    const ctx = u.ctx;
    ctx.font = u.axes[1].font;
    const widest = Math.max(...u.axes[1]._values.map((v) => (v ? ctx.measureText(v).width / devicePixelRatio : 0)));
    return [b.id, u.axes[0].label, u.axes[1].label, u.axes[1]._size >= widest + 8];
  }));
  assert.deepEqual(axes, [
    ['chart-entropy', 'bits of information', 'allowed guesses', true],
    ['chart-score', 'guesses to win (lost: limit + 1)', 'games', true],
    ['chart-removed', '% of candidates removed per turn', 'games', true],
    ['chart-time', 'ms per game, opener apart', 'games', true]]);
  // the time chart and the summary measure the same thing: each game's decisions, the opener timed apart
  const times = await page.$$eval('#sim-summary tbody tr', (trs) => trs.map((tr) => [
    tr.querySelector('td[data-label="time per game"]').textContent, tr.querySelector('td[data-label="opener"]').textContent]));
  const medians = await page.$$eval('#stats-time tbody tr', (trs) => trs.map((tr) => tr.children[1].textContent));
  times.forEach(([perGame, opener], i) => {
    assert.equal(perGame, `${medians[i]} ms`);
    assert.match(opener, /^[\d.,]+ ms$/);
  });
  await page.screenshot({ path: join(artefacts, 'dashboard-simulation.png'), fullPage: true });

  // a longer one fills in as it runs, and stops when cancelled: Mastermind of 9 colours and 5 pegs without
  // repeats (15,120 secrets), five strategies, about 9 s on two idle cores where the click comes within a
  // second of the start (the Bulls and Cows run of four strategies, under a second, ended before the click)
  await newGameOf('mastermind');
  await openSettings();
  await page.fill('#colors', '9');
  await page.fill('#pegs', '5');
  await page.check('#no-repeat');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    /9 colours x 5 pegs, no repeats \(15120 codes\)/.test(document.querySelector('#facts').textContent));
  for (const s of ['parts', 'expected', 'entropy-knuth']) await page.check(`#strategies input[value="${s}"]`);
  await page.check('#sim input[name=games][value=all]');
  await page.click('#run-btn');
  await page.waitForFunction(() => document.querySelector('#sim').dataset.state === 'running' &&
    +document.querySelector('#sim').dataset.partials >= 2 && document.querySelector('#sim-summary tr.sim-running') &&
    document.querySelector('#sim-summary tr.sim-running td.num').textContent !== '0');
  await page.click('#sim-cancel');
  await page.waitForFunction(() => document.querySelector('#sim').dataset.state !== 'running');
  assert.equal(await page.getAttribute('#sim', 'data-state'), 'canceled', await page.textContent('#sim-error'));
  assert.match(await page.textContent('#sim-error'), /Cancelled after [\d,]+ games/);
  assert.match(await page.textContent('#sim-summary'), /canceled: the games played so far are in the charts/);
  assert.match(await page.textContent('#sim-summary'), /not played/);
  await page.waitForSelector('#chart-score canvas');
  await page.screenshot({ path: join(artefacts, 'dashboard-simulation-cancelled.png'), fullPage: true });
  assert.ok(!(await page.isDisabled('#run-btn')));

  // a chart with nothing to show says so: Mastermind of 3 colours and 2 pegs, seed 1 (secret 23), where 12 and
  // 13 leave one code and no guess can tell anything more
  await newGameOf('mastermind');
  await openSettings();
  await page.fill('#colors', '3');
  await page.press('#colors', 'Tab');
  await page.fill('#pegs', '2');
  await page.press('#pegs', 'Tab');
  await page.fill('#seed', '1');
  await page.$$eval('#board .row', (rows) => rows.forEach((r) => { r.dataset.old = '1'; }));
  await page.click('#new-game');
  await page.waitForFunction(() => /3 colours x 2 pegs/.test(document.querySelector('#facts').textContent) &&
    document.querySelector('#board').dataset.state === 'playing' && !document.querySelector('#board .row[data-old]'));
  await typeGuess('12');
  await typeGuess('13');
  await page.waitForFunction(() => document.querySelector('#side').dataset.state === 'ready' && document.querySelector('#left-count').textContent === '1');
  await page.click('#analyse-btn');
  await page.waitForFunction(() => document.querySelector('#chart-entropy').dataset.empty === 'entropy');
  assert.match(await page.textContent('#chart-entropy'), /Nothing to show: no guess can tell anything now/);
  assert.equal(await page.locator('#chart-entropy canvas').count(), 0);
  await page.fill('#seed', '');

  // Mastermind, with the on-screen colour keys first
  await newGameOf('mastermind');
  assert.equal(await page.locator('#keyboard .pegkey').count(), 6);
  for (const c of '1122') await page.click(`#keyboard .key[data-key="${c}"]`);
  await page.click('#keyboard .key[data-key=Enter]');
  await page.waitForSelector('#board .row.played .keypegs');
  await playToEnd({ game: 'mastermind', colors: '6', pegs: '4', no_repeat: '0' }, 10);
  await page.click('#share-btn');
  await page.waitForFunction(() => /^Mastermind (\d+|X)\/10\n\n[\u26AB\u26AA\u2796\n]+$/u.test(document.querySelector('#share-text').textContent));
  await page.click('#details-btn');
  await page.waitForSelector('#details-body table.parts tr.actual');
  await page.screenshot({ path: join(artefacts, 'dashboard-mastermind.png'), fullPage: true });
  await reviewRows();

  // Symble: symbols, whose meaning the end reveals
  await newGameOf('symble');
  await typeGuess('salet');
  assert.equal(await page.locator('#board .row.played .symbols .sym, #board .row.played .won-label').count() > 0, true);
  await playToEnd({ game: 'symble', lists: 'nyt2023' }, 8);
  assert.equal(await page.locator('#message .more .sym').count(), 3);
  await page.click('#share-btn');
  await page.waitForFunction(() => /^Symble (\d+|X)\/8\n\n/.test(document.querySelector('#share-text').textContent));
  const symbleRows = await page.locator('#board .row.played').count();
  assert.equal((await page.textContent('#share-text')).trim().split('\n').length, 2 + symbleRows);
  await page.screenshot({ path: join(artefacts, 'dashboard-symble.png'), fullPage: true });
  // its review, waited for: one exact search at a time, and the uploads below build large tables
  await reviewRows();

  // a word list of the player's own, from a file: played and simulated; a file that is not a list, or too
  // large for the server, is refused in words and the game on screen stays
  await newGameOf('wordle');
  await openSettings();
  await page.selectOption('#words', 'upload');
  assert.match(await page.textContent('#upload-status'), /Choose a file of words/);
  const mine = ['crane', 'slate', 'brick', 'plumb', 'ghost', 'chant', 'flint', 'dwarf', 'moist', 'query', 'toolong'];
  await page.setInputFiles('#upload-file', { name: 'mine.txt', mimeType: 'text/plain', buffer: Buffer.from(mine.join('\n')) });
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    /10 answers/.test(document.querySelector('#facts').textContent));
  assert.match(await page.textContent('#upload-status'), /mine\.txt: 10 words of 5 letters; 1 line of another length or alphabet skipped/);
  await page.locator('#board').click(); // the typing goes to the board, not to the file input
  await typeGuess('crane');
  await page.click('#run-btn');
  await page.waitForFunction(() => ['done', 'failed', 'canceled', 'refused'].includes(document.querySelector('#sim').dataset.state));
  assert.equal(await page.getAttribute('#sim', 'data-state'), 'done', await page.textContent('#sim-error'));
  assert.match(await page.textContent('#sim-caption'), /Wordle, an uploaded list · all 10 secrets/);
  await page.screenshot({ path: join(artefacts, 'dashboard-upload.png'), fullPage: true });
  await page.setInputFiles('#upload-file', { name: 'logo.svg', mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">\n<path d="M0 0h9"/>\n</svg>\n') });
  await page.waitForFunction(() => /logo\.svg: words: this is not a word list/.test(document.querySelector('#upload-status').textContent));
  await page.setInputFiles('#upload-file', { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from('crane\n'.repeat(25000)) });
  await page.waitForFunction(() => /big\.txt has 150,000 bytes; the server takes lists of at most 131,072 bytes/.test(document.querySelector('#upload-status').textContent));
  assert.match(await page.textContent('#facts'), /10 answers/, 'the uploaded game stays on screen');
  // the 12972 allowed words of the original game (77,832 bytes), accepted and played
  await page.setInputFiles('#upload-file', { name: 'allowed.txt', mimeType: 'text/plain', buffer: readFileSync(ALLOWED) });
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    /12972 answers/.test(document.querySelector('#facts').textContent), null, { timeout: 180000 });
  assert.match(await page.textContent('#upload-status'), /allowed\.txt: 12,972 words of 5 letters\./);
  await page.locator('#board').click();
  await typeGuess('xylyl');
  assert.equal(await page.getAttribute('#board .row.played', 'data-guess'), 'xylyl');
  await page.screenshot({ path: join(artefacts, 'dashboard-upload-12972.png') });
  await page.selectOption('#words', 'lists');

  // two choices in a row whose answers arrive in the wrong order: the board is the last choice's
  // (the first request is held until the second's answer has come, whatever the machine's load)
  await newGameOf('wordle');
  await openSettings();
  const newOf = (n) => (x) => x.url().includes('/api/play/new') && new RegExp(`length=${n}\\b`).test(x.postData() || '');
  const six = page.waitForResponse((res) => newOf(6)(res.request()));
  await page.route('**/api/play/new', async (route) => {
    if (newOf(5)(route.request())) await six;
    await route.continue();
  });
  const late = page.waitForEvent('requestfinished', newOf(5));
  await page.selectOption('#words', 'english'); // English words of 5 letters, held back
  await page.fill('#length', '6');
  await page.press('#length', 'Tab'); // then of 6, answered at once
  await late;
  // the page has taken the late answer in once a frame has been drawn after it (its handler awaits
  // nothing but the answer's JSON)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing');
  assert.equal(await page.locator('#board .row.current .tile').count(), 6, 'the earlier choice\'s late answer won');
  assert.match(await page.textContent('#facts'), /6 letters/);
  await page.unroute('**/api/play/new');

  await looks(context);
  assert.deepEqual(problems, [], 'the page reported errors');
  assert.deepEqual(external, [], 'the page asked for something beyond the server');
  console.log(`web browser: passed; screenshots in ${artefacts}`);
}

// Where things are, measured: nothing wider than the window; on load the whole board and keyboard in the
// first screen for each game at 1280 x 800 and 390 x 844; at 390 px every control at least 44 px high
// (letter keys at least 28 px wide, as ten in a row allow) and no inner sideways scroll after a simulation.
async function looks(context) {
  const widest = (p) => p.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter((e) => {
      const r = e.getBoundingClientRect();
      // the phone's game tabs make a line that scrolls sideways inside the window (docs/web.md): the line is measured, not the tabs
      return r.width && (r.right > w + 0.5 || r.left < -0.5) && !e.closest('.sr-only, .skip, #game-picker > *') && getComputedStyle(e).position !== 'fixed';
    });
    return wide.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
  });
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    const p = await context.newPage();
    await p.setViewportSize({ width: w, height: h });
    for (const game of ['wordle', 'mastermind', 'symble']) {
      await p.goto(`${srv.url}/?game=${game}`);
      await p.waitForSelector('#board[data-state=playing]');
      await p.waitForSelector('#side[data-state=ready]');
      const at = await p.evaluate(() => ({
        keyboard: document.querySelector('#keyboard').getBoundingClientRect().bottom,
        board: document.querySelector('#board').getBoundingClientRect().top,
        header: !!document.querySelector('.masthead').textContent.match(/MiB|feedbacks/),
      }));
      assert.ok(at.keyboard <= h, `${game} at ${w}x${h}: the keyboard ends at ${at.keyboard} px`);
      assert.ok(at.board >= 0);
      assert.ok(!at.header, 'internal figures in the header');
      assert.deepEqual(await widest(p), [], `${game} at ${w}x${h}: wider than the window`);
      await p.screenshot({ path: join(artefacts, `load-${game}-${w}x${h}.png`) });
    }
    if (w === 390) {
      // the settings opened, and a game given up and shared in the high-contrast palette's signs
      await p.click('#settings summary');
      await p.screenshot({ path: join(artefacts, 'phone-settings.png') });
      await p.click('#settings summary');
      await p.click('#game-picker [data-game=wordle]');
      await p.waitForFunction(() => document.querySelector('#board').classList.contains('wordle') && document.querySelector('#board').dataset.state === 'playing');
      await p.check('#contrast');
      await p.keyboard.type('tarse');
      await p.keyboard.press('Enter');
      await p.waitForSelector('#board .row.played');
      const marks = await p.$$eval('#board .row.played .tile', (ts) => ts.map((t) => t.dataset.mark).join(''));
      await p.click('#giveup-btn');
      await p.click('#share-btn');
      await p.waitForFunction(() => document.querySelector('#share-text').textContent);
      const signs = { 0: '\u2B1C', 1: '\u{1F7E6}', 2: '\u{1F7E7}' };
      assert.equal(await p.textContent('#share-text'), `Wordle X/6\n\n${[...marks].map((m) => signs[m]).join('')}\n`);
      await p.locator('#side').screenshot({ path: join(artefacts, 'phone-end-share-contrast.png') });
      await p.uncheck('#contrast');
      await p.click('#details-btn'); // its table of groups, checked for sideways scroll below
      await p.waitForSelector('#details-body table.parts');
      await p.locator('.details').screenshot({ path: join(artefacts, 'phone-details.png') });
      const small = await p.evaluate(() => [...document.querySelectorAll('button, select, input, summary, .check-label')].filter((e) => {
        const r = e.getBoundingClientRect();
        if (!r.width || e.closest('.sr-only, [hidden]') || e.type === 'checkbox' || e.type === 'radio' || e.type === 'file') return false;
        return e.classList.contains('key') ? r.height < 44 || r.width < 28 : r.height < 44;
      }).slice(0, 5).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${e.textContent.trim().slice(0, 20)} ${Math.round(e.getBoundingClientRect().height)}`));
      assert.deepEqual(small, [], 'touch targets under 44 px at 390 px');
      // the game tabs on one line each, and the labels of the controls shown
      const tabs = await p.$$eval('#game-picker .segbtn', (bs) => bs.map((b) => b.getBoundingClientRect().height));
      assert.ok(tabs.every((t) => t <= 48), `a game tab wraps: ${tabs}`);
      assert.ok(await p.isVisible('label[for=theme]'));
      // a simulation: its summary as a card per strategy, no inner sideways scroll
      await p.click('#game-picker [data-game=mastermind]');
      await p.waitForFunction(() => document.querySelector('#board').classList.contains('mastermind'));
      await p.check('#sim input[name=games][value=sample]');
      await p.fill('#sample-size', '200');
      await p.fill('#sim-seed', '1');
      await p.click('#run-btn');
      await p.waitForFunction(() => ['done', 'failed', 'canceled', 'refused'].includes(document.querySelector('#sim').dataset.state));
      assert.equal(await p.getAttribute('#sim', 'data-state'), 'done', await p.textContent('#sim-error'));
      await p.waitForSelector('#chart-time canvas');
      const scrolls = await p.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => {
        const o = getComputedStyle(e).overflowX;
        return (o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth + 1 && e.id !== 'game-picker'; // the tab line scrolls by design
      }).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${e.scrollWidth}>${e.clientWidth}`));
      assert.deepEqual(scrolls, [], 'inner sideways scroll at 390 px');
      assert.deepEqual(await widest(p), [], 'wider than the window after a simulation');
      await p.screenshot({ path: join(artefacts, 'phone-simulation.png'), fullPage: true });
    }
    await p.close();
  }
}

inChromium(binary, artefacts, { viewport: { width: 1320, height: 1000 }, permissions: ['clipboard-read', 'clipboard-write'] }, main);
