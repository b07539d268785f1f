// access.mjs: the dashboard on a phone, with the keyboard alone and through axe-core, in Debian's
// Chromium driven by playwright-core:
// - at 1280 x 800, 390 x 844 and 320 x 640, in light and dark mode and with the high-contrast
//   palette: no horizontal scroll, and axe-core finds no violation (the page as it opens, and with a
//   played row, an assistant board and a simulation's results); at 390 x 844 the board and the
//   on-screen keyboard fit in the first screen, the keyboard in three rows;
// - a keyboard-only run: skip links, Space and Enter on buttons (Enter on a letter key types the
//   letter), a game played to the end with every feedback announced in words, then a simulation run;
// - an assistant session at phone size: the rows of a game played elsewhere (its feedback from the
//   API, as another site would give it) entered by typing, picking the best guess and tapping the
//   tiles, until one word is left and it is the secret; the board survives a reload of its address;
//   a Mastermind board counts the same codes as the API.
// Screenshots of each go to the artefact folder.
// usage: node tests/web/access.mjs path/to/codebreaker ARTEFACT_DIR
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });
const AXE = join(dirname(fileURLToPath(import.meta.url)), '../../node_modules/axe-core/axe.min.js');
// The word lists of the assistant session: the newest bundled lists, else the 2022 ones.
let LISTS = 'original';

let srv;
let context;
const problems = [];

async function openPage(viewport, colorScheme = 'light', path = '/') {
  const page = await context.newPage();
  page.on('console', (m) => { // refusals the page shows in words: a 422, a busy exact solver's 503
    if (m.type() === 'error' && !/status of 422/.test(m.text()) &&
      !(/status of 503/.test(m.text()) && /\/api\/(rank\/exact|review)\b/.test(m.location().url))) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(srv.url) && !u.startsWith('data:')) problems.push(`request beyond the server: ${u}`);
  });
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  await page.goto(`${srv.url}${path}`);
  await page.waitForSelector('#board[data-state=playing]');
  return page;
}

