#!/usr/bin/env bash
# `npm test`: lint, typecheck, build, unit + integration (PGlite, or PostgreSQL when DATABASE_URL is
# set), then the end-to-end suite in Chromium with axe. Ends with one "N passed, N failed" line.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

bash scripts/ensure-chromium.sh
if [ -n "${DATABASE_URL:-}" ]; then
  echo "▶ database: PostgreSQL ($DATABASE_URL)"
else
  echo "▶ database: embedded PGlite"
fi

mkdir -p reports
rm -f reports/vitest.json reports/playwright.json
status=0
echo "▶ lint";      npm run --silent lint
echo "▶ typecheck"; npm run --silent typecheck
echo "▶ build";     npm run --silent build >/dev/null
echo "▶ unit + integration"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json || status=$?
echo "▶ end-to-end (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json npx playwright test --reporter=list,json || status=$?
node scripts/test-summary.mjs
exit "$status"
