#!/usr/bin/env bash
# Runs `npm test` RUNS times in a row (default 10) beside two CPU-bound processes, so a test that
# leans on real time shows up as a flake. Prints each run's result and time, then a tally; exits
# non-zero if any run failed. The busy processes are this script's own, killed by pid on exit.
#
#   scripts/ten-runs.sh              # 10 runs (30-50 minutes on a 2-core machine)
#   RUNS=1 scripts/ten-runs.sh       # one run, to try the script
#   LOG_DIR=/tmp/runs scripts/ten-runs.sh   # keep each run's full output there
set -u

runs="${RUNS:-10}"
log_dir="${LOG_DIR:-$(mktemp -d -t ten-runs-XXXXXX)}"
mkdir -p "$log_dir"
cd "$(dirname "$0")/.." || exit 2

busy=()
stop_busy() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
}
trap stop_busy EXIT
trap 'exit 130' INT TERM
for _ in 1 2; do
  node -e 'for (;;) {}' &
  busy+=("$!")
done
echo "busy processes: ${busy[*]}; logs in $log_dir"

passed=0
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if npm test >"$log_dir/run-$i.log" 2>&1; then
    result=pass
    passed=$((passed + 1))
  else
    result=FAIL
    failed=$((failed + 1))
  fi
  secs=$(($(date +%s) - start))
  # vitest's summary lines, without colour codes.
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log_dir/run-$i.log" | grep -E '^ +(Test Files|Tests) ' | tr -s ' ' | paste -sd';' -)
  printf 'run %2d/%d: %s in %4ds  %s\n' "$i" "$runs" "$result" "$secs" "$summary"
  if [ "$result" = FAIL ]; then
    sed 's/\x1b\[[0-9;]*m//g' "$log_dir/run-$i.log" | grep -E '(FAIL|×) ' | sort -u | head -20 | sed 's/^/    /'
  fi
done

echo "tally: $passed passed, $failed failed, of $runs runs"
[ "$failed" -eq 0 ]
