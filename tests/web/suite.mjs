// suite.mjs: the counting runner of the node tests that call the API (api.mjs, hostile.mjs): each test
// is named, timed and counted, and a failure prints its stack without stopping the others; a part
// the build lacks is reported skipped.
// CB_TESTS=REGEX runs only the tests whose title matches (while working on one: `make test` runs all).

export function suite(name) {
  let passed = 0;
  let failed = 0;
  const skipped = [];
  const only = process.env.CB_TESTS ? new RegExp(process.env.CB_TESTS) : null;
  return {
    async test(title, fn) {
      if (only && !only.test(title)) return;
      const t0 = Date.now();
      try {
        await fn();
        passed++;
        console.log(`ok ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed++;
        console.log(`FAIL ${title}: ${e.stack || e}`);
      }
    },
    // A part not checked because an optional part of the build is absent (uPlot): the run ends
    // with 77, ctest's skipped, when nothing failed; with CB_NO_SKIP=1 (CI), 1.
    skip(part, reason) {
      skipped.push(`${part}: ${reason}`);
      console.log(`SKIP ${part}: ${reason}`);
    },
    // Prints the counts and what was skipped; the exit status for process.exit.
    finish() {
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      if (failed) return 1;
      if (!skipped.length) return 0;
      console.log(`skipped, as this build lacks them:\n  ${skipped.join('\n  ')}`);
      if (process.env.CB_NO_SKIP === '1') {
        console.log('FAIL: CB_NO_SKIP=1: every part must run');
        return 1;
      }
      return 77;
    },
  };
}
