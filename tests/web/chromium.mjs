// chromium.mjs: what the browser tests share: a server of their own and Debian's Chromium with a
// throw-away profile, a screenshot of every page open when something fails, and the exit status.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '../../node_modules/playwright-core/index.mjs';
import { startServer } from './server.mjs';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Start the server and Chromium, run body({ srv, context }), then close both; exits the process
// with 0 when body and the server's stop went well, else prints FAIL and the error and exits 1.
export async function inChromium(binary, artefacts, options, body) {
  let srv;
  try {
    srv = await startServer(binary);
    const profile = mkdtempSync(join(tmpdir(), 'cb-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, ...options,
    });
    try {
      await body({ srv, context });
    } catch (e) {
      for (const p of context.pages()) await p.screenshot({ path: join(artefacts, 'failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      const r = await srv.stop();
      if (r.code !== 0) throw new Error(`the server exited with ${r.code}: ${r.stderr}`);
    }
    process.exit(0);
  } catch (e) {
    console.log(`FAIL ${e.stack || e}`);
    if (srv) srv.proc.kill('SIGKILL');
    process.exit(1);
  }
}
