#!/usr/bin/env bash
# Speed and memory of `busylife check` against a C program that only streams
# the same file through libical's parser, side by side in one run.
#
#   scripts/benchmark.sh [EVENTS]     (default 200000 events, about 56 MB)
#   scripts/benchmark.sh --stats [EVENTS]   (only the stats pair, below)
#
# Then, on the full size: `busylife days` and `busylife free` for one
# month, `busylife agenda` for one week and `busylife heatmap` for a year
# against the same baseline (targets: 1.5; peak memory under 64 MB for
# `days` and `heatmap`, 100 MB for the others), and `busylife conflicts`
# for one month (reported, no target), and `days` of a whole year as
# NDJSON (target: 1.6). Last, `days` of a month and
# `heatmap` of a year of a calendar of 50,000 recurring series with an
# override each (`generate-calendar.py --series`; target: under 64 MB).
# Last of all, the memory a series costs where none reaches the window:
# `days`, `agenda`, `heatmap`, `free`, `check` and `convert` on 100,000 and 200,000
# far series (target: 48 bytes a series at most; none for `convert`).
# And `busylife stats` of a year by week against `busylife heatmap` of the
# same year, alternately, on the same calendar with organizers, attendees
# and categories (`generate-calendar.py --people`; targets: 1.5 times the
# heatmap's time, under 64 MB).
#
# Writes seeded calendars to bench-data/ (5 MB, the full size and the
# 50,000 series), builds
# busylife in release mode and the C baseline, runs each job and the
# baseline alternately five times and prints the best wall time of each,
# peak memory (/usr/bin/time -v) and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
only_stats=false
if [ "${1:-}" = "--stats" ]; then only_stats=true; shift; fi
events=${1:-200000}
small=$((events / 10))
mkdir -p bench-data
[ -f "bench-data/people-$events.ics" ] || python3 scripts/generate-calendar.py --people "$events" "bench-data/people-$events.ics"
$only_stats || [ -f "bench-data/cal-$events.ics" ] || python3 scripts/generate-calendar.py "$events" "bench-data/cal-$events.ics"
$only_stats || [ -f "bench-data/cal-$small.ics" ] || python3 scripts/generate-calendar.py "$small" "bench-data/cal-$small.ics"
$only_stats || [ -f bench-data/series-50000.ics ] || python3 scripts/generate-calendar.py --series 50000 bench-data/series-50000.ics
# The binary scripts/install.sh installs: the Swift runtime linked in.
swift build -c release --static-swift-stdlib --product busylife >/dev/null
gcc -O2 -o bench-data/stream_parse Benchmarks/c-baseline/stream_parse.c $(pkg-config --cflags --libs libical)

# pair COMMAND...: the C baseline and busylife COMMAND, alternately, five
# rounds (so a noisy moment of the host hits both alike). Prints the best
# wall time (s) and peak RSS (KB) of each: "c_time c_kb b_time b_kb".
run() {
  local status=0
  /usr/bin/time -v -o bench-data/time.txt "$@" >/dev/null || status=$?
  # 2: written, with warnings (conflicts past its --limit); anything else fails.
  [ "$status" -eq 0 ] || [ "$status" -eq 2 ] || return "$status"
  awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; t=s}
              /Maximum resident/ {m=$2} END {print t, m}' bench-data/time.txt
}
pair() {
  local file=$1; shift
  local ct="" cm=0 bt="" bm=0 t m
  for _ in 1 2 3 4 5; do
    read -r t m < <(run bench-data/stream_parse "$file")
    if [ -z "$ct" ] || awk "BEGIN{exit !($t < $ct)}"; then ct=$t; fi
    [ "$m" -gt "$cm" ] && cm=$m
    read -r t m < <(run .build/release/busylife "$@" "$file")
    if [ -z "$bt" ] || awk "BEGIN{exit !($t < $bt)}"; then bt=$t; fi
    [ "$m" -gt "$bm" ] && bm=$m
  done
  echo "$ct $cm $bt $bm"
}

# stats_pair: a year of weekly statistics and the same year's heatmap, of
# the calendar with people, alternately, five rounds; best time and peak
# memory of each and the ratios.
stats_pair() {
  local file="bench-data/people-$events.ics" ht="" hm=0 st="" sm=0 t m
  for _ in 1 2 3 4 5; do
    read -r t m < <(run .build/release/busylife heatmap --year 2026 --color never --tz UTC "$file")
    if [ -z "$ht" ] || awk "BEGIN{exit !($t < $ht)}"; then ht=$t; fi
    [ "$m" -gt "$hm" ] && hm=$m
    read -r t m < <(run .build/release/busylife stats --from 2026-01-01 --to 2026-12-31 --by week --format json --tz UTC \
      --me p1@example.com "$file")
    if [ -z "$st" ] || awk "BEGIN{exit !($t < $st)}"; then st=$t; fi
    [ "$m" -gt "$sm" ] && sm=$m
  done
  printf '%s: busylife stats, a year by week: %.2f s %d MB | heatmap of the year %.2f s %d MB | time ratio %.2f (target <= 1.5) | peak %d MB (target < 64)\n' \
    "$file" "$st" $((sm / 1024)) "$ht" $((hm / 1024)) "$(awk "BEGIN{print $st/$ht}")" $((sm / 1024))
}
if $only_stats; then
  stats_pair
  exit 0
fi

