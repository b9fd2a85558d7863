#!/usr/bin/env bash
# Generates docs/man/busylife.1 from the command definitions, with
# swift-argument-parser's GenerateManual plugin (offline: it is part of
# the argument parser package), then scripts/manual-fix.py keeps --help's
# paragraphs and examples intact. Run it after changing a command's help;
# EverydayCLITests checks that the page names every option and reads
# without a groff warning.
#
#   scripts/generate-manual.sh [DATE]    (default: today, YYYY-MM-DD)
set -euo pipefail
cd "$(dirname "$0")/.."
date=${1:-$(date -u +%Y-%m-%d)}
# The plugin builds busylife and the generator; the generator is then run
# again on busylife through scripts/manual-dump-help.py, which keeps the
# characters beyond ASCII that the generator would drop.
swift package generate-manual --configuration debug --date "$date" > /dev/null
bin=$(swift build --show-bin-path)
mkdir -p .build/manual docs/man
BUSYLIFE="$bin/busylife" "$bin/generate-manual-tool" scripts/manual-dump-help.py \
    --date "$date" --output-directory .build/manual
python3 scripts/manual-fix.py .build/manual/busylife.1 docs/man/busylife.1
groff -man -Tutf8 -ww docs/man/busylife.1 > /dev/null
echo "docs/man/busylife.1"
