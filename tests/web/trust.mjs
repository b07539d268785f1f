// trust.mjs: a daily game a player can trust (issue 56), in Debian's Chromium at 390x844 with the
// browser's clock fixed on TODAY. Each step starts from an empty localStorage and replays one defect:
// a replay after a win or a give-up counts again; an archive date builds the streak; tomorrow's game
// is played; switching to Wordle 6 or Jotto and back changes Wordle's lists (the page's Daily must give
// `play --daily`'s word with the program's default options); a damaged statistics record wipes the
// others; an unfinished daily is lost on reload, and hard mode and the game are forgotten; "Make a
// guess" on the first turn and the share line of every game (naming the game, its lists, the number);
// the header at 320 to 430 px; and no message of the page repeats its prefix ("hard mode: hard mode:").
// Every step runs, and the failures are listed together at the end.
// usage: node tests/web/trust.mjs path/to/codebreaker ARTEFACT_DIR
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

const TODAY = '2026-11-27'; // daily #331 (our numbers: #1 on 2026-01-01)
const YESTERDAY = '2026-11-26'; // #330: an archive game once today is here
const TOMORROW = '2026-11-28';
const SHARED = '2026-11-20'; // #324: every game's daily of that date, given up and shared
const STATS = 'codebreaker.stats.v1';
const WATCHED = ['message', 'setup-error', 'turn-info', 'stats-damage', 'stats-io-status', 'best-note', 'left-noun', 'upload-status'];

