// browser.mjs: the dashboard in Debian's Chromium, driven by playwright-core: plays a Wordle game
// to the end (a refused word first, on-screen keys and the physical keyboard), shows the details
// of the last guess, analyses every guess and checks its histogram, lets "Make a guess" fill a row,
// runs a simulation of every Wordle answer with two strategies and checks the histograms and their
// statistics, watches a longer one fill in and cancels it, then plays Mastermind and Symble to the
// end. Screenshots go to the artefact folder.
// usage: node tests/web/browser.mjs path/to/codebreaker ARTEFACT_DIR
// Needs /usr/bin/chromium and node_modules/playwright-core (tests/web/setup.sh installs both).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

let page;
let srv;

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
  // a refused guess is a 422 answer, which Chromium logs; anything else is a problem
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 422/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(srv.url) && !u.startsWith('data:')) external.push(u);
  });

  // Wordle
  await page.goto(`${srv.url}/`);
  await page.waitForSelector('#board[data-state=playing]');
  assert.equal(await page.locator('#board .row').count(), 6);
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
  const turns = await playToEnd({ game: 'wordle' }, 6);
  const message = await page.textContent('#message');
  if ((await boardState()) === 'won') assert.match(message, new RegExp(`Solved in ${turns} guess`));
  else assert.match(message, /secret was [a-z]{5}/);
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
  await playToEnd({ game: 'wordle' }, 6);

  // "Make a guess": entropy's opener typed into the row, played with Enter
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    !document.querySelector('#board .row.played'));
  assert.equal(await page.inputValue('#hint-strategy'), 'entropy');
  await page.click('#hint-btn');
  await page.waitForFunction(() => document.querySelectorAll('#board .row.current .tile.filled').length === 5);
  assert.equal(await page.$$eval('#board .row.current .tile', (ts) => ts.map((t) => t.textContent).join('')), 'soare');
  assert.match(await page.textContent('#message'), /entropy would play soare \(5\.89 bits\)/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board .row.played[data-guess=soare]');
  await page.selectOption('#hint-strategy', 'minimax');
  await page.click('#hint-btn');
  await page.waitForFunction(() => document.querySelectorAll('#board .row.current .tile.filled').length === 5);
  assert.match(await page.textContent('#message'), /minimax would play [a-z]{5} \(largest group \d+/);

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
  assert.deepEqual(rows, [['minimax', 'sim-done', '3.573'], ['entropy', 'sim-done', '3.464']]);
  assert.match(await page.textContent('#sim-progress output'), /4,630 of 4,630 games/);
  assert.match(await page.textContent('#sim-caption'), /Wordle, original lists · all 2,315 secrets · at most 6 guesses · seed 1/);
  await page.screenshot({ path: join(artefacts, 'dashboard-simulation.png'), fullPage: true });

  // a longer one fills in as it runs, and stops when cancelled: Mastermind of 9 colours and 5 pegs without
  // repeats (15,120 secrets), five strategies, about 9 s on two idle cores where the click comes within a
  // second of the start (the Bulls and Cows run of four strategies, under a second, ended before the click)
  await newGameOf('mastermind');
  await page.fill('#colors', '9');
  await page.fill('#pegs', '5');
  await page.check('#no-repeat');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
    /9 colours x 5 pegs, no repeats \(15120 codes\)/.test(document.querySelector('#facts').textContent));
  for (const s of ['parts', 'expected', 'entropy-knuth']) await page.check(`#strategies input[value="${s}"]`);
  await page.check('#sim input[name=games][value=all]');
  await page.click('#run-btn');
  await page.waitForFunction(() => document.querySelector('#sim').dataset.state === 'running' &&
    +document.querySelector('#sim').dataset.partials >= 2 && document.querySelector('#sim-summary tr.sim-running'));
  await page.click('#sim-cancel');
  await page.waitForFunction(() => document.querySelector('#sim').dataset.state !== 'running');
  assert.equal(await page.getAttribute('#sim', 'data-state'), 'canceled', await page.textContent('#sim-error'));
  assert.match(await page.textContent('#sim-error'), /Cancelled after [\d,]+ games/);
  assert.match(await page.textContent('#sim-summary'), /canceled: the games played so far are in the charts/);
  assert.match(await page.textContent('#sim-summary'), /not played/);
  await page.waitForSelector('#chart-score canvas');
  await page.screenshot({ path: join(artefacts, 'dashboard-simulation-cancelled.png'), fullPage: true });
  assert.ok(!(await page.isDisabled('#run-btn')));

  // Mastermind, with the on-screen colour keys first
  await newGameOf('mastermind');
  assert.equal(await page.locator('#keyboard .pegkey').count(), 6);
  for (const c of '1122') await page.click(`#keyboard .key[data-key="${c}"]`);
  await page.click('#keyboard .key[data-key=Enter]');
  await page.waitForSelector('#board .row.played .keypegs');
  await playToEnd({ game: 'mastermind', colors: '6', pegs: '4', no_repeat: '0' }, 10);
  await page.click('#details-btn');
  await page.waitForSelector('#details-body table.parts tr.actual');
  await page.screenshot({ path: join(artefacts, 'dashboard-mastermind.png'), fullPage: true });

  // Symble: symbols, whose meaning the end reveals
  await newGameOf('symble');
  await typeGuess('salet');
  assert.equal(await page.locator('#board .row.played .symbols .sym, #board .row.played .won-label').count() > 0, true);
  await playToEnd({ game: 'symble' }, 8);
  assert.equal(await page.locator('#message .more .sym').count(), 3);
  await page.screenshot({ path: join(artefacts, 'dashboard-symble.png'), fullPage: true });

  // a word list of the player's own, from a file: played and simulated; a file that is not a list, or too
  // large for the server, is refused in words and the game on screen stays
  await newGameOf('wordle');
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
  await page.setInputFiles('#upload-file', { name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.from('crane\n'.repeat(3000)) });
  await page.waitForFunction(() => /big\.txt has 18,000 bytes; the server takes lists of at most 8,192 bytes/.test(document.querySelector('#upload-status').textContent));
  assert.match(await page.textContent('#facts'), /10 answers/, 'the uploaded game stays on screen');
  await page.selectOption('#words', 'lists');

  // two choices in a row whose answers arrive in the wrong order: the board is the last choice's
  // (the first request is held until the second's answer has come, whatever the machine's load)
  await newGameOf('wordle');
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

  assert.deepEqual(problems, [], 'the page reported errors');
  assert.deepEqual(external, [], 'the page asked for something beyond the server');
  console.log(`web browser: passed; screenshots in ${artefacts}`);
}

inChromium(binary, artefacts, { viewport: { width: 1320, height: 1000 } }, main);
