// player.mjs: what a player sees of the page, in Debian's Chromium driven by playwright-core:
// - at 1280x800 and 390x844, today's daily game won (salet boric campy match, the secret `codebreaker
//   play --daily` keeps): the review's overall skill lies within the window without the test scrolling,
//   and equals `codebreaker review --json`'s; its "your guess" badges are one line box each; nothing is
//   wider than the window; the statistics' average skill is that skill; axe-core finds no violation;
// - Jotto (count feedback, drawn from the traits of /api/games) played to a win on a list of the
//   player's own: each row shows the letters in common the API gives for its guess and the secret, no
//   Wordle colours, the keyboard greys the letters of a guess with none in common, Details names the
//   groups by their counts, several boards decline the rule; then the
//   Assistant on the same list: a count typed per row, the words left those of the API;
// - the Assistant's Undo takes back a mis-tapped tile, the tile before it, Clear, then the row (the
//   button and Ctrl+Z);
// - the colour-blind palette: the marks carry a shape (a dot, a bar), not only a colour;
// - a hard-mode game played with "Make a guess" and the side panel's advice, every guess legal;
// - when none of the side panel's five best guesses may be the answer, the best that may is named and
//   fits every row.
// Screenshots go to the artefact folder.
// usage: node tests/web/player.mjs path/to/codebreaker ARTEFACT_DIR
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inChromium } from './chromium.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const AXE = join(HERE, '../../node_modules/axe-core/axe.min.js');
// Jotto on a list of the player's own: every 50th answer of the original lists (47 words), so that the
// exact review of the game is quick; its secret is drawn with a fixed seed.
const JOTTO_WORDS = readFileSync(join(HERE, '../../data/wordle/answers.txt'), 'utf8').split('\n').filter((w, i) => w && i % 50 === 0);
const JOTTO_SEED = '11';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

const TODAY = '2026-11-27'; // daily #331 of nyt2023: match (`codebreaker play --daily 2026-11-27`)
const DAILY_GUESSES = ['salet', 'boric', 'campy', 'match']; // campy leaves match alone: a "your guess" turn
const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];

