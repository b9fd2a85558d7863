#!/usr/bin/env bash
# busylife against a peer and the C baseline, side by side in one run:
#
#   0. `occurrences` (NDJSON) of one year of a 5,000-event synthetic
#      calendar against `ics-query between` on the same year and file
#      (target: at least 100 times faster).
#   1. `convert --format ics --expand` over one year of a 5,000-event
#      synthetic calendar (1.4 MB) against `ics-query between` (Python,
#      over recurring-ical-events) on the same year and file: target at
#      least 50 times faster.
#   2. `convert --format ics` (as stored) of the full-size calendar
#      (200,000 events, 56 MB) against the C program that only streams it
#      through libical: target at most 2 times, memory flat.
#   3. `occurrences` of a larger window, 2020-2035 of the 5,000-event
#      calendar (about 183,000 occurrences), into a file: occurrences
#      written per second of busylife's own wall time, from its start to
#      its exit (target: 3 million).
#
#   scripts/benchmark-peers.sh [ROUNDS]    (default 5)
#
# Every run is printed (the host is noisy), then the medians and ratios.
# ics-query is installed with pip into bench-data/venv (pinned).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
mkdir -p bench-data
[ -f bench-data/cal-5000.ics ] || python3 scripts/generate-calendar.py 5000 bench-data/cal-5000.ics
[ -f bench-data/cal-200000.ics ] || python3 scripts/generate-calendar.py 200000 bench-data/cal-200000.ics
if ! bench-data/venv/bin/ics-query --version >/dev/null 2>&1; then
  python3 -m venv bench-data/venv
  bench-data/venv/bin/pip install --quiet --disable-pip-version-check ics-query==0.5.34
fi
# The binary scripts/install.sh installs: the Swift runtime linked in.
swift build -c release --static-swift-stdlib --product busylife >/dev/null
gcc -O2 -o bench-data/stream_parse Benchmarks/c-baseline/stream_parse.c $(pkg-config --cflags --libs libical)

# run OUT COMMAND...: wall seconds and peak KB of one run, output to OUT
# (scripts/measure.py: from the process's start to its reaping, no shell's
# or timer's start-up in it; peak memory as /usr/bin/time -v gives it).
# A run that fails prints nothing but its message: `read` then meets the
# end of its input and `set -e` stops the script.
run() {
  python3 scripts/measure.py "$@"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "0. occurrences of a year: bench-data/cal-5000.ics, 2026-01-01 .. 2026-12-31, UTC"
bl=(); iq=()
for i in $(seq "$rounds"); do
  read -r t m < <(run bench-data/busylife-2026.ndjson .build/release/busylife occurrences bench-data/cal-5000.ics \
                    --from 2026-01-01 --to 2026-12-31 --tz UTC)
  bl+=("$t"); printf '  round %d: busylife occurrences %.3f s %d MB' "$i" "$t" $((m / 1024))
  read -r t m < <(run /dev/null bench-data/venv/bin/ics-query between --component VEVENT 2026-01-01 2027-01-01 \
                    bench-data/cal-5000.ics bench-data/ics-query-2026.ics)
  iq+=("$t"); printf ' | ics-query between %.3f s %d MB | ratio %.1f\n' "$t" $((m / 1024)) "$(awk "BEGIN{print $t/${bl[-1]}}")"
done
b=$(printf '%s\n' "${bl[@]}" | median); q=$(printf '%s\n' "${iq[@]}" | median)
printf '  medians: busylife %.3f s, ics-query %.3f s: busylife is %.1f times faster (target >= 100); %d occurrences\n' \
  "$b" "$q" "$(awk "BEGIN{print $q/$b}")" "$(wc -l < bench-data/busylife-2026.ndjson)"

echo "1. a year expanded: bench-data/cal-5000.ics, 2026-01-01 .. 2026-12-31, UTC"
bl=(); iq=()
for i in $(seq "$rounds"); do
  read -r t m < <(run bench-data/busylife-2026.ics .build/release/busylife convert bench-data/cal-5000.ics \
                    --format ics --expand --from 2026-01-01 --to 2026-12-31 --tz UTC)
  bl+=("$t"); printf '  round %d: busylife convert --expand %.3f s %d MB' "$i" "$t" $((m / 1024))
  read -r t m < <(run /dev/null bench-data/venv/bin/ics-query between --component VEVENT 2026-01-01 2027-01-01 \
                    bench-data/cal-5000.ics bench-data/ics-query-2026.ics)
  iq+=("$t"); printf ' | ics-query between %.3f s %d MB | ratio %.1f\n' "$t" $((m / 1024)) "$(awk "BEGIN{print $t/${bl[-1]}}")"
done
b=$(printf '%s\n' "${bl[@]}" | median); q=$(printf '%s\n' "${iq[@]}" | median)
printf '  medians: busylife %.3f s, ics-query %.3f s: busylife is %.1f times faster (target >= 50)\n' "$b" "$q" "$(awk "BEGIN{print $q/$b}")"
printf '  VEVENTs written: busylife %d, ics-query %d\n' "$(grep -c '^BEGIN:VEVENT' bench-data/busylife-2026.ics)" \
  "$(grep -c '^BEGIN:VEVENT' bench-data/ics-query-2026.ics)"

echo "2. as stored: bench-data/cal-200000.ics ($(du -m bench-data/cal-200000.ics | cut -f1) MB)"
cs=(); cv=(); peak=0
for i in $(seq "$rounds"); do
  read -r t m < <(run /dev/null bench-data/stream_parse bench-data/cal-200000.ics)
  cs+=("$t"); printf '  round %d: C libical stream %.2f s %d MB' "$i" "$t" $((m / 1024))
  read -r t m < <(run /dev/null .build/release/busylife convert bench-data/cal-200000.ics --format ics)
  cv+=("$t"); [ "$m" -gt "$peak" ] && peak=$m
  printf ' | busylife convert %.2f s %d MB | ratio %.2f\n' "$t" $((m / 1024)) "$(awk "BEGIN{print $t/${cs[-1]}}")"
done
c=$(printf '%s\n' "${cs[@]}" | median); v=$(printf '%s\n' "${cv[@]}" | median)
printf '  medians: C %.2f s, busylife convert %.2f s: ratio %.2f (target <= 2), peak %d MB\n' "$c" "$v" "$(awk "BEGIN{print $v/$c}")" $((peak / 1024))

echo "3. a larger window: bench-data/cal-5000.ics, 2020-01-01 .. 2035-12-31, UTC"
bw=()
for i in $(seq "$rounds"); do
  # The last round's 92 MB gone and flushed first: the kernel writing it
  # back would otherwise take one of the two cores during this round.
  rm -f bench-data/busylife-2020-2035.ndjson
  sync
  read -r t m < <(run bench-data/busylife-2020-2035.ndjson .build/release/busylife occurrences bench-data/cal-5000.ics \
                    --from 2020-01-01 --to 2035-12-31 --tz UTC)
  bw+=("$t"); n=$(wc -l < bench-data/busylife-2020-2035.ndjson)
  printf '  round %d: busylife occurrences %.3f s %d MB | %d occurrences, %.2f million a second\n' "$i" "$t" $((m / 1024)) "$n" \
    "$(awk "BEGIN{print $n/$t/1e6}")"
done
b=$(printf '%s\n' "${bw[@]}" | median)
printf '  median: %.3f s, %.2f million occurrences a second (target >= 3)\n' "$b" "$(awk "BEGIN{print $n/$b/1e6}")"
rm -f bench-data/busylife-2020-2035.ndjson
