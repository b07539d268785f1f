// variants.js: the page's section for several boards at once (Dordle, Quordle, Octordle,
// Sedecordle: GET /api/multi) and for the adversary (Absurdle: GET /api/adversary), played with
// the words or codes chosen in the set-up above. Uses app.js's helpers ($, el, fill, get,
// specParams, state, pegEl, keyPegs, splitSymbols, paletteWords). The server keeps nothing: each
// request carries the guesses so far (and, for several boards, the sealed ticket of the secrets).
'use strict';

const variant = { kind: '4', ticket: null, guesses: [], data: null, seq: 0 };

// The choices of the section: the library's variants (GET /api/games: variants), each by its boards or
// as the adversary, with its label and guess limit; the page names none of them.
function variantChoices() {
  const sel = $('v-kind');
  if (sel.options.length || !state.catalogue) return;
  for (const v of state.catalogue.variants || []) {
    const value = v.adversary ? 'adversary' : String(v.boards);
    const text = v.adversary ? `${v.label}: no secret, an adversary` : `${v.label}: ${v.boards} boards, ${v.max_guesses} guesses`;
    sel.append(el('option', { value, text, 'data-game': v.name }));
  }
  sel.value = variant.kind;
  if (sel.selectedIndex < 0) sel.selectedIndex = 0;
}

// The variant chosen, as GET /api/games describes it (undefined before the catalogue).
const variantChosen = () => (state.catalogue && state.catalogue.variants || []).find((v) => (v.adversary ? 'adversary' : String(v.boards)) === variant.kind);

const isAdversary = () => variant.kind === 'adversary';

function variantSupported() {
  // Symble's hidden symbols, and Jotto's counts (app.js, isCount), which these boards do not draw
  if (kind() === 'symbols' || isCount()) return 'Several boards and the adversary take Wordle or Mastermind rules: choose one in the set-up.';
  return '';
}

function variantRules() {
  if (isAdversary()) {
    const v = variantChosen();
    return 'There is no secret: after each guess the codemaker keeps the largest group of words that fit, ' +
      `so corner the last word and guess it. The fewest guesses that win is proved by codebreaker optimal --game ${v ? v.name : 'NAME'}.`;
  }
  return `Each guess is scored on all ${variant.kind} boards; a board is solved when its word is guessed. ` +
    'Hint asks the strategy that adds up the information a guess gives on every open board.';
}

// A row of small tiles (words) or pegs (codes), with its feedback in words for screen readers.
function variantRow(row, note) {
  const line = el('div', { class: 'v-row', role: 'listitem' });
  const symbols = splitSymbols(row.guess);
  if (isMastermind()) {
    const pegs = el('span', { class: 'pegs', 'aria-hidden': 'true' });
    symbols.forEach((c) => pegs.append(pegEl(c)));
    line.append(pegs, el('span', { 'aria-hidden': 'true' }, keyPegs(row.marks, symbols.length)));
    line.append(el('span', { class: 'sr-only', text: `${row.guess}: ${row.marks.blacks} black, ${row.marks.whites} white` }));
  } else {
    const words = paletteWords();
    symbols.forEach((c, i) => line.append(el('span', { class: `v-tile ${MARK_NAMES[row.marks[i]]}`, text: c, 'aria-hidden': 'true' })));
    line.append(el('span', { class: 'sr-only', text: `${row.guess}: ${symbols.map((c, i) => `${c} ${words[row.marks[i]]}`).join(', ')}` }));
  }
  if (note) line.append(el('span', { class: 'v-note', text: note }));
  return line;
}

function variantRender() {
  const d = variant.data;
  const box = $('v-boards');
  fill(box);
  box.classList.toggle('single', isAdversary());
  $('v-words').textContent = '';
  if (!d) return;
  if (isAdversary()) {
    const b = el('div', { class: `v-board${d.won ? ' solved' : ''}`, role: 'listitem', 'aria-label': 'Absurdle' });
    b.append(el('h3', { text: d.won ? `Won in ${d.turns}` : `${d.left} word${d.left === 1 ? '' : 's'} left` }));
    const rows = el('div', { role: 'list', 'aria-label': 'Guesses' });
    d.rows.forEach((r) => rows.append(variantRow(r, r.left ? `${r.left} left` : 'won')));
    b.append(rows);
    box.append(b);
    if (!d.won && d.turns) $('v-words').textContent = `Still possible: ${d.words.join(', ')}${d.left > d.words.length ? ', …' : ''}`;
    return;
  }
  d.board.forEach((bd, i) => {
    const label = bd.solved_on ? `Board ${i + 1}: solved on guess ${bd.solved_on}` : `Board ${i + 1}: ${bd.left} left`;
    const b = el('div', { class: `v-board${bd.solved_on ? ' solved' : ''}`, role: 'listitem', 'aria-label': label });
    b.append(el('h3', { text: d.secrets && !bd.solved_on ? `${label} (${d.secrets[i]})` : label }));
    const rows = el('div', { role: 'list', 'aria-label': `Board ${i + 1} guesses` });
    bd.rows.forEach((r) => rows.append(variantRow(r)));
    b.append(rows);
    box.append(b);
  });
}

