#!/usr/bin/env bash
# Time and peak memory of every expanding command (and check) on hostile
# inputs that once hung or ran out of memory (README, "Work budget").
#
#   scripts/budget-check.sh [BINARY]   (default: a release build of busylife)
#
# Writes each input into a temporary directory, runs each command over a
# year's window (or the window named with the input) under /usr/bin/time -v
# and prints elapsed seconds, peak RSS, exit status and output size. The
# target: every run well within 2 s and 200 MB (a run is killed after 30 s).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  swift build -c release --product busylife >/dev/null
  bin=.build/release/busylife
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# cal NAME LINES...: a calendar of the given content lines.
cal() {
  local name=$1; shift
  { printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//busylife//budget-check//EN\r\n'
    printf '%s\r\n' "$@"
    printf 'END:VCALENDAR\r\n'; } > "$dir/$name.ics"
}
cal minutely-year BEGIN:VEVENT UID:minutely SUMMARY:Every minute, a year long \
  DTSTART:20260101T000000Z DTEND:20270101T000000Z RRULE:FREQ=MINUTELY END:VEVENT
cal trash-2002 BEGIN:VEVENT UID:trash SUMMARY:Weekly Trash Day \
  'DTSTART;VALUE=DATE:20020804' 'DTEND;VALUE=DATE:20220805' RRULE:FREQ=WEEKLY END:VEVENT
cal trash-1582 BEGIN:VEVENT UID:trash SUMMARY:Weekly Trash Day \
  'DTSTART;VALUE=DATE:15820804' 'DTEND;VALUE=DATE:20220805' RRULE:FREQ=WEEKLY END:VEVENT
cal duration-weeks BEGIN:VEVENT UID:weeks SUMMARY:Very long \
  DTSTART:20200106T090000Z DURATION:P99999999W RRULE:FREQ=WEEKLY END:VEVENT
lines=()
for i in $(seq 1 400); do
  lines+=(BEGIN:VEVENT "UID:long-$i" "SUMMARY:Two hundred years $i" DTSTART:19000101T090000Z DTEND:21000101T090000Z END:VEVENT)
done
cal plain-200-years "${lines[@]}"
lines=()
for i in $(seq 1 60); do
  lines+=(BEGIN:VEVENT "UID:second-$i" "SUMMARY:Every second $i" DTSTART:20260101T000000Z DTEND:20260101T000001Z RRULE:FREQ=SECONDLY END:VEVENT)
done
cal secondly-60 "${lines[@]}"
cal vtimezone-secondly BEGIN:VTIMEZONE TZID:Hostile BEGIN:STANDARD DTSTART:19700101T000000 \
  TZOFFSETFROM:+0100 TZOFFSETTO:+0100 RRULE:FREQ=SECONDLY END:STANDARD END:VTIMEZONE \
  BEGIN:VEVENT UID:zoned SUMMARY:Zoned 'DTSTART;TZID=Hostile:20260601T090000' 'DTEND;TZID=Hostile:20260601T100000' END:VEVENT
cal setpos-secondly BEGIN:VEVENT UID:setpos SUMMARY:Never DTSTART:20260601T000000Z DTEND:20260601T000001Z \
  'RRULE:FREQ=SECONDLY;COUNT=5;BYSETPOS=2' END:VEVENT
cal setpos-hourly BEGIN:VEVENT UID:setpos SUMMARY:Never DTSTART:20260601T000000Z DTEND:20260601T000001Z \
  'RRULE:FREQ=HOURLY;COUNT=5;BYSETPOS=2' END:VEVENT
# Found by an independent review after the first budget: a COUNT rule that
# counts every second from 1970; 300 COUNT series from 1970 that end long
# before the window; 300 yearly events each with an EXRULE of every second;
# a VTIMEZONE observance that changes the offset every second through BYxxx.
cal count-walk BEGIN:VEVENT UID:walk SUMMARY:Counting DTSTART:19700101T000000Z DTEND:19700101T000001Z \
  'RRULE:FREQ=SECONDLY;BYSECOND=0,1;COUNT=2000000000' END:VEVENT
lines=()
for i in $(seq 1 300); do
  lines+=(BEGIN:VEVENT "UID:count-$i" "SUMMARY:Ended $i" DTSTART:19700101T000000Z DTEND:19700101T000001Z
          "RRULE:FREQ=SECONDLY;BYSECOND=$(seq -s, 0 59);COUNT=100000" END:VEVENT)
done
cal count-300 "${lines[@]}"
lines=()
for i in $(seq 1 300); do
  lines+=(BEGIN:VEVENT "UID:exrule-$i" "SUMMARY:Yearly $i" DTSTART:20200601T090000Z DTEND:20200601T100000Z
          RRULE:FREQ=YEARLY EXRULE:FREQ=SECONDLY END:VEVENT)
done
cal exrule-300 "${lines[@]}"
cal vtimezone-byxxx BEGIN:VTIMEZONE TZID:Busy BEGIN:STANDARD DTSTART:19700101T000000 TZOFFSETFROM:+0100 \
  TZOFFSETTO:+0100 "RRULE:FREQ=DAILY;BYHOUR=$(seq -s, 0 23);BYMINUTE=$(seq -s, 0 59);BYSECOND=$(seq -s, 0 59)" END:STANDARD \
  BEGIN:DAYLIGHT DTSTART:19700101T000000 TZOFFSETFROM:+0100 TZOFFSETTO:+0200 \
  "RRULE:FREQ=DAILY;BYHOUR=$(seq -s, 0 23);BYMINUTE=$(seq -s, 0 59);BYSECOND=$(seq -s, 0 59)" END:DAYLIGHT END:VTIMEZONE \
  BEGIN:VEVENT UID:zoned SUMMARY:Zoned 'DTSTART;TZID=Busy:20260601T090000' 'DTEND;TZID=Busy:20260601T100000' END:VEVENT

year=(--from 2026-01-01 --to 2026-12-31 --tz UTC)
printf '%-22s %-12s %-24s %8s %8s %5s %10s\n' input command window seconds MB exit bytes
run() {
  local input=$1 label=$2; shift 2
  local status=0
  timeout -s KILL 30 /usr/bin/time -v -o "$dir/time.txt" "$bin" "$@" "$dir/$input.ics" >"$dir/out" 2>"$dir/err" || status=$?
  local seconds kb
  seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(i=1;i<=n;i++) s=s*60+p[i]; print s}' "$dir/time.txt")
  kb=$(awk -F': ' '/Maximum resident/ {print $2}' "$dir/time.txt")
  printf '%-22s %-12s %-24s %8.2f %8d %5d %10d\n' "$input" "$1" "$label" "$seconds" $((kb / 1024)) "$status" "$(wc -c <"$dir/out")"
}
for input in minutely-year trash-2002 trash-1582 duration-weeks plain-200-years vtimezone-secondly setpos-secondly setpos-hourly \
             count-walk count-300 exrule-300 vtimezone-byxxx; do
  run "$input" "year 2026" check
  for command in occurrences days agenda heatmap stats; do
    run "$input" "year 2026" "$command" "${year[@]}"
  done
done
for command in occurrences days agenda heatmap stats; do
  run plain-200-years "1901..2099" "$command" --from 1901-01-01 --to 2099-12-31 --tz UTC
done
for command in occurrences days agenda heatmap stats; do
  run secondly-60 "one day" "$command" --from 2026-06-01 --to 2026-06-01 --tz UTC
  run setpos-secondly "one day" "$command" --from 2026-06-01 --to 2026-06-01 --tz UTC
done
