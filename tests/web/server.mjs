// server.mjs: start `codebreaker serve` on a free loopback port for a test, and stop it.
import { spawn } from 'node:child_process';

// Start the server; resolves to { url, proc, stop(signal) } once it prints where it listens.
export function startServer(binary, args = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(binary, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`server did not start: ${err}`)); }, 20000);
    proc.stderr.on('data', (d) => { err += d; });
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) {
        clearTimeout(timer);
        const exited = new Promise((res) => proc.on('exit', (code, signal) => res({ code, signal, stderr: err })));
        resolve({
          url: m[1],
          proc,
          exited,
          stderr: () => err,
          // Stop with a signal; resolves to the exit code and the seconds it took.
          async stop(signal = 'SIGTERM') {
            const t0 = Date.now();
            proc.kill(signal);
            let timer;
            const late = new Promise((res) => { timer = setTimeout(() => res(null), 10000); });
            const r = await Promise.race([exited, late]);
            clearTimeout(timer);
            if (!r) { proc.kill('SIGKILL'); throw new Error('the server did not stop within 10 s'); }
            return { ...r, seconds: (Date.now() - t0) / 1000 };
          },
        });
      }
    });
    proc.on('error', (e) => { clearTimeout(timer); reject(e); });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${err}`)); });
  });
}
