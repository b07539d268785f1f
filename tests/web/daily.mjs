// daily.mjs: the daily game in the page, in Debian's Chromium at 1280x800 and 390x844: two fresh
// profiles (no shared storage) press "Daily" on the same day and pick the same past date in the
// Settings' date picker, give up, and must see the same secret, the one `codebreaker play --daily
// DATE --lists nyt2023` keeps; the turn line names the date and its number, and Share names the
// game, the number and the mode. The browsers' clock is fixed (Playwright's clock), so "today" is a
// known date. Then the Assistant on `crane=Y.Y..` proposes HOIST (no C, no A), and with Hard mode
// ticked a guess that keeps both yellows (the hard-mode rule). Screenshots go to the artefact folder.
// usage: node tests/web/daily.mjs path/to/codebreaker ARTEFACT_DIR
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '../../node_modules/playwright-core/index.mjs';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

const TODAY = '2026-11-27'; // number 331 (our own numbers, #1 on 2026-01-01)
const PAST = '2026-11-01'; // number 305
const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];

// The secret the program keeps for a date: the page must agree with it.
function cliSecret(date) {
  const r = spawnSync(binary, ['play', '--daily', date, '--plain'], { input: 'giveup\n', encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return /secret: ([a-z]+)/.exec(r.stdout)[1];
}

async function open(context, url, size) {
  await context.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
  const page = context.pages()[0] || (await context.newPage());
  await page.setViewportSize(size);
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing');
  // a player who has not played yet: no statistics, no daily game kept (a daily game is played once)
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing');
  return page;
}

async function openSettings(page) {
  if (!(await page.locator('#settings').evaluate((d) => d.open))) await page.click('#settings > summary');
}

// Start the daily game of `date` (null: the Daily button, today), give up, return what the page says.
async function playDaily(page, date, tag) {
  const before = await page.evaluate(() => document.querySelector('#turn-info').textContent);
  if (date) {
    await openSettings(page);
    await page.fill('#daily-date', date);
  } else await page.click('#daily-game');
  const want = date || TODAY;
  await page.waitForFunction((w) => document.querySelector('#board').dataset.state === 'playing' &&
    document.querySelector('#turn-info').textContent.includes(`of ${w}`), want);
  const turn = await page.textContent('#turn-info');
  await page.click('#giveup-btn');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'lost');
  const headline = await page.textContent('#message .headline');
  await page.click('#share-btn');
  await page.waitForFunction(() => document.querySelector('#share-text').textContent !== '');
  const share = await page.textContent('#share-text');
  await page.screenshot({ path: join(artefacts, `daily-${tag}.png`) });
  return { before, turn, secret: /secret was ([a-z]+)/.exec(headline)[1], share };
}

// The four figures and the bars of the statistics panel, as one line.
const figures = (page) => page.evaluate(() => `${['played', 'win', 'streak', 'best'].map((k) => document.querySelector(`#stats-${k}`).textContent).join(' ')
  } | ${[...document.querySelectorAll('#stats-dist .bar')].map((b) => b.textContent.replace(/\D+/g, '')).join(',')}`);

// Today's daily game, won at the first guess (the secret the program names).
async function winDaily(page) {
  await page.click('#daily-game');
  await page.waitForFunction((w) => document.querySelector('#board').dataset.state === 'playing' &&
    document.querySelector('#turn-info').textContent.includes(`of ${w}`) && !document.querySelector('#board .row.played'), TODAY);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.type(cliSecret(TODAY));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.state === 'won');
  await page.waitForSelector('#stats:not([hidden])');
}

// The assistant's best guess on a board where the best guess breaks hard mode, without and with it.
async function assistHard(page, size) {
  const top = async () => {
    await page.waitForSelector('#assist[data-state=ready] #assist-rank tbody tr');
    return page.locator('#assist-rank tbody tr .word button').first().textContent();
  };
  await page.goto(`${new URL(page.url()).origin}/?game=wordle&lists=nyt2023&history=crane=Y.Y..`);
  await page.waitForSelector('#assist[data-history="crane=Y.Y.."]');
  const free = await top();
  assert.ok(!/c/.test(free) || !/a/.test(free), `without hard mode the best guess ${free} keeps c and a`);
  await page.evaluate(() => document.querySelector('#assist-rank').replaceChildren()); // the next answer is new
  await openSettings(page);
  await page.check('#hard');
  const hard = await top();
  assert.match(hard, /c/, `hard mode: ${hard} must contain c`);
  assert.match(hard, /a/, `hard mode: ${hard} must contain a`);
  await page.locator('#assist').screenshot({ path: join(artefacts, `assist-hard-${size.width}.png`) });
  await page.uncheck('#hard');
}

inChromium(binary, artefacts, {}, async ({ srv, context }) => {
  const want = { [TODAY]: cliSecret(TODAY), [PAST]: cliSecret(PAST) };
  for (const size of SIZES) {
    const profile = mkdtempSync(join(tmpdir(), 'cb-chromium-b-'));
    const other = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    other.setDefaultTimeout(0);
    try {
      const a = await open(context, srv.url, size);
      const b = await open(other, srv.url, size);
      // the button names today's number before it is pressed
      assert.match(await a.textContent('#daily-game'), /Daily #331 · Nov 27/);
      const box = await a.locator('#daily-game').boundingBox();
      assert.ok(box && box.y + box.height <= size.height && box.x + box.width <= size.width, JSON.stringify(box));
      for (const date of [null, PAST]) {
        const tag = `${size.width}-${date || 'today'}`;
        const ra = await playDaily(a, date, `${tag}-a`);
        const rb = await playDaily(b, date, `${tag}-b`);
        const d = date || TODAY;
        assert.equal(ra.secret, rb.secret, `two profiles, ${d}`);
        assert.equal(ra.secret, want[d], `the page and play --daily ${d}`);
        const n = d === TODAY ? 331 : 305;
        const note = d === TODAY ? '' : 'archive: not counted in your streak · ';
        assert.match(ra.turn, new RegExp(`^Daily #${n} of ${d} · ${note}Turn 1 of 6`));
        assert.match(ra.share, new RegExp(`^Wordle \\(nyt2023\\) daily #${n} X/6\\n`));
      }
      // stats: shown after each game, kept over a reload, carried by an export and an import
      assert.equal(await a.isVisible('#stats'), true, 'the statistics after a game');
      const before = await figures(a);
      if (size === SIZES[0]) assert.match(before, /^2 0 0 0 \| 0,0,0,0,0,0$/);
      await a.reload();
      await a.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing');
      assert.equal(await a.isVisible('#stats'), false);
      await a.click('#stats-btn');
      await a.waitForSelector('#stats:not([hidden])');
      assert.equal(await figures(a), before, 'the statistics after a reload');
      // today's daily game won in another browser (b gave it up: a replay there would not count)
      await b.evaluate(() => localStorage.clear());
      await b.reload();
      await b.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing');
      await winDaily(b);
      const won = await figures(b);
      assert.match(won, /^\d+ \d+ 1 1 \| 1,/); // today's daily won in one: a streak of 1, one game in one guess
      assert.equal(await b.getAttribute('#stats-dist li.today', 'data-guesses'), '1');
      await b.screenshot({ path: join(artefacts, `daily-stats-${size.width}.png`) });
      await b.click('#stats .stats-io > summary');
      await b.click('#stats-export');
      const exported = await b.inputValue('#stats-json');
      assert.equal(JSON.parse(exported).version, 1);
      await a.click('#stats .stats-io > summary');
      await a.fill('#stats-json', '{"version": 2, "games": []}');
      await a.click('#stats-import');
      assert.match(await a.textContent('#stats-io-status'), /nothing changed/);
      assert.equal(await figures(a), before);
      await a.fill('#stats-json', exported);
      await a.click('#stats-import');
      assert.equal(await figures(a), won, 'the figures imported');
      await a.reload();
      await a.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing');
      // hard mode is named in the grid; "New game" leaves the daily game for a drawn secret
      await openSettings(a);
      await a.check('#hard');
      await a.waitForFunction(() => /hard mode/.test(document.querySelector('#turn-info').textContent));
      const hard = await playDaily(a, null, `${size.width}-hard`);
      assert.equal(hard.secret, want[TODAY]);
      assert.match(hard.share, /^Wordle \(nyt2023\) daily #331 hard X\/6\*\n/);
      await a.uncheck('#hard');
      await a.click('#new-game');
      await a.waitForFunction(() => document.querySelector('#board').dataset.state === 'playing' &&
        !/Daily/.test(document.querySelector('#turn-info').textContent));
      await assistHard(a, size);
    } finally {
      await other.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
});
