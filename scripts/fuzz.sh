#!/usr/bin/env bash
# Fuzzes busylife with libFuzzer: reading, settling, conversion and
# every writer.
#
#     scripts/fuzz.sh SECONDS [libFuzzer flags...]
#
# Builds the target busylife-fuzz (Fuzz/busylife-fuzz), which Package.swift
# declares only when BUSYLIFE_FUZZ is set, so that the normal build and
# tests never need the fuzzer runtime; with `-sanitize=fuzzer,address` on
# every module, in .build-fuzz/, then runs it for SECONDS. Each input is
# read as busylife reads a calendar (BusyLife JSON or jCal when it starts
# with `[` or `{`, else iCalendar), goes through check's report, is
# settled over two months for a viewer in Europe/Berlin and written by
# every writer of a settled window, and is converted to every format;
# JSON output must parse and converted output read back (docs/fuzzing.md).
#
# Seeds: samples/, Tests/Fixtures/regressions/ and, when it is beside the
# checkout, ../shared/corpora (*.ics, *.jcal and *.json up to 256 KiB), copied into
# Fuzz/seeds/; Fuzz/busylife.dict holds iCalendar and JSON tokens. New
# inputs go to Fuzz/corpus/, findings to Fuzz/artifacts/ (crash-*,
# timeout-*, oom-*, slow-unit-*; shrink a crash with `.build-fuzz/release/
# busylife-fuzz -minimize_crash=1 -runs=10000 FILE`), the log to
# Fuzz/fuzz.log; all three are ignored by git and kept between runs, so a
# later run goes on from the corpus an earlier one grew.
#
# libFuzzer runs in fork mode and goes on after a crash, timeout (unit
# slower than FUZZ_TIMEOUT, default 10 s) or out-of-memory (FUZZ_RSS_MB,
# default 2048), so one slow input does not end the run; the summary
# counts each. The work budget bounds every input, so any timeout or
# out-of-memory is a finding to keep. At the end it prints
# executions, coverage (edges and features), corpus size and findings.
set -euo pipefail
[ $# -ge 1 ] && [[ $1 =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh SECONDS [libFuzzer flags...]" >&2; exit 64; }
seconds=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
fuzz=$root/Fuzz
cd "$root"

echo "fuzz: building busylife-fuzz with -sanitize=fuzzer,address (the first build takes minutes)" >&2
# BUSYLIFE_FUZZ declares the target in Package.swift; its own build folder
# keeps the sanitized modules apart from the normal build's.
export BUSYLIFE_FUZZ=1
build=(swift build -c release --product busylife-fuzz --build-path "$root/.build-fuzz"
       -j "${FUZZ_BUILD_JOBS:-1}" -Xswiftc -sanitize=fuzzer,address)
# The fuzz target is compiled again every time: it lays out the other
# modules' structs itself (`SettleOptions`), and an incremental build did
# not see a stored property that only their module can read (2026-11-26:
# `spillHoldLimit`) change their size; the stale target overflowed the
# stack of every input under the address sanitizer.
touch "$fuzz"/busylife-fuzz/*.swift
"${build[@]}" >&2
binary=$("${build[@]}" --show-bin-path)/busylife-fuzz

rm -rf "$fuzz/seeds"
mkdir -p "$fuzz/seeds" "$fuzz/corpus" "$fuzz/artifacts"
seed() {  # copies calendars under $1 (names made unique by their path)
  [ -d "$1" ] || return 0
  find "$1" -type f \( -iname '*.ics' -o -iname '*.jcal' -o -iname '*.json' \) -size -257k -print0 |
    while IFS= read -r -d '' file; do
      cp "$file" "$fuzz/seeds/$(echo "${file#"$1"/}" | tr '/' '_')"
    done
}
seed "$root/samples"
seed "$root/Tests/Fixtures/regressions"
if [ -d "$root/../shared/corpora" ]; then
  seed "$root/../shared/corpora"
else
  echo "fuzz: ../shared/corpora is absent; seeding from samples/ and the regressions only" >&2
fi
echo "fuzz: $(ls "$fuzz/seeds" | wc -l) seeds, $(ls "$fuzz/corpus" | wc -l) inputs in Fuzz/corpus; running for $seconds s" >&2

scratch=$(mktemp -d "${TMPDIR:-/tmp}/busylife-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
set +e
# SWIFT_BACKTRACE: Swift's own crash backtracer, reading the crashed
# process's memory, drew a false heap-use-after-free from the address
# sanitizer over a failed check's trap; libFuzzer reports the trap itself.
BUSYLIFE_FUZZ_TMP=$scratch ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no} \
  "$binary" "$fuzz/corpus" "$fuzz/seeds" \
  -dict="$fuzz/busylife.dict" -max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-65536}" \
  -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" \
  -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -artifact_prefix="$fuzz/artifacts/" -print_final_stats=1 "$@" >"$fuzz/fuzz.log" 2>&1 &
fuzzer=$!
# Shown as it runs, and followed until libFuzzer ends rather than until
# every process it started lets go of the output (2026-11-28: a symbolizer
# left behind by a crashing input held a pipe open long after the run).
tail -n +1 --pid="$fuzzer" -f "$fuzz/fuzz.log" >&2
wait "$fuzzer"
status=$?
set -e

last=$(grep -E '^#[0-9]+: cov: ' "$fuzz/fuzz.log" | tail -1 || true)
echo
echo "fuzz: libFuzzer exit status $status after $(echo "$last" | sed -E 's/.* time: ([0-9]+)s.*/\1/') of $seconds s"
if [ -n "$last" ]; then
  echo "executions: $(echo "$last" | sed -E 's/^#([0-9]+):.*/\1/')"
  echo "coverage:   $(echo "$last" | sed -E 's/.* cov: ([0-9]+) ft: ([0-9]+).*/\1 edges, \2 features/')"
  echo "corpus:     $(echo "$last" | sed -E 's/.* corp: ([0-9]+).*/\1/') inputs in the run; $(ls "$fuzz/corpus" | wc -l) files in Fuzz/corpus"
  echo "findings:   $(echo "$last" | sed -E 's/.* oom\/timeout\/crash: ([0-9]+)\/([0-9]+)\/([0-9]+).*/\1 out-of-memory, \2 timeouts, \3 crashes/')"
else
  echo "(no status line in Fuzz/fuzz.log)"
fi
echo "artifacts:  $(ls "$fuzz/artifacts" | wc -l) files in Fuzz/artifacts"
