#!/usr/bin/env bash
# The targets of `busylife serve` and `busylife html` (docs/performance.md):
#
#   scripts/benchmark-serve.sh [EVENTS] [ROUNDS]   (default 200000 events, 9 rounds)
#   BUSYLIFE=path/to/busylife scripts/benchmark-serve.sh   (that binary and the busylife-net beside it, not built)
#
# Starts `busylife serve` (release build, as scripts/benchmark.sh builds
# it) on the benchmark calendar of scripts/benchmark.sh (bench-data/,
# generated when missing) and asks /api/days for November 9000 and for
# November 2026 (near the fixed today), and runs `busylife days` for
# November 9000 as a command, alternately, ROUNDS rounds (so that a noisy
# moment of the host hits all three alike); prints the median wall time of
# each and the ratios (targets: year 9000 at most 1.5 times the month near
# today, and no slower than the command). Then writes
# `busylife html samples/` for the year 2026 and prints its size (target:
# under 1 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-200000}
rounds=${2:-9}
file="bench-data/cal-$events.ics"
mkdir -p bench-data
[ -f "$file" ] || python3 scripts/generate-calendar.py "$events" "$file"
bin=${BUSYLIFE:-}
if [ -z "$bin" ]; then
  swift build -c release --static-swift-stdlib --product busylife >/dev/null
  # serve and html run in busylife's network part, found beside it.
  swift build -c release --static-swift-stdlib --product busylife-net >/dev/null
  bin=.build/release/busylife
fi
flags=(--today 2026-11-22 --tz UTC)

"$bin" serve "$file" "${flags[@]}" --port 0 2>bench-data/serve.err &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 600); do
  grep -q 'serving http' bench-data/serve.err && break
  sleep 0.1
done
address=$(grep -o 'http://[^ ]*' bench-data/serve.err | head -1)
[ -n "$address" ] || { cat bench-data/serve.err >&2; exit 1; }

# The wall time of one request in seconds; fails unless it answers 200.
request() {
  local got
  got=$(curl -s -o bench-data/reply.json -w '%{http_code} %{time_total}' "${address}api/days?from=$1&to=$2")
  [ "${got%% *}" = 200 ] || { echo "request $1 – $2: ${got%% *}" >&2; cat bench-data/reply.json >&2; exit 1; }
  echo "${got#* }"
}
command_time() {
  local start end
  start=$(date +%s%N)
  "$bin" days "$file" --from 9000-11-01 --to 9000-11-30 "${flags[@]}" >bench-data/command.json
  end=$(date +%s%N)
  awk -v n=$((end - start)) 'BEGIN { printf "%.4f\n", n / 1e9 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

request 2026-11-01 2026-11-30 >/dev/null  # the first request after start pays for nothing the others do not
far=() near=() run=()
for _ in $(seq "$rounds"); do
  far+=("$(request 9000-11-01 9000-11-30)")
  near+=("$(request 2026-11-01 2026-11-30)")
  run+=("$(command_time)")
done
request 9000-11-01 9000-11-30 >/dev/null
cmp -s bench-data/reply.json bench-data/command.json || { echo "/api/days and busylife days differ for November 9000" >&2; exit 1; }
far_s=$(printf '%s\n' "${far[@]}" | median)
near_s=$(printf '%s\n' "${near[@]}" | median)
run_s=$(printf '%s\n' "${run[@]}" | median)
awk -v f="$far_s" -v n="$near_s" -v c="$run_s" -v r="$rounds" -v e="$events" 'BEGIN {
  printf "/api/days, November 9000 against November 2026, %d events: %.3f s against %.3f s = %.2f (target <= 1.5)\n", e, f, n, f / n
  printf "/api/days against busylife days, November 9000: %.3f s against %.3f s = %.2f (target <= 1)\n", f, c, f / c
  printf "(medians of %d rounds)\n", r }'

"$bin" html samples/ --from 2026-01-01 --to 2026-12-31 "${flags[@]}" -o bench-data/year.html
size=$(stat -c %s bench-data/year.html)
awk -v s="$size" 'BEGIN { printf "busylife html samples/, 2026: %d bytes = %.2f MB (target < 1 MB)\n", s, s / 1e6 }'
