#!/usr/bin/env bash
# Reading many small files against reading their content in one file: a
# vdir of one-event files (vdirsyncer's layout, each file with its
# VTIMEZONE; scripts/generate-vdir.py) and the same events in one `.ics`.
#
#   scripts/benchmark-vdir.sh [EVENTS] [ROUNDS]    (default 5000 events, 5 rounds)
#   scripts/benchmark-vdir.sh --callgrind [EVENTS]
#
# Builds busylife as scripts/benchmark.sh does (release, the Swift runtime
# linked in), then runs `agenda` of a month, `days` of a month and `check`
# on the vdir and on the file alternately, ROUNDS rounds, and prints for
# each the median wall time (scripts/measure.py: to the tenth of a
# millisecond), processor time (user + system) and peak memory of both,
# and the ratio vdir / file of the wall times (target: 1.5 at most).
# Last, what the kernel alone takes to list the vdir and to open, read
# and close its files on every core, parsing nothing
# (Benchmarks/c-baseline/folder_read.c): the least the vdir adds.
#
# BUSYLIFE=path runs that binary instead of building one (a baseline).
#
# With --callgrind, one run of `agenda` on each under valgrind's callgrind
# instead: the instructions each took and where they went (inclusive, the
# top functions), the profiles left in bench-data/callgrind.*.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=false
if [ "${1:-}" = "--callgrind" ]; then profile=true; shift; fi
events=${1:-5000}
rounds=${2:-5}
vdir=bench-data/vdir-$events
single=bench-data/vdir-$events.ics
mkdir -p bench-data
[ -f "$single" ] && [ -d "$vdir" ] || python3 scripts/generate-vdir.py "$events" "$vdir" "$single"
if [ -n "${BUSYLIFE:-}" ]; then
  bin=$BUSYLIFE
else
  swift build -c release --static-swift-stdlib --product busylife >/dev/null
  bin=.build/release/busylife
fi

jobs=("agenda --from 2026-11-01 --to 2026-11-30 --color never --tz UTC"
      "days --from 2026-11-01 --to 2026-11-30 --format ndjson --tz UTC"
      "check")

if $profile; then
  # valgrind 3.19 gives up on the DWARF 5 this toolchain writes: profile
  # a copy without it (the symbol table still names every function).
  objcopy --strip-debug "$bin" bench-data/busylife-nodebug
  bin=bench-data/busylife-nodebug
  for input in "$single" "$vdir"; do
    out=bench-data/callgrind.$(basename "$input")
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --callgrind-out-file="$out" $bin ${jobs[0]} "$input" >/dev/null 2>"$out.log"
    printf '%s: %s instructions (agenda of a month)\n' "$input" \
      "$(awk '/^summary:|^totals:/ {print $2; exit}' "$out")"
    # sed, not head: it reads to the end, so the annotation never dies of a closed pipe.
    callgrind_annotate --inclusive=yes "$out" 2>/dev/null | sed -n '/file:function/,$p' | sed -n '1,40p' |
      { swift demangle --simplified 2>/dev/null || cat; } | cut -c1-160
  done
  exit 0
fi

# run COMMAND...: "wall cpu peak_kb" of one run; a run that fails stops the script.
run() {
  local times
  times=$(python3 scripts/measure.py --cpu /dev/null "$@") || { echo "failed: $*" >&2; exit 1; }
  echo "$times" | awk '{print $1, $3, $2}'
}
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

for job in "${jobs[@]}"; do
  : >bench-data/vdir-rounds.txt
  for _ in $(seq "$rounds"); do
    # shellcheck disable=SC2086
    row=$(run $bin $job "$single") || exit 1
    echo "file $row" >>bench-data/vdir-rounds.txt
    # shellcheck disable=SC2086
    row=$(run $bin $job "$vdir") || exit 1
    echo "vdir $row" >>bench-data/vdir-rounds.txt
  done
  stat() { awk -v k="$1" -v c="$2" '$1 == k {print $c}' bench-data/vdir-rounds.txt | median; }
  fw=$(stat file 2) fc=$(stat file 3) fm=$(stat file 4)
  vw=$(stat vdir 2) vc=$(stat vdir 3) vm=$(stat vdir 4)
  printf '%s: one file %.1f ms (cpu %.1f ms, %d MB) | vdir of %d files %.1f ms (cpu %.1f ms, %d MB) | ratio %.2f (target <= 1.5)\n' \
    "${job%% *}" "$(awk "BEGIN{print $fw * 1000}")" "$(awk "BEGIN{print $fc * 1000}")" $((${fm%.*} / 1024)) "$events" \
    "$(awk "BEGIN{print $vw * 1000}")" "$(awk "BEGIN{print $vc * 1000}")" $((${vm%.*} / 1024)) \
    "$(awk "BEGIN{print ($fw > 0) ? $vw / $fw : 0}")"
done

gcc -O2 -pthread -o bench-data/folder_read Benchmarks/c-baseline/folder_read.c
for _ in $(seq "$rounds"); do bench-data/folder_read "$vdir"; done | sort -k5,5 -g | sed -n "$(((rounds + 1) / 2))p" |
  sed 's/^/the kernel alone, median of the reading: /'
