#!/usr/bin/env bash
# `npm test`: every check on one engine: lint and typecheck (side by side), build, unit, integration
# (PGlite, or PostgreSQL when DATABASE_URL is set), then the end-to-end suite in Chromium with axe.
# Ends with one "N passed, N failed" line.
#
# `npm test -- PHASE…` runs only the phases named, in this order whatever the order given (CI runs the
# engine-free phases once and the database ones per engine: .ci/run, docs/testing.md):
#   lint typecheck build unit integration e2e e2e-smoke
# e2e-smoke is the e2e tests tagged @smoke (start, browse, sign up, buy, admin sign-in); e2e runs them
# all. integration and e2e use the existing build when `build` is not named.
# Each phase prints "⏱ <phase>: N s" as it ends, and appends "<phase>\tN" to $TEST_TIMES_FILE when set.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

order=(lint typecheck build unit integration e2e e2e-smoke)
declare -A wanted=()
if [ $# -eq 0 ]; then
  for phase in lint typecheck build unit integration e2e; do wanted[$phase]=1; done
else
  for phase in "$@"; do
    case " ${order[*]} " in
      *" $phase "*) wanted[$phase]=1 ;;
      *)
        echo "npm test: unknown phase '$phase' (phases: ${order[*]})" >&2
        exit 2
        ;;
    esac
  done
fi
on() { [ -n "${wanted[$1]:-}" ]; }

if [ -n "${DATABASE_URL:-}" ]; then engine=postgres engine_name=PostgreSQL; else engine=pglite engine_name=PGlite; fi

# Seconds of one phase: printed as it ends, and kept for .ci/run's table.
timed() {
  local label=$1 seconds=$2
  echo "⏱ $label: $seconds s"
  if [ -n "${TEST_TIMES_FILE:-}" ]; then printf '%s\t%s\n' "$label" "$seconds" >>"$TEST_TIMES_FILE"; fi
}

# A phase that must pass for the rest to mean anything (lint, typecheck, build): stops the run.
gate() {
  local label=$1 start=$SECONDS
  shift
  echo "▶ $label"
  "$@"
  timed "$label" $((SECONDS - start))
}

if on e2e || on e2e-smoke; then bash scripts/ensure-chromium.sh; fi
if on integration || on e2e || on e2e-smoke; then
  if [ "$engine" = postgres ]; then
    echo "▶ database: PostgreSQL ($DATABASE_URL)"
  else
    echo "▶ database: embedded PGlite"
  fi
fi

if on lint && on typecheck; then
  # Two single-threaded tools, one core each. Each one's output is shown whole once both are done.
  logs=$(mktemp -d)
  echo "▶ lint and typecheck, side by side"
  start=$SECONDS
  (
    code=0
    npm run --silent lint >"$logs/lint" 2>&1 || code=$?
    echo $((SECONDS - start)) >"$logs/lint.s"
    exit "$code"
  ) &
  lint_pid=$!
  (
    code=0
    npm run --silent typecheck >"$logs/typecheck" 2>&1 || code=$?
    echo $((SECONDS - start)) >"$logs/typecheck.s"
    exit "$code"
  ) &
  typecheck_pid=$!
  lint_status=0 typecheck_status=0
  wait "$lint_pid" || lint_status=$?
  wait "$typecheck_pid" || typecheck_status=$?
  wall=$((SECONDS - start))
  for tool in lint typecheck; do
    echo "▶ $tool"
    cat "$logs/$tool"
    timed "$tool" "$(cat "$logs/$tool.s")"
  done
  rm -rf "$logs"
  timed "lint and typecheck (wall clock)" "$wall"
  if [ "$lint_status" != 0 ] || [ "$typecheck_status" != 0 ]; then
    echo "lint or typecheck failed (see above)" >&2
    exit 1
  fi
else
  if on lint; then gate lint npm run --silent lint; fi
  if on typecheck; then gate typecheck npm run --silent typecheck; fi
fi
if on build; then gate build sh -c 'npm run --silent build >/dev/null'; fi

if { on integration || on e2e || on e2e-smoke; } && [ ! -f build/server/index.js ]; then
  echo "npm test: integration and e2e tests need the build: run 'npm test -- build …' or 'npm run build' first." >&2
  exit 1
fi

# One JSON report per phase (and engine), read by scripts/test-summary.mjs; durations are in them.
mkdir -p reports
reports=()
status=0
# A phase of tests: a failure is counted and the next phase still runs.
tests() {
  local label=$1 report=$2 start=$SECONDS
  shift 2
  echo "▶ $label"
  rm -f "$report"
  reports+=("$report")
  "$@" || status=$?
  timed "$label" $((SECONDS - start))
}

if on unit; then
  tests unit reports/unit.json \
    npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=reports/unit.json
fi
if on integration; then
  tests "integration ($engine_name)" "reports/integration-$engine.json" \
    npx vitest run --project integration --reporter=default --reporter=json \
    "--outputFile.json=reports/integration-$engine.json"
fi
# A failed test's trace and screenshot stay in test-results/<phase>-<engine>/ (the next run's
# Playwright empties only its own).
if on e2e; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e-$engine.json \
    tests "e2e ($engine_name)" "reports/e2e-$engine.json" \
    npx playwright test --reporter=list,json "--output=test-results/e2e-$engine"
elif on e2e-smoke; then
  PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e-smoke-$engine.json \
    tests "e2e smoke ($engine_name)" "reports/e2e-smoke-$engine.json" \
    npx playwright test --grep @smoke --reporter=list,json "--output=test-results/e2e-smoke-$engine"
fi
if [ ${#reports[@]} -gt 0 ]; then node scripts/test-summary.mjs "${reports[@]}"; fi
exit "$status"