async function noHorizontalScroll(page, what) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${what}: the page is ${scroll} px wide in a ${client} px window`);
}

// axe-core's violations, one line each (the page's policy is bypassed to inject it).
async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const v = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  assert.deepEqual(v, [], `${what}: axe-core reports violations`);
}

const shot = (page, name, fullPage = false) => page.screenshot({ path: join(artefacts, name), fullPage });

async function api(path, params) {
  const r = await fetch(`${srv.url}${path}?${new URLSearchParams(params)}`);
  const data = await r.json();
  assert.ok(r.ok, `${path}: ${data.error}`);
  return data;
}

// The page at a size and a colour scheme: no sideways scroll, no axe violation.
async function layouts() {
  for (const [w, h] of [[1280, 800], [390, 844], [320, 640]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await openPage({ width: w, height: h }, scheme);
      const what = `${w}x${h} ${scheme}`;
      assert.equal(await page.getAttribute('html', 'data-theme'), scheme, what);
      await noHorizontalScroll(page, what);
      if (w === 390) {
        const kb = await page.evaluate(() => {
          const r = document.querySelector('#keyboard').getBoundingClientRect();
          const rows = [...document.querySelectorAll('#keyboard .krow')].map((k) => {
            const tops = new Set([...k.querySelectorAll('.key')].map((b) => Math.round(b.getBoundingClientRect().top)));
            return tops.size;
          });
          return { bottom: r.bottom, board: document.querySelector('#board').getBoundingClientRect().top, rows };
        });
        assert.ok(kb.bottom <= h, `${what}: the keyboard ends at ${kb.bottom} px, below the first screen`);
        assert.deepEqual(kb.rows, [1, 1, 1], `${what}: the keyboard is not three single rows`);
        await shot(page, `phone-${scheme}.png`);
      }
      if (w !== 320) await axe(page, what);
      if (w === 1280 && scheme === 'dark') await shot(page, 'desktop-dark.png');
      await page.close();
    }
  }
  // the high-contrast palette, chosen on the page, with a played row
  const page = await openPage({ width: 390, height: 844 }, 'light');
  await page.check('#contrast');
  assert.equal(await page.getAttribute('html', 'data-palette'), 'contrast');
  await page.keyboard.type('salet');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board .row.played');
  await axe(page, 'contrast palette with a played row');
  await shot(page, 'phone-contrast.png');
  await page.uncheck('#contrast'); // remembered by the browser: back to the usual palette
  await page.close();
}

// Tab until the focus is on selector; returns the presses it took.
async function tabTo(page, selector, max = 40) {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return i;
  }
  throw new Error(`${max} presses of Tab never reached ${selector}`);
}

async function keyboardOnly() {
  let page = await openPage({ width: 1280, height: 800 }, 'light');
  // the skip links come first
  assert.equal(await tabTo(page, '.skip a[href="#play"]', 1), 1);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'play');
  // the on-screen keyboard is one stop; arrows move along it; Enter and Space type the focused letter
  await tabTo(page, '#keyboard .key', 4);
  const first = await page.evaluate(() => document.activeElement.dataset.key);
  assert.equal(first, 'q');
  await page.keyboard.press('ArrowRight'); // w
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown'); // the row below, about the same column
  const second = await page.evaluate(() => document.activeElement.dataset.key);
  await page.keyboard.press(' ');
  const typed = await page.$$eval('#board .row.current .tile', (ts) => ts.map((t) => t.textContent).join(''));
  assert.equal(typed, `w${second}`, 'Enter and Space on letter keys type them');
  assert.equal(await page.locator('#board .row.played').count(), 0, 'Enter on a letter key submitted the row');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Backspace');
  // "Make a guess" with Space: the strategy's guess in the row, the focus on Enter, which plays it
  await tabTo(page, '#hint-btn', 45);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.activeElement && document.activeElement.dataset.key === 'Enter');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board .row.played');
  const said = await page.textContent('#message');
  // the guess of the hint's strategy (the library's default for the game) on today's lists
  const opener = await page.getAttribute('#board .row.played', 'data-guess');
  const [c0, c1] = opener;
  assert.match(said, new RegExp(`^${opener}: ${c0} (gray|yellow|green), [a-z ]+, ${c1} (gray|yellow|green), `), `the feedback in words: ${said}`);
  assert.match(said, /\d+ secrets? fits?\./);
  assert.match(await page.textContent('#board .row.played .sr-only'), new RegExp(`^Guess 1, ${opener}: ${c0} `));
  // play on with typed words (the first candidate each turn) to the end
  for (let t = 0; t < 6 && (await page.getAttribute('#board', 'data-state')) === 'playing'; t++) {
    const history = await page.$$eval('#board .row.played', (rows) => rows.map((r) => `${r.dataset.guess}=${r.dataset.feedback}`).join(','));
    const { candidates } = await api('/api/candidates', { game: 'wordle', lists: 'nyt2023', history, limit: 1 });
    const n = await page.locator('#board .row.played').count();
    await page.keyboard.type(candidates[0]);
    await page.keyboard.press('Enter');
    await page.waitForFunction((k) => document.querySelectorAll('#board .row.played').length > k, n);
  }
  assert.match(await page.textContent('#message'), /Solved in \d guess|secret was/);
  await shot(page, 'keyboard-game.png');
  await page.close();
  // a fresh visit: to the simulation by its skip link, then Tab to the Run button and press Space
  page = await openPage({ width: 1280, height: 800 }, 'light');
  await tabTo(page, '.skip a[href="#sim"]', 3);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'sim');
  const presses = await tabTo(page, '#run-btn', 30);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => ['done', 'failed', 'canceled', 'refused'].includes(document.querySelector('#sim').dataset.state));
  assert.equal(await page.getAttribute('#sim', 'data-state'), 'done', await page.textContent('#sim-error'));
  assert.match(await page.textContent('#sim-announce'), /Simulation done: Knuth worst case 3\.\d+ guesses on average; Neuwirth entropy 3\.\d+/);
  const heads = await page.$$eval('#sim-summary thead th', (ths) => ths.map((t) => t.textContent));
  assert.ok(heads.includes('lost') && heads.includes('time per game'), heads.join(','));
  await page.waitForSelector('#chart-time canvas');
  await axe(page, 'after a keyboard-only game and simulation');
  await shot(page, 'keyboard-simulation.png', true);
  await page.close();
  return presses;
}

// A word game played elsewhere: the secret's feedback from the API, entered in the assistant.
async function assistantSession() {
  const secret = 'pinky';
  const page = await openPage({ width: 390, height: 844 }, 'light', `/?game=wordle&lists=${LISTS}`);
  await page.click('.skip a[href="#assist"]', { force: true }).catch(() => page.evaluate(() => document.querySelector('#assist').scrollIntoView()));
  await page.waitForSelector('#assist[data-state=ready] #assist-rank tbody tr');
  // before any row, the answers most likely first (the server sorts them by the bundled frequencies)
  assert.match(await page.textContent('#assist-words-note'), /^the first 100 of [\d,]+; most likely first, by how common the word is in English/);
  assert.equal(await page.textContent('#assist-words li:first-child'), 'which');
  let rows = 0;
  let exactChecked = false;
  for (; rows < 8; rows++) {
    // the ranking by proved expected guesses, once, through axe-core (its ✓ and ≥ marks have titles)
    if (!exactChecked && (await page.getAttribute('#assist-rank', 'data-kind')) === 'exact') {
      await axe(page, 'assistant ranked by the exact solver');
      exactChecked = true;
    }
    const status = await page.textContent('#assist-status');
    const m = /The answer is ([a-z]+)\./.exec(status);
    if (m) { assert.equal(m[1], secret); break; }
    // pick the best next guess (the first ranked), add the row, tap its tiles to the feedback seen
    await page.click('#assist-rank tbody tr:first-child button');
    const guess = await page.inputValue('#assist-guess');
    await page.click('#assist-add');
    const { marks } = await api('/api/feedback', { game: 'wordle', lists: LISTS, guess, secret });
    const row = page.locator('#assist-rows .assist-row').last();
    for (let i = 0; i < marks.length; i++) for (let k = 0; k < marks[i]; k++) await row.locator(`button.tile[data-i="${i}"]`).click();
    const history = await page.$$eval('#assist-rows .assist-row', (rs) => rs.map((r) => `${r.dataset.guess}=${r.dataset.feedback}`).join(','));
    assert.match(history, new RegExp(`${guess}=[.YG]{5}$`));
    await page.waitForFunction((h) => document.querySelector('#assist').dataset.state === 'ready' &&
      document.querySelector('#assist').dataset.history === h, history);
    assert.ok(decodeURIComponent(page.url().replace(/\+/g, ' ')).includes(`history=${history}`), page.url());
    if (marks.every((x) => x === 2)) { rows++; break; }
  }
  assert.ok(rows <= 6, `the assistant took ${rows} rows`);
  const url = page.url();
  assert.match(url, /history=/);
  // the review of the solved board (a busy exact solver is said in the panel, with Try again)
  await page.click('#assist-review-btn');
  for (;;) {
    await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#assist-review-body').dataset.state));
    if ((await page.getAttribute('#assist-review-body', 'data-state')) === 'ready' || !(await page.isVisible('#assist-review-body button.retry'))) break;
    await page.click('#assist-review-body button.retry');
  }
  assert.equal(await page.getAttribute('#assist-review-body', 'data-state'), 'ready', await page.textContent('#assist-review-body'));
  assert.equal(await page.locator('#assist-review-body li.review-turn').count(), rows);
  await noHorizontalScroll(page, 'assistant at 390 px');
  await axe(page, 'assistant with rows');
  await page.locator('#assist').screenshot({ path: join(artefacts, 'assistant-phone.png') });
  // the address brings the board back
  const words = await page.textContent('#assist-words-title');
  const board = await page.getAttribute('#assist', 'data-history');
  await page.reload();
  await page.waitForFunction((h) => document.querySelector('#assist').dataset.state === 'ready' &&
    document.querySelector('#assist').dataset.history === h, board);
  assert.equal(await page.textContent('#assist-words-title'), words);
  // undo a row
  await page.click('#assist-undo');
  await page.waitForFunction((h) => document.querySelector('#assist').dataset.state === 'ready' &&
    document.querySelector('#assist').dataset.history === h, board.split(',').slice(0, -1).join(','));
  await page.close();
  return rows;
}

// Mastermind: one row of counted pegs, the same count as the API's.
async function assistantMastermind() {
  const page = await openPage({ width: 1280, height: 800 }, 'dark', '/?game=mastermind&history=1122=1B1W');
  await page.waitForSelector('#assist[data-state=ready][data-history="1122=1B1W"]');
  const { count } = await api('/api/candidates', { game: 'mastermind', history: '1122=1B1W,3456=0B2W' });
  await page.fill('#assist-guess', '3456');
  await page.keyboard.press('Enter');
  await page.locator('#assist-rows .assist-row').last().locator('input.pegcount').nth(1).fill('2');
  await page.keyboard.press('Tab');
  await page.waitForSelector('#assist[data-state=ready][data-history="1122=1B1W,3456=0B2W"]');
  assert.equal(await page.textContent('#assist-words-title'), `${count.toLocaleString('en')} codes left`);
  await axe(page, 'Mastermind assistant, dark');
  await page.locator('#assist').screenshot({ path: join(artefacts, 'assistant-mastermind-dark.png') });
  await page.close();
}

// The command line's other games in the set-up: Symble on a complete dictionary, simulated; then the
// English dictionary's six-letter words, which clears the results of the other game.
async function otherGames() {
  const page = await openPage({ width: 1280, height: 800 }, 'light');
  const fresh = async (rule, n) => page.waitForFunction(([r, k]) => {
    const b = document.querySelector('#board');
    return b.classList.contains(r) && b.dataset.state === 'playing' && b.querySelectorAll('.row.current .tile').length === k &&
      !b.querySelector('.row[data-old]');
  }, [rule, n]);
  const mark = () => page.$$eval('#board .row', (rows) => rows.forEach((r) => { r.dataset.old = '1'; }));
  await mark();
  await page.click('#game-picker [data-game=symble]');
  await fresh('symble', 5);
  await mark();
  await page.click('#settings summary'); // the set-up's settings, closed on load
  await page.selectOption('#words', 'complete');
  await page.fill('#colors', '3');
  await page.fill('#pegs', '4');
  await page.press('#pegs', 'Tab');
  await fresh('symble', 4);
  assert.match(await page.textContent('#facts'), /81 codes/);
  await page.click('#run-btn');
  await page.waitForFunction(() => ['done', 'failed', 'canceled', 'refused'].includes(document.querySelector('#sim').dataset.state));
  assert.equal(await page.getAttribute('#sim', 'data-state'), 'done', await page.textContent('#sim-error'));
  assert.match(await page.textContent('#sim-caption'), /Symble, every code of 4 over 3 symbols · all 81 secrets · at most 8 guesses/);
  await page.screenshot({ path: join(artefacts, 'symble-complete-simulation.png'), fullPage: true });
  await mark();
  await page.click('#game-picker [data-game=wordle]');
  await page.selectOption('#words', 'english');
  await page.fill('#length', '6');
  await page.press('#length', 'Tab');
  await fresh('wordle', 6);
  assert.match(await page.textContent('#facts'), /29,?874 answers|29874/);
  assert.ok(await page.isHidden('#sim-summary'), 'the results of another game stayed on screen');
  assert.match(await page.textContent('#chart-score'), /No simulation of this game yet/);
  await page.close();
}

async function main({ srv: server, context: ctx }) {
  const t0 = Date.now();
  srv = server;
  context = ctx;
  const games = await api('/api/games', {});
  if (games.lists.some((l) => l.name === 'nyt2023')) LISTS = 'nyt2023';
  await layouts();
  const presses = await keyboardOnly();
  const rows = await assistantSession();
  await assistantMastermind();
  await otherGames();
  assert.deepEqual(problems, [], 'the page reported errors');
  console.log(`web access: passed in ${((Date.now() - t0) / 1000).toFixed(1)} s (Run simulations ${presses} Tabs after its skip link; ` +
    `the assistant solved a ${LISTS} game in ${rows} rows); screenshots in ${artefacts}`);
}

// the page's policy is bypassed so that axe-core can be injected
inChromium(binary, artefacts, { bypassCSP: true }, main);
