#!/usr/bin/env bash
# `npm test`: every stage of the suite, in the order a failure is cheapest to find. Stages keep going
# after a failure so one run shows everything that is broken; the exit status is non-zero if anything
# failed. The last line is always "<passed> passed, <failed> failed", summed over all stages: vitest
# stages count their tests, type-check and build count as one check each, a stage that could not run
# counts as one failure. Lint (Biome: lint rules and formatting) counts as one check, like type-check.
#
# Environment:
#   CI=true          PostgreSQL at TEST_PG_URL must be reachable, otherwise that stage fails.
#   TEST_PG_URL      defaults to postgres://postgres@127.0.0.1:5432/test (see tests/fixtures/db.ts).
#   FOYER_SKIP_E2E=1 skips the browser stage (loudly); CI never should.
set -uo pipefail

cd "$(dirname "$0")/.."

export TEST_PG_URL="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/test}"
REPORT_DIR="$(mktemp -d "${TMPDIR:-/tmp}/foyer-test.XXXXXX")"
trap 'rm -rf "$REPORT_DIR"' EXIT

PASSED=0
FAILED=0
SUMMARY=()
SUITE_START=$SECONDS

banner() { printf '\n\033[1m=== %s ===\033[0m\n' "$1"; }
loud() { printf '\n\033[1;33m!!! %s\033[0m\n\n' "$1" >&2; }

record() { # name passed failed seconds [note]
  PASSED=$((PASSED + $2))
  FAILED=$((FAILED + $3))
  SUMMARY+=("$(printf '%-26s %4s passed %4s failed %5ss  %s' "$1" "$2" "$3" "$4" "${5:-}")")
}

# A stage that is a single check: passes when the command exits 0.
run_check() { # name command...
  local name="$1"
  shift
  banner "$name"
  local start=$SECONDS
  if "$@"; then
    record "$name" 1 0 $((SECONDS - start))
  else
    record "$name" 0 1 $((SECONDS - start)) "exit $?"
  fi
}

# A vitest project; counts come from its JSON report, so they are the tests vitest actually ran.
run_vitest() { # name project [env assignments...]
  local name="$1" project="$2"
  shift 2
  banner "$name"
  local start=$SECONDS
  local report="$REPORT_DIR/$project-$RANDOM.json"
  env "$@" npx vitest run --project "$project" --passWithNoTests \
    --reporter=default --reporter=json --outputFile.json="$report"
  local status=$?
  local counts passed failed flaky missing note=""
  counts="$(node --import tsx scripts/vitest-counts.ts "$report")"
  read -r passed failed flaky missing <<<"$counts"
  if [[ "${flaky:-0}" -gt 0 ]]; then
    note="$flaky passed only on a retry (named above)"
  fi
  if [[ "${missing:-}" == "missing" ]]; then
    note="no report (vitest crashed?)"
    failed=$((failed + 1))
  elif [[ $status -ne 0 && $failed -eq 0 ]]; then
    # Vitest failed the run without a failed test: an unhandled error or a crashed worker.
    note="vitest exit $status with no failed test"
    failed=1
  fi
  record "$name" "$passed" "$failed" $((SECONDS - start)) "$note"
}

postgres_reachable() {
  node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.env.TEST_PG_URL, connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query("select 1")).then(() => c.end()).then(
      () => process.exit(0),
      (e) => { console.error(String(e.message || e)); process.exit(1); });
  '
}

run_check "type-check" npm run typecheck --silent

run_check "lint" npm run lint --silent

run_vitest "unit" unit

run_vitest "integration (PGlite)" integration

banner "integration (PostgreSQL)"
if pg_error="$(postgres_reachable 2>&1)"; then
  run_vitest "integration (PostgreSQL)" integration FOYER_TEST_DB=postgres
elif [[ "${CI:-}" == "true" ]]; then
  echo "PostgreSQL is not reachable at $TEST_PG_URL: $pg_error" >&2
  echo "CI must run the integration suite on PostgreSQL too. Start PostgreSQL 15 there or set TEST_PG_URL." >&2
  record "integration (PostgreSQL)" 0 1 0 "PostgreSQL unreachable on CI"
else
  loud "SKIPPING the PostgreSQL integration suite: nothing answers at $TEST_PG_URL ($pg_error). CI runs it; start PostgreSQL or set TEST_PG_URL to run it here."
  SUMMARY+=("$(printf '%-26s %s' "integration (PostgreSQL)" "SKIPPED: PostgreSQL unreachable")")
fi

run_check "build" npm run build

banner "e2e"
if [[ "${FOYER_SKIP_E2E:-}" == "1" && "${CI:-}" != "true" ]]; then
  loud "SKIPPING the browser suite because FOYER_SKIP_E2E=1."
  SUMMARY+=("$(printf '%-26s %s' "e2e" "SKIPPED: FOYER_SKIP_E2E=1")")
elif [[ ! -f dist/index.html || ! -f dist/sw.js ]]; then
  echo "e2e needs the built app (dist/index.html and dist/sw.js); the build stage did not produce it." >&2
  record "e2e" 0 1 0 "not run: no build"
elif ! bash scripts/ensure-chromium.sh; then
  record "e2e" 0 1 0 "not run: no Chromium"
else
  run_vitest "e2e" e2e
fi

banner "summary"
for line in "${SUMMARY[@]}"; do echo "$line"; done
echo "total time $((SECONDS - SUITE_START))s"
echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
