// Prints one closing line for a test run, "Tests: N passed, N failed", from the JSON reports of
// Vitest and Playwright that scripts/test-all.sh wrote (the files named on the command line; a file
// that is missing, because its phase stopped before writing it, counts nothing), and appends the
// counts to $TEST_TOTALS_FILE when it is set so .ci/run can add up all its runs.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
if (process.env.TEST_TOTALS_FILE)
  appendFileSync(process.env.TEST_TOTALS_FILE, `${passed} ${failed} ${skipped}\n`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
