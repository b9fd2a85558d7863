#!/usr/bin/env bash
# Exit codes of `busylife check FILE` over every calendar of the shared
# corpora (.ics, .ical, .ifb, .json), and the kinds behind each exit 2.
#
#   scripts/corpus-exit-codes.sh [-v] [BINARY] [CORPORA]
#
# BINARY defaults to a release build of busylife, CORPORA to
# ../shared/corpora beside the checkout. Prints the number of files per
# exit code, then, for the files that exit 2, how many files draw each
# "severity kind" (errors and warnings; notes never change the exit
# code), then the same for the files that exit 65. -v also lists each
# file that does not exit 0 with its code and kinds. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
bin=${1:-}
corpora=${2:-../shared/corpora}
if [ ! -d "$corpora" ]; then
  echo "corpus-exit-codes: $corpora is absent" >&2
  exit 66
fi
if [ -z "$bin" ]; then
  swift build -c release --product busylife >/dev/null
  bin=.build/release/busylife
fi
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$corpora" -type f \( -iname '*.ics' -o -iname '*.ical' -o -iname '*.ifb' -o -iname '*.json' \) \
  | LC_ALL=C sort | while IFS= read -r file; do
  set +e
  json=$(timeout 60 "$bin" check --format json "$file" 2>/dev/null)
  code=$?
  set -e
  kinds=$(printf '%s' "$json" | python3 -c '
import json, sys
try:
    report = json.load(sys.stdin)
except ValueError:
    sys.exit(0)
print(",".join(sorted({d["severity"] + " " + d["kind"] for d in report.get("diagnostics", [])
                       if d.get("severity") != "note"})))')
  printf '%s\t%s\t%s\n' "$code" "${file#"$corpora"/}" "$kinds"
done > "$list"

python3 - "$list" "$verbose" <<'EOF'
import collections, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1], encoding="utf-8")]
codes = collections.Counter(int(code) for code, _, _ in rows)
print(f"files: {len(rows)}")
print("exit codes: " + ", ".join(f"{code}: {count}" for code, count in sorted(codes.items())))
for wanted in (2, 65):
    kinds = collections.Counter(kind for code, _, found in rows if int(code) == wanted
                                for kind in found.split(",") if kind)
    if kinds:
        print(f"files exiting {wanted}, by kind:")
        for kind, count in sorted(kinds.items(), key=lambda item: (-item[1], item[0])):
            print(f"  {count:4d}  {kind}")
if sys.argv[2] == "1":
    for code, file, found in rows:
        if code != "0":
            print(f"{code}\t{file}\t{found}")
EOF
