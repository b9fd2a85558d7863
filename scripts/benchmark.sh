#!/usr/bin/env bash
# Speed and memory of `busylife check` against a C program that only streams
# the same file through libical's parser, side by side in one run.
#
#   scripts/benchmark.sh [EVENTS]     (default 200000 events, about 56 MB)
#
# Then, on the full size: `busylife days` for one month, `busylife agenda`
# for one week and `busylife heatmap` for a year against the same baseline
# (targets: 1.5, and peak memory under 100 MB).
#
# Writes seeded calendars to bench-data/ (5 MB and the full size), builds
# busylife in release mode and the C baseline, runs each three times and
# prints best wall time, peak memory (/usr/bin/time -v) and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
events=${1:-200000}
small=$((events / 10))
mkdir -p bench-data
[ -f "bench-data/cal-$events.ics" ] || python3 scripts/generate-calendar.py "$events" "bench-data/cal-$events.ics"
[ -f "bench-data/cal-$small.ics" ] || python3 scripts/generate-calendar.py "$small" "bench-data/cal-$small.ics"
swift build -c release --product busylife >/dev/null
gcc -O2 -o bench-data/stream_parse Benchmarks/c-baseline/stream_parse.c $(pkg-config --cflags --libs libical)

# measure NAME COMMAND...: best of three wall times (s) and the peak RSS (KB).
measure() {
  local best="" peak=0
  for _ in 1 2 3; do
    /usr/bin/time -v -o bench-data/time.txt "$@" >/dev/null
    local t m
    t=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' bench-data/time.txt)
    m=$(awk -F': ' '/Maximum resident/ {print $2}' bench-data/time.txt)
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    [ "$m" -gt "$peak" ] && peak=$m
  done
  echo "$best $peak"
}

for file in "bench-data/cal-$small.ics" "bench-data/cal-$events.ics"; do
  size=$(du -m "$file" | cut -f1)
  read -r ct cm < <(measure bench-data/stream_parse "$file")
  read -r bt bm < <(measure .build/release/busylife check "$file")
  printf '%s (%s MB): C libical stream %.2f s %d MB | busylife check %.2f s %d MB | time ratio %.2f (target <= 1.3) | busylife peak %s MB (target < 64)\n' \
    "$file" "$size" "$ct" $((cm / 1024)) "$bt" $((bm / 1024)) "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024))
done

file="bench-data/cal-$events.ics"
read -r ct cm < <(measure bench-data/stream_parse "$file")
for job in "days --from 2026-11-01 --to 2026-11-30 --format ndjson" "agenda --from 2026-11-16 --to 2026-11-22 --color never" "heatmap --year 2026 --color never"; do
  # shellcheck disable=SC2086
  read -r bt bm < <(measure .build/release/busylife $job --tz UTC "$file")
  printf '%s: busylife %s: %.2f s %d MB | C libical stream %.2f s | time ratio %.2f (target <= 1.5) | peak %d MB (target < 100)\n' \
    "$file" "${job%% *}" "$bt" $((bm / 1024)) "$ct" "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024))
done
