#!/usr/bin/env bash
# Speed of the recurrence engine, side by side in one run:
#  1. far window: a week in year 9000 against a week in 1971, same rule
#     from 1970 (target: ratio <= 1.5 for each rule);
#  2. throughput: the first N instances from DTSTART, busylife's engine
#     against libical's C iterator on the same rules (target: ours >= libical's).
#
#   scripts/benchmark-settle.sh [N]     (default 100000 instances)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-100000}
mkdir -p bench-data
swift build -c release --product settle-benchmark >/dev/null
gcc -O2 -o bench-data/recur_throughput Benchmarks/c-baseline/recur_throughput.c $(pkg-config --cflags --libs libical)
start=19700101T090000
rules=(FREQ=DAILY "FREQ=MONTHLY;BYDAY=-1FR" "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO" "FREQ=HOURLY;INTERVAL=7")

echo "Far window (a week, per call): rule | 1971 instances, time | 9000 instances, time | ratio (target <= 1.5)"
.build/release/settle-benchmark far "$start" "${rules[@]}" | while IFS=$'\t' read -r rule n1 t1 n2 t2; do
  printf '  %-34s | %3d %8.2f us | %3d %8.2f us | %.2f\n' "$rule" "$n1" "$(awk "BEGIN{print $t1*1e6}")" "$n2" "$(awk "BEGIN{print $t2*1e6}")" "$(awk "BEGIN{print $t2/$t1}")"
done

# libical stops at 2582 and is only sound for daily or coarser rules; the
# throughput rules stay inside that range.
throughput=(FREQ=DAILY "FREQ=WEEKLY;BYDAY=MO,WE,FR" "FREQ=MONTHLY;BYDAY=-1FR" "FREQ=MONTHLY;BYMONTHDAY=1,15" "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU" "FREQ=HOURLY;INTERVAL=7")
echo "Throughput (first $n instances, best of 3): rule | libical C | busylife | ratio busylife/libical speed (target >= 1)"
paste <(bench-data/recur_throughput "$start" "$n" "${throughput[@]}") <(.build/release/settle-benchmark throughput "$start" "$n" "${throughput[@]}") |
while IFS=$'\t' read -r rule cn ct _ bn bt; do
  printf '  %-34s | %6d in %.4f s (%.1f M/s) | %6d in %.4f s (%.1f M/s) | %.2f\n' "$rule" "$cn" "$ct" "$(awk "BEGIN{print $cn/$ct/1e6}")" \
    "$bn" "$bt" "$(awk "BEGIN{print $bn/$bt/1e6}")" "$(awk "BEGIN{print ($bn/$bt)/($cn/$ct)}")"
done