function variantStatus() {
  const d = variant.data;
  if (!d) return '';
  if (isAdversary()) {
    if (d.won) return `You beat the adversary in ${d.turns} guess${d.turns === 1 ? '' : 'es'}.`;
    return d.turns ? `${d.left} words are still possible after ${d.turns} guess${d.turns === 1 ? '' : 'es'}.` : 'Type a guess.';
  }
  const solved = d.board.filter((b) => b.solved_on).length;
  if (d.won) return `All ${d.boards} boards solved in ${d.turns} guesses.`;
  if (d.over) return `Out of guesses: ${solved} of ${d.boards} boards solved. The words were ${d.secrets.join(', ')}.`;
  if (d.secrets) return `You gave up. The words were ${d.secrets.join(', ')}.`;
  return `Guess ${d.turns + 1} of ${d.max_guesses}: ${solved} of ${d.boards} boards solved.`;
}

// Ask the server about the game so far (extra: hint, giveup); the latest request wins.
async function variantAsk(extra = {}) {
  const why = variantSupported();
  $('v-error').textContent = why;
  if (why) { variant.data = null; variantRender(); return null; }
  const seq = ++variant.seq;
  const p = Object.assign(specParams(), { guesses: variant.guesses.join(',') }, extra);
  if (isAdversary()) p.hard = $('v-hard').checked ? 1 : 0;
  else Object.assign(p, { boards: variant.kind, ticket: variant.ticket });
  const r = await get(isAdversary() ? '/api/adversary' : '/api/multi', p);
  if (seq !== variant.seq) return null;
  if (!r.ok) { $('v-error').textContent = r.data.error; return null; }
  $('v-error').textContent = '';
  if (!isAdversary()) variant.ticket = r.data.ticket;
  variant.data = r.data;
  variantRender();
  $('v-status').textContent = variantStatus();
  const over = r.data.won || r.data.over || r.data.secrets;
  $('v-play').disabled = !!over;
  $('v-hint').disabled = !!over;
  $('v-giveup').disabled = !!over || isAdversary();
  return r.data;
}

async function variantGuess(e) {
  e.preventDefault();
  const word = $('v-guess').value.trim().toLowerCase();
  if (!word) return;
  variant.guesses.push(word);
  const d = await variantAsk();
  if (!d) { variant.guesses.pop(); return; }
  $('v-guess').value = '';
}

async function variantHint() {
  $('v-status').textContent = isAdversary() ? 'Searching for the shortest win…' : 'Scoring every guess on every board…';
  const d = await variantAsk({ hint: 1 });
  if (!d || !d.hint) return;
  const h = d.hint;
  if (isAdversary()) {
    $('v-status').textContent = h.guess
      ? `Hint: ${h.guess}, which wins in ${h.guesses} guess${h.guesses === 1 ? '' : 'es'} from here, the fewest possible.`
      : `No win found within the search's ${h.seconds.toFixed(1)} s; at least ${h.at_least} more guesses are needed.`;
  } else $('v-status').textContent = `Hint: ${h.guess} (${h.score.toFixed(2)} bits over the open boards).`;
  $('v-guess').value = h.guess || '';
  $('v-guess').focus();
}

function variantNew() {
  variantChoices();
  variant.kind = $('v-kind').value;
  variant.ticket = null;
  variant.guesses = [];
  variant.data = null;
  $('v-hard-label').hidden = !isAdversary() || kind() !== 'colours';
  $('v-rules').textContent = variantRules();
  $('v-guess').value = '';
  variantAsk();
}

function wireVariants() {
  $('v-form').addEventListener('submit', variantGuess);
  $('v-kind').addEventListener('change', variantNew);
  $('v-hard').addEventListener('change', variantNew);
  $('v-new').addEventListener('click', variantNew);
  $('v-hint').addEventListener('click', variantHint);
  $('v-giveup').addEventListener('click', () => variantAsk({ giveup: 1 }));
  // another game in the set-up above (app.js's gameChanged) starts a game here with its words
  document.addEventListener('cb-game-changed', variantNew);
}

wireVariants();
