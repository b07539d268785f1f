// suite.mjs: the counting runner of the node tests that call the API (api.mjs, hostile.mjs): each test
// is named, timed and counted, and a failure prints its stack without stopping the others.
// CB_TESTS=REGEX runs only the tests whose title matches (while working on one: `make test` runs all).

export function suite(name) {
  let passed = 0;
  let failed = 0;
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
    // Prints the counts; the exit status for process.exit.
    finish() {
      console.log(`${name}: ${passed} passed, ${failed} failed`);
      return failed ? 1 : 0;
    },
  };
}
