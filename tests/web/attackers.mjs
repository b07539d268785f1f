// attackers.mjs: slow clients for the load test and bench/attack.mjs. Each holds one connection from an
// address of 127.0.0.FIRST-LAST (loopback answers all of 127/8): a slow head sends a header line every
// 400 ms and never ends its head; a slow body sends its head at once, then a byte of a 10000-byte body
// every 400 ms. Whenever the server closes one, it comes back `again` ms later (50). `from(i)`, when
// given, names the address of the i-th attacker instead (to spread them over more than 250 addresses).
import net from 'node:net';

export function attack(port, { heads = 0, bodies = 0, first = 2, last = 250, again = 50, from = null } = {}) {
  let going = true;
  const open = new Set();
  const counts = { connected: 0, closed: 0 };
  let live = 0; // connected and not yet closed
  const span = last - first + 1;
  const one = (kind, i) => {
    if (!going) return;
    const s = net.connect({ port, host: '127.0.0.1', localAddress: from ? from(i) : `127.0.0.${first + (i % span)}` });
    let tick;
    open.add(s);
    s.on('error', () => {});
    let up = false;
    s.on('connect', () => {
      counts.connected++;
      live++;
      up = true;
      s.write(kind === 'head' ? 'GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n'
        : 'POST /api/play/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n'
          + 'Content-Length: 10000\r\n\r\n');
      tick = setInterval(() => s.write(kind === 'head' ? 'X-Slow: 1\r\n' : 'a'), 400);
    });
    s.on('close', () => {
      clearInterval(tick);
      open.delete(s);
      if (up) live--;
      counts.closed++;
      if (going) setTimeout(() => one(kind, i), again);
    });
  };
  for (let i = 0; i < heads; i++) one('head', i);
  for (let i = 0; i < bodies; i++) one('body', heads + i);
  return {
    counts,
    open: () => live,
    stop() { going = false; for (const s of open) s.destroy(); },
  };
}

// Wait until `want` attackers are connected at once (or `ms` passed); resolves to how many are.
export async function connected(a, want, ms = 10000) {
  const t0 = Date.now();
  while (a.open() < want && Date.now() - t0 < ms) await new Promise((r) => setTimeout(r, 50));
  return a.open();
}

// The p-th percentile (0-100) of an array of numbers.
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
}
