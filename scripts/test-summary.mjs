// Prints one closing line for a test run, "Tests: N passed, N failed", from the JSON reports of
// Vitest and Playwright that scripts/test-all.sh wrote (the files named on the command line; a file
// that is missing, because its phase stopped before writing it, counts nothing), and appends the
// counts to $TEST_TOTALS_FILE when it is set so .ci/run can add up all its runs.
// Each failed test is named above that line, with the first lines of its error, and appended to
// $TEST_FAILURES_FILE when it is set: .ci/run repeats them at its very end, where a reader of the
// run's last lines sees them.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// The first lines of an error, without colour codes: enough to tell which assertion and why.
function firstLines(message = '') {
  return stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/node_modules|<anonymous>/.test(line))
    .slice(0, 6)
    .map((line) => `      ${line.trimEnd().slice(0, 200)}`)
    .join('\n');
}

function playwrightFailures(suite, file, report) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      failures.push(
        `  ✗ ${report}: ${spec.file ?? file}:${spec.line} › ${spec.title} [${test.projectName}]\n` +
          firstLines(last?.error?.message ?? last?.errors?.[0]?.message),
      );
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, suite.file ?? file, report);
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, suite.file, file);
    for (const error of report.errors ?? [])
      failures.push(`  ✗ ${file}: ${firstLines(error.message).trim()}`);
  } else {
    // Vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const result of report.testResults ?? []) {
      const path = relative(process.cwd(), result.name);
      const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests)
        failures.push(`  ✗ ${file}: ${path} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
      // A file that failed outside its tests (an import, a beforeAll): Vitest's message for the file.
      if (result.status === 'failed' && failedTests.length === 0)
        failures.push(`  ✗ ${file}: ${path}\n${firstLines(result.message)}`);
    }
  }
}
if (failures.length > 0) {
  console.log(`Failed:\n${failures.join('\n')}`);
  if (process.env.TEST_FAILURES_FILE)
    appendFileSync(process.env.TEST_FAILURES_FILE, `${failures.join('\n')}\n`);
}
if (process.env.TEST_TOTALS_FILE)
  appendFileSync(process.env.TEST_TOTALS_FILE, `${passed} ${failed} ${skipped}\n`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
