// variants.mjs: the page's section for several boards and Absurdle, in Debian's Chromium: plays
// Quordle to the end with the page's hints, checks four boards and the secrets shown at the end,
// refuses an unknown word without using a turn; then beats Absurdle with the four guesses
// `codebreaker optimal --game absurdle` proves fewest, asks a hint, and plays Dordle on
// Mastermind codes. Screenshots go to the artefact folder.
// usage: node tests/web/variants.mjs path/to/codebreaker ARTEFACT_DIR
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inChromium } from './chromium.mjs';

const [binary, artefacts] = process.argv.slice(2);
mkdirSync(artefacts, { recursive: true });

let page;

const status = () => page.textContent('#v-status');
const rows = () => page.locator('#v-boards .v-board').first().locator('.v-row').count();

// Submit a guess in the section's field and wait for the answer (a row more, or an error).
async function guess(word) {
  const before = await page.locator('#v-boards .v-row').count();
  await page.fill('#v-guess', word);
  await page.click('#v-play');
  await page.waitForFunction((n) => document.querySelectorAll('#v-boards .v-row').length > n ||
    document.querySelector('#v-error').textContent !== '', before);
}

async function pick(kind) {
  await page.selectOption('#v-kind', kind);
  await page.waitForFunction(() => document.querySelector('#v-boards .v-board') && !document.querySelector('#v-boards .v-row'));
}

async function main({ srv, context }) {
  const problems = [];
  page = context.pages()[0] || (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 422/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${srv.url}/?game=wordle&lists=original`); // the lists of the proven Absurdle figures
  await page.waitForSelector('#board[data-state=playing]');
  await page.waitForSelector('#v-boards .v-board');

  // Quordle: four boards; a word that is not a guess costs nothing; hints until the game ends
  assert.equal(await page.locator('#v-boards .v-board').count(), 4);
  await guess('zzzzz');
  assert.match(await page.textContent('#v-error'), /zzzzz/);
  assert.equal(await page.locator('#v-boards .v-row').count(), 0, 'a refused word used a turn');
  for (let turn = 0; turn < 9 && !(await page.isDisabled('#v-play')); turn++) {
    await page.click('#v-hint');
    await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#v-status').textContent));
    const word = await page.inputValue('#v-guess');
    assert.match(word, /^[a-z]{5}$/);
    await guess(word);
  }
  const end = await status();
  assert.match(end, /^(All 4 boards solved in \d guesses|Out of guesses)/, end);
  assert.equal(await page.locator('#v-boards .v-board.solved').count() === 4, /All 4/.test(end));
  await page.locator('#variants').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artefacts, 'variants-quordle.png'), fullPage: true });

  // Quordle given up: the secrets appear and the game stops
  await page.click('#v-new');
  await page.waitForFunction(() => document.querySelector('#v-status').textContent.startsWith('Guess 1 of 9'));
  await guess('salet');
  await page.click('#v-giveup');
  await page.waitForFunction(() => /You gave up\. The words were \w+, \w+, \w+, \w+\./.test(document.querySelector('#v-status').textContent));
  assert.ok(await page.isDisabled('#v-play'));

  // Absurdle: the proved sequence wins in four; before it, a hint
  await pick('adversary');
  await guess('aesir');
  assert.match(await page.textContent('#v-boards h3'), /^168 words left$/);
  await page.click('#v-hint');
  await page.waitForFunction(() => /^Hint: \w+, which wins in 3 guesses/.test(document.querySelector('#v-status').textContent));
  for (const w of ['yauld', 'tench', 'motto']) await guess(w);
  assert.equal(await status(), 'You beat the adversary in 4 guesses.');
  assert.equal(await rows(), 4);
  await page.screenshot({ path: join(artefacts, 'variants-absurdle.png'), fullPage: true });

  // Dordle on Mastermind codes: pegs, two boards
  await page.click('#game-picker [data-game=mastermind]');
  await page.waitForFunction(() => document.querySelector('#board').classList.contains('mastermind') &&
    document.querySelector('#board').dataset.state === 'playing');
  await page.selectOption('#v-kind', '2');
  await page.waitForFunction(() => document.querySelectorAll('#v-boards .v-board').length === 2);
  await guess('1122');
  assert.equal(await page.locator('#v-boards .v-row .peg').count(), 8);
  assert.match(await status(), /^(Guess 2 of 11|All 2 boards)/);

  // a phone: Octordle's eight boards and Absurdle fit the width, nothing scrolls sideways
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 360, height: 780 });
  await phone.goto(`${srv.url}/?game=wordle`); // the page remembers the last game chosen (Mastermind above)
  await phone.waitForSelector('#v-boards .v-board');
  await phone.selectOption('#v-kind', '8');
  await phone.waitForFunction(() => document.querySelectorAll('#v-boards .v-board').length === 8);
  for (const w of ['salet', 'crony']) {
    await phone.fill('#v-guess', w);
    await phone.click('#v-play');
    await phone.waitForFunction((n) => document.querySelectorAll('#v-boards .v-row').length === n, w === 'salet' ? 8 : 16);
  }
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 360, `the page is ${wide} px wide on a 360 px phone`);
  await phone.locator('#variants').screenshot({ path: join(artefacts, 'variants-phone.png') });
  await phone.close();

  assert.deepEqual(problems, [], 'the page reported errors');
  console.log(`web variants: passed; screenshots in ${artefacts}`);
}

inChromium(binary, artefacts, { viewport: { width: 1320, height: 1000 } }, main);
