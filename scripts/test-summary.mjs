// Prints one closing line for a test run, "Tests: N passed, N failed", from the JSON reports of
// Vitest and Playwright (written by scripts/test-all.sh), and appends the counts to $TEST_TOTALS_FILE
// when it is set so .ci/run can add up both runs.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = read('reports/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
if (process.env.TEST_TOTALS_FILE)
  appendFileSync(process.env.TEST_TOTALS_FILE, `${passed} ${failed} ${skipped}\n`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
