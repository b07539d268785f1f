// chromium.mjs: what the browser tests share: a server of their own and Debian's Chromium with a
// throw-away profile, a screenshot of every page open when something fails, and the exit status.
// Each step waits on what it waits for (an element, a state, a response), however long a loaded
// machine takes: no step has a time limit of its own. One watchdog bounds the whole test instead,
// below ctest's TIMEOUT, so that a hang still ends with a screenshot and a message.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '../../node_modules/playwright-core/index.mjs';
import { startServer } from './server.mjs';

const WATCHDOG_SECONDS = 870; // ctest stops the browser tests at 900 s (tests/CMakeLists.txt)
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// Start the server and Chromium, run body({ srv, context }), then close both; exits the process
// with 0 when body and the server's stop went well, else prints FAIL and the error and exits 1.
export async function inChromium(binary, artefacts, options, body) {
  let srv;
  try {
    srv = await startServer(binary, ['--exact-seconds', '120']);
    const profile = mkdtempSync(join(tmpdir(), 'cb-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, ...options,
    });
    context.setDefaultTimeout(0); // every page, those opened later included: wait on events, not on time
    let watchdog;
    const late = new Promise((resolve, reject) => {
      watchdog = setTimeout(() => reject(new Error(`the test did not end within ${WATCHDOG_SECONDS} s`)), WATCHDOG_SECONDS * 1000);
    });
    try {
      await Promise.race([body({ srv, context }), late]);
    } catch (e) {
      for (const p of context.pages()) await p.screenshot({ path: join(artefacts, 'failure.png'), fullPage: true }).catch(() => {});
      throw e;
    } finally {
      clearTimeout(watchdog);
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