// The secret `play --daily DATE` keeps with the program's default options (no --lists).
function cliSecret(date, game = 'wordle') {
  const r = spawnSync(binary, ['play', '--game', game, '--daily', date, '--plain'], { input: 'giveup\n', encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return /secret: ([a-z0-9]+)/.exec(r.stdout)[1];
}

inChromium(binary, artefacts, {}, async ({ srv, context }) => {
  await context.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
  // every text the page shows in the watched places, for the doubled-prefix check at the end
  await context.addInitScript((ids) => {
    window.__said = [];
    const note = () => { for (const id of ids) { const n = document.getElementById(id); if (n && n.textContent.trim()) window.__said.push(n.textContent.trim()); } };
    document.addEventListener('DOMContentLoaded', () => new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true }));
  }, WATCHED);
  const page = context.pages()[0] || (await context.newPage());
  await page.setViewportSize({ width: 390, height: 844 });
  const said = [];
  const failures = [];
  const secrets = { [TODAY]: cliSecret(TODAY), [YESTERDAY]: cliSecret(YESTERDAY) };
  const labels = {};

  const keep = async () => { said.push(...(await page.evaluate(() => window.__said || []).catch(() => []))); };
  const sid = () => page.evaluate(() => (state.session ? state.session.id : null));
  const settled = (old) => page.waitForFunction((o) => state.session && state.session.id !== o &&
    document.querySelector('#board').dataset.state !== 'loading', old);
  const ready = () => page.waitForFunction(() => state.session && ['playing', 'won', 'lost'].includes(document.querySelector('#board').dataset.state));
  async function fresh(items = {}) {
    await keep();
    await page.goto(`${srv.url}/favicon.svg`); // the origin's storage, with no page writing to it meanwhile
    await page.evaluate((it) => { localStorage.clear(); for (const [k, v] of Object.entries(it)) localStorage.setItem(k, v); }, items);
    await page.goto(srv.url); // not a reload: the address names the game last played
    await ready();
  }
  async function reload() { await keep(); await page.reload(); await ready(); }
  async function openSettings() { if (!(await page.locator('#settings').evaluate((d) => d.open))) await page.click('#settings > summary'); }
  async function act(fn) { const old = await sid(); await fn(); await settled(old); }
  const daily = () => act(() => page.click('#daily-game'));
  const pick = (game) => act(() => page.click(`#game-picker [data-game=${game}]`));
  const dailyOf = async (date) => { await openSettings(); await act(() => page.fill('#daily-date', date)); };
  const board = () => page.evaluate(() => document.querySelector('#board').dataset.state);
  const turn = () => page.textContent('#turn-info');
  async function play(word) {
    const n = await page.evaluate(() => state.rows.length);
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.type(word);
    await page.keyboard.press('Enter');
    await page.waitForFunction((k) => state.rows.length > k || document.querySelector('#message').dataset.kind === 'warn', n);
  }
  async function giveUp() { await page.click('#giveup-btn'); await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'lost'); }
  async function figures() {
    if (await page.isHidden('#stats')) await page.click('#stats-btn');
    return page.evaluate(() => ['played', 'win', 'streak', 'best'].map((k) => document.querySelector(`#stats-${k}`).textContent).join(' '));
  }
  async function step(name, body) {
    const t0 = Date.now();
    try { await body(); console.log(`ok ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`); } catch (e) {
      failures.push(`${name}: ${e.message.split('\n')[0]}`);
      await page.screenshot({ path: join(artefacts, `trust-${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
    }
  }

  await fresh();
  for (const g of await page.evaluate(() => state.catalogue.games.map((x) => [x.name, x.label]))) labels[g[0]] = g[1];

  await step('replay after a win', async () => {
    await fresh();
    await daily();
    await play(secrets[TODAY]);
    assert.equal(await board(), 'won');
    assert.equal(await figures(), '1 100 1 1');
    await daily(); // Daily again: the game as it was won, not a second attempt
    assert.equal(await board(), 'won', 'Daily again after a win shows the game won');
    assert.match(await turn(), /already played/);
    await reload();
    await daily();
    assert.equal(await board(), 'won', 'after a reload too');
    assert.equal(await figures(), '1 100 1 1', 'one attempt a day');
  });

  await step('give up then replay', async () => {
    await fresh();
    await daily();
    await giveUp();
    await daily();
    assert.equal(await board(), 'lost', 'Daily again after giving up shows the game lost');
    await page.evaluate(() => localStorage.removeItem('codebreaker.daily.v1')); // the turns forgotten: a replay
    await daily();
    assert.equal(await board(), 'playing');
    assert.match(await turn(), /does not count/);
    await play(secrets[TODAY]);
    assert.equal(await board(), 'won');
    assert.equal(await figures(), '1 0 0 0', 'the give-up stands');
  });

  await step('a reload resumes the daily game and remembers the choice', async () => {
    await fresh();
    await pick('mastermind');
    await openSettings();
    await act(() => page.check('#hard'));
    await daily();
    await play('1122');
    await reload();
    assert.equal(await page.getAttribute('#game-picker [data-game=mastermind]', 'aria-pressed'), 'true', 'the game chosen');
    assert.equal(await page.isChecked('#hard'), true, 'hard mode');
    assert.match(await turn(), new RegExp(`Daily #331 of ${TODAY}`), 'the daily game resumed');
    assert.equal(await page.evaluate(() => state.rows.map((r) => r.guess).join()), '1122');
  });

  await step('archive games build no streak', async () => {
    await fresh();
    await dailyOf(YESTERDAY);
    assert.match(await turn(), /archive/, 'the archive game says so');
    await play(secrets[YESTERDAY]);
    await daily();
    await play(secrets[TODAY]);
    const f = await figures();
    assert.equal(f, '2 100 1 1', `yesterday played today is no streak: ${f}`);
  });

  await step('tomorrow refused', async () => {
    await fresh();
    const asked = [];
    const spy = (req) => { if (req.url().includes('/api/play/new') && (req.postData() || '').includes(TOMORROW)) asked.push(req.url()); };
    page.on('request', spy);
    await openSettings();
    await page.fill('#daily-date', TOMORROW);
    await page.waitForFunction((t) => document.querySelector('#setup-error').textContent !== '' ||
      document.querySelector('#turn-info').textContent.includes(t), TOMORROW);
    page.off('request', spy);
    assert.match(await page.textContent('#setup-error'), /not out yet/);
    assert.doesNotMatch(await turn(), new RegExp(TOMORROW));
    assert.deepEqual(asked, [], 'no request for tomorrow');
  });

  await step('lists never change behind the player', async () => {
    await fresh();
    const lists = () => page.inputValue('#lists');
    const before = await lists();
    for (const other of ['wordle6', 'jotto', 'mastermind', 'wordle6']) {
      await pick(other);
      await pick('wordle');
      assert.equal(await lists(), before, `after ${other} and back`);
    }
    await daily();
    await giveUp();
    assert.match(await page.textContent('#message .headline'), new RegExp(`secret was ${secrets[TODAY]}\\b`), 'the page and play --daily');
  });

  await step('damaged records', async () => {
    const rec = (id, won, daily) => ({ id, game: 'wordle', won, guesses: won ? 3 : 6, max: 6, hard: false, daily, date: `2026-11-${daily - 304}` }); // played on its day
    const store = { version: 1, games: [rec('a', true, 329), { ...rec('b', true, 330), won: 'yes' }, rec('c', true, 330), 'junk'] };
    await fresh({ [STATS]: JSON.stringify(store) });
    assert.equal(await figures(), '2 100 2 2');
    assert.match(await page.textContent('#stats-damage'), /2 damaged records skipped/);
    await daily();
    await play(secrets[TODAY]);
    const kept = await page.evaluate((k) => [JSON.parse(localStorage.getItem(k)).games.map((g) => g.id).length,
      Object.keys(localStorage).filter((x) => x.startsWith(`${k}.damaged`)).map((x) => JSON.parse(localStorage.getItem(x)).raw)], STATS);
    assert.equal(kept[0], 3, 'the good records and the new one');
    assert.deepEqual(kept[1], [JSON.stringify(store)], 'the damaged store kept aside as it was');
    assert.equal(await figures(), '3 100 3 3');
    // a truncated store: said, kept aside, and the next game does not overwrite it unseen
    const cut = JSON.stringify(store).slice(0, 40);
    await fresh({ [STATS]: cut });
    assert.equal(await figures(), '0 0 0 0');
    assert.match(await page.textContent('#stats-damage'), /could not be read/);
    const aside = await page.evaluate((k) => Object.keys(localStorage).filter((x) => x.startsWith(`${k}.damaged`)).map((x) => JSON.parse(localStorage.getItem(x)).raw), STATS);
    assert.deepEqual(aside, [cut]);
    // export, clear, import: the same figures
    await daily();
    await play(secrets[TODAY]);
    const won = await figures();
    await page.click('#stats .stats-io > summary');
    await page.click('#stats-export');
    const text = await page.inputValue('#stats-json');
    await page.evaluate((k) => localStorage.removeItem(k), STATS);
    await page.fill('#stats-json', text);
    await page.click('#stats-import');
    assert.equal(await figures(), won, 'export and import');
  });

  await step('every game: Make a guess on turn 1 and its share line', async () => {
    await fresh();
    await dailyOf(SHARED);
    for (const [game, label] of Object.entries(labels)) {
      if ((await page.evaluate(() => state.spec.game)) !== game) await pick(game);
      assert.match(await turn(), new RegExp(`Daily #324 of ${SHARED}`), game);
      await page.click('#hint-btn');
      await page.waitForFunction(() => !state.busy && !/^Asking/.test(document.querySelector('#message').textContent));
      assert.match(await page.textContent('#message'), /would play .* Press Enter to play it/, `${game}: Make a guess on turn 1`);
      await giveUp();
      await page.click('#share-btn');
      await page.waitForFunction(() => document.querySelector('#share-text').textContent !== '');
      const line = (await page.textContent('#share-text')).split('\n')[0];
      const lists = await page.evaluate(() => (isWordGame(state.spec.game) ? state.spec.lists : null));
      const want = `${label}${lists ? ` (${lists})` : ''} daily #324 X/`;
      assert.ok(line.startsWith(want), `${game}: share line "${line}", want "${want}..."`);
    }
  });

  await step('hard mode says hard mode once', async () => {
    await fresh();
    await openSettings();
    await act(() => page.check('#hard'));
    await daily();
    const s = secrets[TODAY];
    const words = ['crane', 'moist', 'plumb', 'dowdy', 'fizzy', 'jumpy', 'glyph', 'nymph', 'vivid', 'kebab', 'hutch', 'swoop'];
    const first = words.find((w) => w !== s && [...w].some((c) => s.includes(c)));
    const breaks = words.find((w) => ![...w].some((c) => s.includes(c)));
    await play(first);
    await play(breaks);
    assert.match(await page.textContent('#message'), /^hard mode: the/, `${first} then ${breaks} on ${s}`);
  });

  await step('320 to 430 px header', async () => {
    await fresh();
    for (const width of [320, 360, 390, 430]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: join(artefacts, `trust-header-${width}.png`), clip: { x: 0, y: 0, width, height: 260 } });
      const m = await page.evaluate(() => {
        const box = (n) => { const r = n.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height, right: r.right }; };
        return {
          scroll: document.documentElement.scrollWidth,
          tabs: [...document.querySelectorAll('#game-picker .segbtn')].map(box),
          picker: box(document.querySelector('#game-picker')),
          controls: ['#new-game', '#daily-game', '#settings > summary', '#stats-btn'].map((q) => ({ q, ...box(document.querySelector(q)) })),
        };
      });
      assert.ok(m.scroll <= width, `${width} px: the page scrolls sideways (${m.scroll})`);
      assert.equal(new Set(m.tabs.map((t) => Math.round(t.y))).size, 1, `${width} px: the tabs on one line`);
      for (const t of m.tabs) assert.ok(t.h >= 44 && t.w >= 44, `${width} px: a tab of ${t.w}x${t.h}`);
      assert.ok(m.picker.right <= width, `${width} px: the tabs within the screen`);
      for (const c of m.controls) {
        assert.ok(c.w >= 44 && c.h >= 44 && c.x >= 0 && c.right <= width, `${width} px: ${c.q} ${Math.round(c.w)}x${Math.round(c.h)} at ${Math.round(c.x)}`);
      }
      const [fresh, today] = m.controls;
      assert.equal(Math.round(fresh.y), Math.round(today.y), `${width} px: New game and Daily on one line`);
      const settings = m.controls.find((c) => c.q === '#settings > summary');
      assert.ok(settings.w >= 120, `${width} px: Settings squeezed to ${settings.w} px`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await keep();
  const doubled = [...new Set(said)].filter((t) => /(\b[A-Za-z][\w ]{2,}): \1:/.test(t));
  if (doubled.length) failures.push(`doubled prefixes: ${doubled.join(' | ')}`);
  if (said.length < 20) failures.push(`only ${said.length} messages collected`);
  if (failures.length) throw new Error(`${failures.length} defects:\n  ${failures.join('\n  ')}`);
});
