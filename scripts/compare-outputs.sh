#!/usr/bin/env bash
# A refactor changes no output: runs every command line of
# scripts/compare-outputs.commands with a baseline busylife and a new one,
# and compares their standard output, standard error, exit code and the
# files they wrote with -o.
#
#   scripts/compare-outputs.sh BASELINE [NEW]
#
# BASELINE is a busylife binary, or a commit: that commit's sources are
# exported into .build-compare/COMMIT and built there in release mode
# (kept for the next run). NEW is a binary too; by default this checkout
# is built in release mode and .build/release/busylife is used.
#
# Both binaries run from the top of this checkout, one command after the
# other, with the same fixed environment (TZ, LANG, an empty HOME, no
# configuration file unless a line names one), so that paths in messages
# match. A line that uses $CORPORA (../shared/corpora beside the checkout)
# is skipped, with a note, when that folder is absent. Prints a short
# unified diff of each difference and exits 1 if there is any, else 0.
set -euo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
fi

work=$top/.build-compare
mkdir -p "$work"

# build_commit COMMIT: the release binary of COMMIT, built in .build-compare.
build_commit() {
  local sha dir
  sha=$(git rev-parse --verify "$1^{commit}")
  dir=$work/$sha
  if [ ! -x "$dir/.build/release/busylife" ]; then
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    git archive "$sha" | tar -x -C "$dir.tmp"
    # The same dependency versions as this checkout, when it has them pinned.
    [ -f Package.resolved ] && cp Package.resolved "$dir.tmp/"
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
    echo "building $sha in $dir" >&2
    (cd "$dir" && swift build -c release --product busylife >&2)
  fi
  echo "$dir/.build/release/busylife"
}

resolve() {
  if [ -f "$1" ] && [ -x "$1" ]; then
    (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")")
  else
    build_commit "$1"
  fi
}

base_bin=$(resolve "$1")
if [ $# -eq 2 ]; then
  new_bin=$(resolve "$2")
else
  swift build -c release --product busylife >&2
  new_bin=$top/.build/release/busylife
fi
echo "baseline: $base_bin" >&2
echo "new:      $new_bin" >&2

# The fixed environment. HOME is empty: no configuration file is found
# unless a line sets BUSYLIFE_CONFIG (to $CONFIG, written here).
home=$work/home
rm -rf "$home" && mkdir -p "$home"
CONFIG=$work/config.toml
cat >"$CONFIG" <<EOF
calendars = ["$top/samples/meeting.ics", "$top/samples/flight.ics"]
timezone = "Europe/Berlin"
locale = "de_DE"
week-start = "mon"
working-hours = "08:30-18:00"
working-days = "Mon-Thu"
EOF
CORPORA=../shared/corpora
OUT=$work/out
corpora_present=true
[ -d "$CORPORA" ] || corpora_present=false

# run BINARY LINE DEST: runs LINE (busylife stands for BINARY) in the fixed
# environment; its stdout, stderr, exit code and -o files go to DEST.
run() {
  local binary=$1 line=$2 dest=$3 status=0
  rm -rf "$OUT" && mkdir -p "$OUT" "$dest"
  env -i PATH="/usr/bin:/bin" HOME="$home" TZ=Europe/Berlin LANG=en_US.UTF-8 \
    BIN="$binary" CONFIG="$CONFIG" CORPORA="$CORPORA" OUT="$OUT" \
    bash -c 'busylife() { "$BIN" "$@"; }; eval "$1"' _ "$line" \
    >"$dest/stdout" 2>"$dest/stderr" </dev/null || status=$?
  echo "$status" >"$dest/exit"
  mv "$OUT" "$dest/files"
}

differences=0 compared=0 skipped=0 number=0
results=$work/results
rm -rf "$results"
while IFS= read -r line || [ -n "$line" ]; do
  case $line in '' | '#'*) continue ;; esac
  number=$((number + 1))
  if [ "$corpora_present" = false ] && [[ $line == *'$CORPORA'* ]]; then
    skipped=$((skipped + 1))
    continue
  fi
  run "$base_bin" "$line" "$results/$number/base"
  run "$new_bin" "$line" "$results/$number/new"
  compared=$((compared + 1))
  if ! diff -r "$results/$number/base" "$results/$number/new" >/dev/null; then
    differences=$((differences + 1))
    echo "DIFFERENT ($number): $line"
    diff -ru "$results/$number/base" "$results/$number/new" | head -n 30 || true
    echo
  fi
done <scripts/compare-outputs.commands

[ "$skipped" -eq 0 ] || echo "note: $skipped command lines skipped: no $CORPORA folder beside the checkout" >&2
echo "$compared command lines compared, $differences with a difference"
[ "$differences" -eq 0 ]
