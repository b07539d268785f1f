#!/bin/sh
# bench/page_review.sh BUILD_DIR [GAMES]: the page's review of a lost game (issue 54, item 6: under 2 s).
# Starts `codebreaker serve` on a free loopback port, then for each of the daily games of GAMES dates
# (default 8: 2026-11-01 on, the 2023 lists, the page's default) in normal and in hard mode plays six
# guesses that lose (normal: six fixed words, FUZZY NYMPH JUMBO VIVID KAYAK DWELL; hard: FUZZY three times, then the
# least frequent word still possible, which hard mode allows; a day whose game is won is skipped and
# said so), and asks GET /api/review?session=ID as the page does once a game is over. Prints for each the
# wall time of the request and the server's processor time for it (user + system, from
# /proc/PID/stat, in ticks of 10 ms), then the median and the largest of each mode. The review spends
# budgets of work, not of time: the same request gives the same answer on every run; on a busy
# machine read the processor time, not the wall time.
set -e
build="${1:-build}"
games="${2:-8}"
cb="$build/codebreaker"
[ -x "$cb" ] || { echo "usage: bench/page_review.sh BUILD_DIR [GAMES] (needs $cb)" >&2; exit 2; }
. "$(dirname "$0")/machine.sh"
bench_machine "$cb"
here=$(cd "$(dirname "$0")/.." && pwd)
node --input-type=module - "$here/tests/web/server.mjs" "$cb" "$games" <<'JS'
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
const [serverMjs, cb, games] = process.argv.slice(2);
const { startServer } = await import(pathToFileURL(serverMjs));
const srv = await startServer(cb);
const ticks = () => {
  const f = fs.readFileSync(`/proc/${srv.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]); // utime + stime, after the command's name
};
async function call(method, path, params) {
  const url = new URL(path, srv.url);
  const init = { method, headers: {} };
  if (method === 'GET') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  else { init.body = new URLSearchParams(params).toString(); init.headers['content-type'] = 'application/x-www-form-urlencoded'; }
  const r = await fetch(url, init);
  return { status: r.status, data: await r.json() };
}
// Six guesses that share few letters: a loss unless the answer is among them.
const losing = ['fuzzy', 'nymph', 'jumbo', 'vivid', 'kayak', 'dwell'];
const rows = { normal: [], hard: [] };
for (let d = 0; d < Number(games); d++) {
  const day = `2026-11-${String(d + 1).padStart(2, '0')}`;
  for (const mode of ['normal', 'hard']) {
    const n = await call('POST', '/api/play/new', { game: 'wordle', lists: 'nyt2023', daily: day, ...(mode === 'hard' ? { hard: 1 } : {}) });
    if (n.status !== 201) throw new Error(`play/new ${day}: ${JSON.stringify(n.data)}`);
    let last = n.data, skipped = '';
    const history = [];
    for (let t = 0; t < losing.length; t++) {
      let guess = mode === 'hard' ? 'fuzzy' : losing[t];
      if (mode === 'hard' && t >= 3) { // the least frequent word the history leaves: allowed in hard mode
        const c = await call('GET', '/api/candidates', { game: 'wordle', lists: 'nyt2023', history: history.join(','), order: 'frequency', limit: 5000, hard: 1 });
        if (c.status !== 200) throw new Error(`candidates: ${JSON.stringify(c.data)}`);
        guess = c.data.candidates[c.data.candidates.length - 1];
      }
      const g = await call('POST', '/api/play/guess', { id: n.data.id, guess });
      if (g.status !== 200) { skipped = `${guess} refused: ${g.data.error}`; break; }
      last = g.data;
      history.push(`${g.data.last.guess}=${g.data.last.feedback}`);
      if (last.over) break;
    }
    if (!skipped && (!last.over || last.won)) skipped = 'won';
    if (skipped) { console.log(`${day} ${mode.padEnd(6)} skipped (${skipped})`); continue; }
    const t0 = ticks(), w0 = performance.now();
    const r = await call('GET', '/api/review', { session: n.data.id });
    const wall = (performance.now() - w0) / 1000, cpu = (ticks() - t0) / 100;
    if (r.status !== 200) throw new Error(`review ${day} ${mode}: ${r.status} ${JSON.stringify(r.data)}`);
    rows[mode].push({ wall, cpu });
    console.log(`${day} ${mode.padEnd(6)} answer ${last.secret}: review ${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU, skill ${r.data.skill ?? '-'}`);
  }
}
for (const [mode, v] of Object.entries(rows)) {
  if (!v.length) continue;
  const med = (k) => { const s = v.map((x) => x[k]).sort((a, b) => a - b); return s[Math.floor((s.length - 1) / 2)]; };
  const max = (k) => Math.max(...v.map((x) => x[k]));
  console.log(`${mode}: ${v.length} lost games reviewed: CPU median ${med('cpu').toFixed(2)} s, largest ${max('cpu').toFixed(2)} s; wall median ${med('wall').toFixed(2)} s, largest ${max('wall').toFixed(2)} s`);
}
await srv.stop();
JS