function cli(args, input = '') {
  const r = spawnSync(binary, args, { input, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

let srv;
let context;
const problems = [];

async function openPage(size, path = '/') {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 422/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.setViewportSize(size);
  await page.goto(`${srv.url}${path}`);
  // each page starts from an empty store: the page keeps the game, hard mode and the daily played
  // (one attempt a day, docs/web.md), which would carry one step's choices into the next
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('#board[data-state=playing]');
  return page;
}

// Type a guess with the keyboard and wait for its row.
async function typeGuess(page, word) {
  const before = await page.locator('#board .row.played').count();
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#board .row.played').length > n, before);
}

async function noHorizontalScroll(page, what) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${what}: the page is ${scroll} px wide in a ${client} px window`);
}

// The side panel's advice after the board's rows: when none of the five best may be the answer, the
// best that may is named beside them, and it fits every row (/api/feedback with it as the secret).
// Returns whether that line shows.
async function bestCandidate(page, game) {
  await page.waitForFunction(() => document.querySelector('#side').dataset.state === 'ready' && document.querySelector('#best-list li'));
  const rows = await page.$$eval('#board .row.played', (rs) => rs.map((r) => [r.dataset.guess, r.dataset.feedback]));
  const shown = await page.evaluate(() => ({
    marked: [...document.querySelectorAll('#best-list li')].filter((li) => /may be the answer/.test(li.textContent)).length,
    cand: document.querySelector('#best-cand').hidden ? null : document.querySelector('#best-cand button').textContent,
  }));
  if (shown.marked) assert.equal(shown.cand, null, 'a candidate line beside a list that has one');
  else {
    assert.ok(shown.cand, `none of the best may be the answer, and no line names one: ${JSON.stringify(rows)}`);
    for (const [guess, feedback] of rows) assert.equal((await api(page, '/api/feedback', { ...game, guess, secret: shown.cand })).feedback, feedback, `${shown.cand} fits ${guess}`);
  }
  return !!shown.cand;
}

// 1. The review in the first screen after a game, its badges on one line, nothing too wide.
async function reviewInView(size, skill) {
  const page = await openPage(size);
  await page.click('#daily-game');
  await page.waitForFunction((w) => document.querySelector('#board').dataset.state === 'playing' &&
    document.querySelector('#turn-info').textContent.includes(`of ${w}`) && !document.querySelector('#board .row.played'), TODAY);
  await page.evaluate(() => document.activeElement.blur());
  for (const [i, w] of DAILY_GUESSES.entries()) {
    await typeGuess(page, w);
    // after salet the five best split the 35 words left but none is one of them: the best that is, beside
    if (i === 0) assert.ok(await bestCandidate(page, { game: 'wordle', lists: 'nyt2023' }), 'the best candidate after salet');
  }
  await page.waitForSelector('#board[data-state=won]');
  await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#review-body').dataset.state));
  assert.equal(await page.getAttribute('#review-body', 'data-state'), 'ready', await page.textContent('#review-body'));
  const tag = `${size.width}x${size.height}`;
  await page.screenshot({ path: join(artefacts, `player-review-${tag}.png`) });
  // what the window shows, as the page left it (the test never scrolls)
  const box = await page.locator('#review-body .rv-overall').boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width,
    `${tag}: the overall skill is at ${JSON.stringify(box)}, outside the window`);
  assert.equal(Number(await page.getAttribute('#review-body .rv-overall', 'data-skill')), skill);
  assert.match(await page.textContent('#review-body .rv-overall'), new RegExp(`^Skill ${skill} · Luck`));
  const badges = await page.$$eval('#review-body .badge', (bs) => bs.map((b) => ({
    text: b.textContent, lines: b.getClientRects().length, height: b.getBoundingClientRect().height,
    font: parseFloat(getComputedStyle(b).fontSize),
  })));
  assert.ok(badges.some((b) => b.text === 'your guess'), JSON.stringify(badges));
  for (const b of badges) assert.ok(b.lines === 1 && b.height < 2 * b.font, `${tag}: the badge "${b.text}" wraps: ${JSON.stringify(b)}`);
  await noHorizontalScroll(page, `${tag} after the game`);
  // the statistics under it: the average of the skills reviewed (this game's, at both sizes)
  await page.waitForFunction((x) => document.querySelector('#stats-skill').textContent === x, String(skill));
  assert.match(await page.getAttribute('#stats-skill', 'title'), /on average over \d+ games?/);
  await axe(page, `${tag}: the review and the statistics`);
  await page.close();
}

// axe-core's violations, one line each (the page's policy is bypassed to inject it).
async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const v = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
  assert.deepEqual(v, [], `${what}: axe-core reports violations`);
}

// Jotto's rule written again (cb_feedback_jotto): the letters in common, each copy matched once.
function common(guess, secret) {
  const left = [...secret];
  let n = 0;
  for (const c of guess) {
    const i = left.indexOf(c);
    if (i >= 0) { left.splice(i, 1); n++; }
  }
  return n;
}

// An API answer, asked from the page itself.
const api = (page, path, params, method = 'GET') => page.evaluate(async ([pa, pr, m]) => {
  const q = new URLSearchParams(pr);
  const r = await fetch(m === 'GET' ? `${pa}?${q}` : pa, m === 'GET' ? {} : { method: m, body: q });
  return r.json();
}, [path, params, method]);

// 2. Jotto played to a win on a list of one's own, then the same list in the Assistant.
async function jotto() {
  const size = { width: 390, height: 844 };
  const page = await openPage(size);
  await page.click('#game-picker [data-game=jotto]');
  await page.waitForSelector('#board.jotto[data-state=playing]');
  // its own lists come with it (GET /api/games: own_lists), and the lists set before come back after it
  assert.equal(await page.inputValue('#lists'), 'jotto', 'Jotto takes its own lists');
  await page.click('#game-picker [data-game=wordle]');
  await page.waitForSelector('#board.wordle[data-state=playing]');
  assert.equal(await page.inputValue('#lists'), 'nyt2023', 'Wordle gets the lists before back');
  await page.click('#game-picker [data-game=jotto]');
  await page.waitForSelector('#board.jotto[data-state=playing]');
  assert.equal(await page.inputValue('#lists'), 'jotto');
  // several boards draw Wordle's colours, not counts: the section says so rather than draw wrong ones
  await page.waitForFunction(() => /Wordle or Mastermind rules/.test(document.querySelector('#v-error').textContent));
  await page.evaluate(() => { document.querySelector('#settings').open = true; });
  await page.fill('#seed', JOTTO_SEED);
  await page.selectOption('#words', 'upload');
  await page.setInputFiles('#upload-file', { name: 'jotto.txt', mimeType: 'text/plain', buffer: Buffer.from(`${JOTTO_WORDS.join('\n')}\n`) });
  await page.waitForFunction((n) => document.querySelector('#upload-status').textContent.includes(`${n} words of 5 letters`), JOTTO_WORDS.length);
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' && /upload=/.test(document.querySelector('#assist-link').href));
  const upload = new URL(await page.getAttribute('#assist-link', 'href'), srv.url).searchParams.get('upload');
  const game = { game: 'jotto', upload };
  // the secret of this seed, from a game of the API's own, given up
  const s = await api(page, '/api/play/new', { ...game, seed: JOTTO_SEED }, 'POST');
  const secret = (await api(page, '/api/play/giveup', { id: s.id }, 'POST')).secret;
  const zero = JOTTO_WORDS.find((w) => common(w, secret) === 0);
  assert.ok(zero, `a word of the list with no letter of ${secret}`);
  await page.evaluate(() => { document.querySelector('#settings').open = false; document.activeElement.blur(); });
  // a guess with none in common, then the first candidate left until the secret
  await typeGuess(page, zero);
  for (let t = 0; t < 14 && (await page.getAttribute('#board', 'data-state')) === 'playing'; t++) {
    const history = await page.$$eval('#board .row.played', (rows) => rows.map((r) => `${r.dataset.guess}=${r.dataset.feedback}`).join(','));
    const c = await api(page, '/api/candidates', { ...game, history, limit: 1 });
    await typeGuess(page, c.candidates[0]);
  }
  assert.equal(await page.getAttribute('#board', 'data-state'), 'won');
  // each row: the count the API gives for its guess and the secret, beside letters without Wordle colours
  const rows = await page.$$eval('#board .row.played', (rs) => rs.map((r) => ({
    guess: r.dataset.guess, count: r.querySelector('.count').textContent, said: r.querySelector('.sr-only').textContent,
    coloured: r.querySelectorAll('.tile.gray, .tile.yellow').length, green: r.querySelectorAll('.tile.green').length,
  })));
  assert.ok(rows.length >= 2);
  for (const [i, r] of rows.entries()) {
    const f = (await api(page, '/api/feedback', { ...game, guess: r.guess, secret })).feedback;
    const last = i === rows.length - 1;
    assert.equal(f, last ? 'won' : String(common(r.guess, secret)), `the API's count for ${r.guess}`);
    assert.equal(r.count, last ? '✓' : f, `the count shown beside ${r.guess}`);
    assert.equal(r.coloured, 0, `${r.guess}: no Wordle colours in Jotto`);
    assert.equal(r.green, last ? 5 : 0);
    assert.match(r.said, last ? /the secret/ : new RegExp(`${f} letters? in common`));
  }
  // the keyboard: the letters of the guess with none in common are out, those of the secret in
  for (const c of zero) assert.match(await page.getAttribute(`#keyboard .key[data-key="${c}"]`, 'class'), /\bgray\b/, `key ${c}`);
  for (const c of secret) assert.match(await page.getAttribute(`#keyboard .key[data-key="${c}"]`, 'class'), /\bgreen\b/, `key ${c}`);
  // Details: the groups of the last guess by their counts, in words, without Wordle's small tiles
  await page.click('#details-btn');
  await page.waitForSelector('#details-body table.parts');
  const groups = await page.$$eval('#details-body table.parts tbody tr:not(.gap) td:first-child .mini', (ms) => ms.map((m) => m.textContent));
  assert.ok(groups.length >= 1 && groups.every((g) => /^(\d letters? in common|the secret)$/.test(g)), JSON.stringify(groups));
  assert.equal(await page.locator('#details-body .minitile').count(), 0);
  await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#review-body').dataset.state));
  assert.equal(await page.getAttribute('#review-body', 'data-state'), 'ready', await page.textContent('#review-body'));
  assert.equal(await page.locator('#review-body li.review-turn').count(), rows.length);
  await page.click('#share-btn');
  await page.waitForFunction(() => document.querySelector('#share-text').textContent !== '');
  assert.match(await page.textContent('#share-text'), new RegExp(`^Jotto ${rows.length}/15\\n`));
  await noHorizontalScroll(page, 'Jotto at 390 px');
  await axe(page, 'Jotto won');
  await page.locator('#play').screenshot({ path: join(artefacts, 'player-jotto-board.png') });

  // the Assistant on the same list: a count per row, the words left those of the API
  const assistRow = async (guess, count) => {
    await page.fill('#assist-guess', guess);
    await page.press('#assist-guess', 'Enter');
    const row = page.locator('#assist-rows .assist-row').last();
    if (count === 'won') await row.locator('input[type=checkbox]').check();
    else {
      await row.locator('input.pegcount').fill(String(count));
      await row.locator('input.pegcount').press('Tab');
    }
  };
  const wait = (h) => page.waitForFunction((x) => document.querySelector('#assist').dataset.state === 'ready' &&
    document.querySelector('#assist').dataset.history === x, h);
  const other = JOTTO_WORDS.find((w) => w !== zero && w !== secret && common(w, secret) > 0);
  await assistRow(zero, 0);
  await assistRow(other, common(other, secret));
  const history = `${zero}=0,${other}=${common(other, secret)}`;
  await wait(history);
  const c = await api(page, '/api/candidates', { ...game, history, limit: 0 });
  assert.ok(c.count > 1 && c.count < JOTTO_WORDS.length, JSON.stringify(c));
  assert.equal(await page.textContent('#assist-words-title'), `${c.count} words left`);
  assert.equal(await page.locator('#assist-words li').count(), c.count);
  await axe(page, 'Jotto assistant');
  await assistRow(secret, 'won');
  await wait(`${history},${secret}=won`);
  assert.equal(await page.textContent('#assist-status'), `The answer is ${secret}.`);
  assert.equal(await page.isDisabled('#assist-review-btn'), false);
  await page.locator('#assist').screenshot({ path: join(artefacts, 'player-jotto-assistant.png') });
  await page.close();
}

// 3. The Assistant's Undo: a mis-tapped colour taken back, then the colour before it, then the row;
// Ctrl+Z on a tile does the same; Clear is undone too. Wordle's rule on every code of 4 over 6 symbols,
// whose boards the exact ranking answers at once (the five-letter lists' take minutes on this server).
async function assistantUndo() {
  const page = await openPage({ width: 1280, height: 800 }, '/?game=wordle&colors=6&pegs=4');
  const board = (h) => page.waitForFunction((x) => document.querySelector('#assist').dataset.state === 'ready' &&
    document.querySelector('#assist').dataset.history === x, h);
  const tile = (i) => page.locator('#assist-rows .assist-row').last().locator(`button.tile[data-i="${i}"]`);
  await page.fill('#assist-guess', '1234');
  await page.press('#assist-guess', 'Enter');
  await board('1234=....');
  await tile(0).click();
  await board('1234=Y...');
  await tile(0).click(); // one tap too many: green, not the yellow seen
  await board('1234=G...');
  await page.click('#assist-undo');
  await board('1234=Y...');
  assert.match(await tile(0).getAttribute('class'), /\byellow\b/);
  assert.match(await tile(0).getAttribute('aria-label'), /yellow/);
  await tile(2).click();
  await tile(2).click();
  await board('1234=Y.G.');
  await tile(2).focus();
  await page.keyboard.press('Control+z');
  await board('1234=Y.Y.');
  await page.click('#assist-clear');
  await board('');
  await page.click('#assist-undo'); // Clear taken back
  await board('1234=Y.Y.');
  for (const h of ['1234=Y...', '1234=....', '']) {
    await page.click('#assist-undo');
    await board(h);
  }
  assert.equal(await page.locator('#assist-rows .assist-row').count(), 0);
  assert.ok(await page.isDisabled('#assist-undo'), 'nothing left to undo');
  await page.close();
}

// 4. The colour-blind palette: besides orange and blue, a shape on each mark (a dot: elsewhere; a bar:
// in place; gray none), on the board and the keys; none in the usual palette.
async function colourBlind() {
  const page = await openPage({ width: 390, height: 844 });
  await page.click('#daily-game');
  await page.waitForFunction((w) => document.querySelector('#board').dataset.state === 'playing' &&
    document.querySelector('#turn-info').textContent.includes(`of ${w}`) && !document.querySelector('#board .row.played'), TODAY);
  await page.evaluate(() => document.activeElement.blur());
  await typeGuess(page, DAILY_GUESSES[0]);
  const shapes = () => page.evaluate(() => {
    const shape = (e) => {
      const a = getComputedStyle(e, '::after');
      return a.content === 'none' ? 'none' : a.borderRadius === '50%' ? 'dot' : 'bar';
    };
    const row = document.querySelector('#board .row.played');
    return {
      tiles: [...row.querySelectorAll('.tile')].map((t) => `${t.dataset.mark}:${shape(t)}`),
      keys: [...row.dataset.guess].map((c) => {
        const k = document.querySelector(`#keyboard .key[data-key="${c}"]`);
        return `${['gray', 'yellow', 'green'].findIndex((m) => k.classList.contains(m))}:${shape(k)}`;
      }),
      label: document.querySelector('#keyboard .key.green').getAttribute('aria-label'),
    };
  });
  const want = (marks, on) => [...marks].map((m) => `${m}:${on ? ['none', 'dot', 'bar'][m] : 'none'}`);
  const usual = await shapes();
  const marks = usual.tiles.map((t) => t[0]).join('');
  assert.equal(marks, '02001', 'salet against match: a green and a yellow'); // .G..Y
  assert.deepEqual(usual.tiles, want(marks, false));
  await page.check('#contrast');
  const blind = await shapes();
  assert.deepEqual(blind.tiles, want(marks, true));
  assert.deepEqual(blind.keys, want(marks, true));
  assert.match(blind.label, /orange/);
  await axe(page, 'colour-blind palette with a played row');
  await page.locator('#play').screenshot({ path: join(artefacts, 'player-colour-blind.png') });
  await page.uncheck('#contrast');
  assert.deepEqual((await shapes()).tiles, want(marks, false));
  await page.close();
}

// Wordle's hard mode written again: every green in place, every revealed letter used as often.
function legalHard(guess, rows) {
  for (const [g, f] of rows) {
    const need = {};
    for (let i = 0; i < g.length; i++) {
      if (f[i] === 'G' && guess[i] !== g[i]) return false;
      if (f[i] !== '.') need[g[i]] = (need[g[i]] || 0) + 1;
    }
    for (const [c, n] of Object.entries(need)) if ([...guess].filter((x) => x === c).length < n) return false;
  }
  return true;
}

// 5. A hard-mode game played with the page's advice: "Make a guess" every turn and the side panel's
// best next guesses, each a legal hard-mode guess, to a win.
async function hardGame() {
  const page = await openPage({ width: 1280, height: 800 });
  await page.evaluate(() => { document.querySelector('#settings').open = true; });
  await page.check('#hard');
  await page.click('#daily-game');
  await page.waitForFunction((w) => document.querySelector('#board').dataset.state === 'playing' &&
    /hard mode/.test(document.querySelector('#turn-info').textContent) &&
    document.querySelector('#turn-info').textContent.includes(`of ${w}`) && !document.querySelector('#board .row.played'), TODAY);
  const rows = () => page.$$eval('#board .row.played', (rs) => rs.map((r) => [r.dataset.guess, r.dataset.feedback]));
  for (let t = 0; t < 6 && (await page.getAttribute('#board', 'data-state')) === 'playing'; t++) {
    const before = await rows();
    if (before.length) { // the side panel's advice for this turn
      await page.waitForFunction(() => document.querySelector('#side').dataset.state === 'ready' && document.querySelector('#best-list li'));
      await bestCandidate(page, { game: 'wordle', lists: 'nyt2023' });
      const best = await page.$$eval('#best-list li button, #best-cand:not([hidden]) button', (bs) => bs.map((b) => b.textContent));
      for (const w of best) assert.ok(legalHard(w, before), `the side panel advises ${w} after ${JSON.stringify(before)}`);
    }
    await page.click('#hint-btn');
    await page.waitForFunction(() => /Press Enter to play it/.test(document.querySelector('#message').textContent));
    const guess = await page.$$eval('#board .row.current .tile', (ts) => ts.map((x) => x.textContent).join(''));
    assert.ok(legalHard(guess, before), `"Make a guess" advises ${guess} after ${JSON.stringify(before)}`);
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#board .row.played').length > n, before.length);
  }
  assert.equal(await page.getAttribute('#board', 'data-state'), 'won', JSON.stringify(await rows()));
  // its review has the server's one exact search: waited for, so that the next part's is not refused
  await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#review-body').dataset.state));
  await page.evaluate(() => { document.querySelector('#settings').open = true; });
  await page.uncheck('#hard');
  await page.close();
}

// 6. A review with a turn that can lose (hokey among _okey words at turn 5 of 6: its expected value is
// null in `codebreaker review --json`): the panel shows it, "can lose" and "–", rather than hang on
// "Reviewing…".
async function reviewCanLose() {
  const history = 'salet=...G.,bicep=...G.,defer=...G.,gooey=.G.GG,hokey=.GGGG,jokey=GGGGG';
  const page = await openPage({ width: 1280, height: 800 }, `/?game=wordle&lists=nyt2023&history=${history}`);
  await page.waitForFunction((h) => document.querySelector('#assist').dataset.state === 'ready' &&
    document.querySelector('#assist').dataset.history === h, history);
  await page.click('#assist-review-btn');
  await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('#assist-review-body').dataset.state));
  assert.equal(await page.getAttribute('#assist-review-body', 'data-state'), 'ready', await page.textContent('#assist-review-body'));
  const turn = page.locator('#assist-review-body li.review-turn[data-guess=hokey]');
  assert.match(await turn.textContent(), /expected –.*can lose/);
  assert.match(await page.textContent('#assist-review-body .rv-overall'), /^Skill 81\.3 · Luck 34\.5/); // review --json (skill 81: hokey can lose, charged its chance of losing)
  await page.close();
}

inChromium(binary, artefacts, { bypassCSP: true, permissions: ['clipboard-read', 'clipboard-write'] }, async (env) => {
  ({ srv, context } = env);
  await context.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
  const secret = /secret: ([a-z]+)/.exec(cli(['play', '--daily', TODAY, '--lists', 'nyt2023', '--plain'], 'giveup\n'))[1];
  assert.equal(secret, DAILY_GUESSES.at(-1));
  const { skill } = JSON.parse(cli(['review', '--json', '--lists', 'nyt2023', '--answer', secret, ...DAILY_GUESSES]));
  const step = async (name, f) => { // each part's wall time, for a slow run's log
    const t0 = Date.now();
    await f();
    console.log(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  for (const size of SIZES) await step(`review at ${size.width}x${size.height}`, () => reviewInView(size, skill));
  await step('jotto', jotto);
  await step('assistant undo', assistantUndo);
  await step('colour-blind', colourBlind);
  await step('hard mode', hardGame);
  await step('review that can lose', reviewCanLose);
  assert.deepEqual(problems, []);
});