for file in "bench-data/cal-$small.ics" "bench-data/cal-$events.ics"; do
  size=$(du -m "$file" | cut -f1)
  read -r ct cm bt bm < <(pair "$file" check)
  printf '%s (%s MB): C libical stream %.2f s %d MB | busylife check %.2f s %d MB | time ratio %.2f (target <= 1.3) | busylife peak %s MB (target < 64)\n' \
    "$file" "$size" "$ct" $((cm / 1024)) "$bt" $((bm / 1024)) "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024))
done

file="bench-data/cal-$events.ics"
for job in "days --from 2026-11-01 --to 2026-11-30 --format ndjson" "agenda --from 2026-11-16 --to 2026-11-22 --color never" "heatmap --year 2026 --color never" \
           "free --from 2026-11-01 --to 2026-11-30 --format ndjson"; do
  # shellcheck disable=SC2086
  read -r ct cm bt bm < <(pair "$file" $job --tz UTC)
  case $job in days*|heatmap*) target=64 ;; *) target=100 ;; esac
  printf '%s: busylife %s: %.2f s %d MB | C libical stream %.2f s | time ratio %.2f (target <= 1.5) | peak %d MB (target < %d)\n' \
    "$file" "${job%% *}" "$bt" $((bm / 1024)) "$ct" "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024)) "$target"
done

# A whole year of day models as NDJSON: the output speed target (1.6).
read -r ct cm bt bm < <(pair "$file" days --from 2026-01-01 --to 2026-12-31 --format ndjson --tz UTC)
printf '%s: busylife days, a year as NDJSON: %.2f s %d MB | C libical stream %.2f s | time ratio %.2f (target <= 1.6) | peak %d MB\n' \
  "$file" "$bt" $((bm / 1024)) "$ct" "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024))

# conflicts has no target: its time and memory are reported. The synthetic
# calendar is busy all day in every zone: November 2026 holds 6,873,335
# overlapping pairs; the first 100,000 are listed (--limit) and a warning
# counts the rest (exit 2, as the work budget's cuts; printed each round).
read -r ct cm bt bm < <(pair "$file" conflicts --from 2026-11-01 --to 2026-11-30 --format ndjson --tz UTC)
printf '%s: busylife conflicts: %.2f s %d MB | C libical stream %.2f s | time ratio %.2f (no target) | peak %d MB\n' \
  "$file" "$bt" $((bm / 1024)) "$ct" "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024))

# 50,000 recurring series with an override each: memory must not grow with
# the number of series (target: under 64 MB). The year's heatmap passes the
# work budget (a warning, exit 2, as for conflicts).
file=bench-data/series-50000.ics
for job in "days --from 2026-11-01 --to 2026-11-30 --format ndjson" "heatmap --year 2026 --color never"; do
  # shellcheck disable=SC2086
  read -r ct cm bt bm < <(pair "$file" $job --tz UTC)
  printf '%s: busylife %s: %.2f s %d MB | C libical stream %.2f s | time ratio %.2f (no target) | peak %d MB (target < 64)\n' \
    "$file" "${job%% *}" "$bt" $((bm / 1024)) "$ct" "$(awk "BEGIN{print $bt/$ct}")" $((bm / 1024))
done

# Memory a series costs where none reaches the window: two calendars of
# 100,000 and 200,000 series (`generate-calendar.py --far-series`: each
# ends before 2025, with an override), each job three times on each; the
# difference of the lowest peaks over the 100,000 series between them
# (target: a few dozen bytes a series, 48 at most).
for n in 100000 200000; do
  [ -f "bench-data/far-$n.ics" ] || python3 scripts/generate-calendar.py --far-series "$n" "bench-data/far-$n.ics"
done
lowest_peak() {
  local best="" t m
  for _ in 1 2 3; do
    read -r t m < <(run .build/release/busylife "$@")
    if [ -z "$best" ] || [ "$m" -lt "$best" ]; then best=$m; fi
  done
  echo "$best"
}
for job in "days --from 2026-11-01 --to 2026-11-30 --format ndjson" "agenda --from 2026-11-16 --to 2026-11-22 --color never" \
           "heatmap --year 2026 --color never" "free --from 2026-11-01 --to 2026-11-30" "check"; do
  # shellcheck disable=SC2086
  small_kb=$(lowest_peak $job bench-data/far-100000.ics)
  # shellcheck disable=SC2086
  large_kb=$(lowest_peak $job bench-data/far-200000.ics)
  printf 'far series: busylife %s: peak %d MB (100,000 series), %d MB (200,000) | %d bytes a series (target <= 48)\n' \
    "${job%% *}" $((small_kb / 1024)) $((large_kb / 1024)) $(((large_kb - small_kb) * 1024 / 100000))
done
# `convert` as stored with a window holds every event that may be written
# (as a record, most of them in a temporary file) until it knows which
# series the window touches: no target of its own; it held each event
# whole before (about 4,400 bytes a series).
small_kb=$(lowest_peak convert --from 2026-11-01 --to 2026-11-30 bench-data/far-100000.ics)
large_kb=$(lowest_peak convert --from 2026-11-01 --to 2026-11-30 bench-data/far-200000.ics)
printf 'far series: busylife convert, a month as stored: peak %d MB (100,000 series), %d MB (200,000) | %d bytes a series\n' \
  $((small_kb / 1024)) $((large_kb / 1024)) $(((large_kb - small_kb) * 1024 / 100000))

stats_pair
