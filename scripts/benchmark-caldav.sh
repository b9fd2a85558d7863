#!/usr/bin/env bash
# The first sync of a large CalDAV calendar, busylife against vdirsyncer,
# and a warm run against the unchanged calendar, from a local Radicale.
#
#   scripts/benchmark-caldav.sh [ITEMS] [ROUNDS]   (default 5000 items, 5 rounds)
#
# Starts Radicale from the project's .venv (scripts/setup.sh) on a free
# port of 127.0.0.1, with ITEMS one-event items (scripts/generate-vdir.py:
# each a VCALENDAR with its VTIMEZONE) written straight into its storage
# folder, as the tests write large fixtures (a PUT each would take
# minutes). Installs vdirsyncer from PyPI into bench-data/venv. Builds
# busylife as scripts/benchmark.sh does (release, the Swift runtime linked
# in) and busylife-net beside it; BUSYLIFE=path runs that binary instead
# (with its busylife-net beside it).
#
# First sync, ROUNDS rounds, alternately: `busylife sync` into an empty
# cache and `vdirsyncer sync` (a caldav storage to a filesystem storage,
# `vdirsyncer discover` run beforehand, untimed) into an empty vdir.
# Prints the median wall time of each, the ratio (target: busylife at
# least 3 times faster) and Radicale's own processor time during each
# run (from /proc/PID/stat), as a share of the run.
#
# Warm run, ROUNDS rounds, alternately: `agenda --refresh` of a month
# against the unchanged calendar and `agenda --offline` (the cached read).
# Prints both medians, the difference (target: at most one round trip)
# and the requests Radicale logged during one `--refresh` run (target: 1).
set -euo pipefail
cd "$(dirname "$0")/.."
items=${1:-5000}
rounds=${2:-5}
work=bench-data/caldav-$items
python=$PWD/.venv/bin/python3
"$python" -c 'import radicale' 2>/dev/null || { echo "Radicale is not in .venv: run scripts/setup.sh" >&2; exit 1; }
mkdir -p bench-data
[ -x bench-data/venv/bin/vdirsyncer ] || {
  [ -x bench-data/venv/bin/pip ] || python3 -m venv bench-data/venv
  bench-data/venv/bin/pip install --quiet --disable-pip-version-check vdirsyncer
}
if [ -n "${BUSYLIFE:-}" ]; then
  bin=$BUSYLIFE
else
  swift build -c release --static-swift-stdlib --product busylife >/dev/null
  # busylife fetches through its network part, found beside it.
  swift build -c release --static-swift-stdlib --product busylife-net >/dev/null
  bin=$PWD/.build/release/busylife
fi

# The calendar, once: Radicale's layout is a folder of items with the
# collection's properties beside them.
rm -rf "$work"
calendar=$work/storage/collection-root/me/bench
mkdir -p "$calendar" "$work/home"
python3 scripts/generate-vdir.py "$items" "$work/generated" "$work/generated.ics" >/dev/null
find "$work/generated" -name '*.ics' -exec mv -t "$calendar" {} +
printf '{"D:displayname": "Benchmark", "tag": "VCALENDAR"}' >"$calendar/.Radicale.props"
# Radicale's user is whoever logs in (auth none); both clients log in as me.
printf 'machine 127.0.0.1 login me password pw\n' >"$work/home/.netrc"
chmod 600 "$work/home/.netrc"

port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$python" -m radicale --config "" --storage-filesystem-folder "$work/storage" --auth-type none \
  --server-hosts "127.0.0.1:$port" --logging-level info >"$work/radicale.log" 2>&1 &
radicale=$!
trap 'kill "$radicale" 2>/dev/null; wait "$radicale" 2>/dev/null || true' EXIT
for _ in $(seq 300); do
  "$python" -c "import socket; socket.create_connection(('127.0.0.1', $port), timeout=0.5).close()" 2>/dev/null && break
  sleep 0.1
done
url="http://127.0.0.1:$port/me/bench/"

printf 'calendars = ["bench"]\n\n[sources.bench]\nurl = "%s"\n' "$url" >"$work/config.toml"
cat >"$work/vdirsyncer.conf" <<EOF
[general]
status_path = "$PWD/$work/vdirsyncer-status/"

[pair bench]
a = "bench_remote"
b = "bench_local"
collections = null

[storage bench_remote]
type = "caldav"
url = "$url"
username = "me"
password = "pw"

[storage bench_local]
type = "filesystem"
path = "$PWD/$work/vdir/"
fileext = ".ics"
EOF

# Radicale's processor time so far, in seconds (user + system, /proc/PID/stat).
server_cpu() {
  awk -v hz="$(getconf CLK_TCK)" '{sub(/^.*\) /, ""); print ($12 + $13) / hz}' "/proc/$radicale/stat"
}
# Requests Radicale has answered so far.
server_requests() { grep -c 'response status for' "$work/radicale.log" || true; }
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
# busylife with the benchmark's cache, home (its .netrc) and configuration.
busy=(env "XDG_CACHE_HOME=$PWD/$work/cache" "HOME=$PWD/$work/home" "BUSYLIFE_CONFIG=$PWD/$work/config.toml" "$bin")

# timed NAME COMMAND...: appends "NAME wall cpu server_cpu" of one run to rounds.txt.
timed() {
  local name=$1 before after status=0
  shift
  before=$(server_cpu)
  /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt" || status=$?
  after=$(server_cpu)
  [ "$status" -eq 0 ] || { echo "failed ($status): $*" >&2; cat "$work/err.txt" >&2; exit 1; }
  awk -v n="$name" -v s="$(awk -v a="$before" -v b="$after" 'BEGIN {print b - a}')" \
    '{print n, $1, $2 + $3, s}' "$work/time.txt" >>"$work/rounds.txt"
}
stat() { awk -v k="$1" -v c="$2" '$1 == k {print $c}' "$work/rounds.txt" | median; }

# Radicale reads and caches its items on the first request: once, untimed,
# with room for a busy host (where that takes minutes).
mkdir -p "$work/cache"
BUSYLIFE_HTTP_TIMEOUT=3600 "${busy[@]}" sync >/dev/null

# emptied FOLDER...: each folder empty, its old content moved aside and
# deleted only after the rounds. On ext4 without a journal, a file created
# while thousands were deleted moments before costs the kernel a scan of
# them, which would time the previous round's deletion, not the sync.
emptied() {
  local folder
  for folder in "$@"; do
    if [ -e "$folder" ]; then
      mkdir -p "$work/trash"
      mv "$folder" "$(mktemp -d "$work/trash/XXXXXX")/"
    fi
    mkdir -p "$folder"
  done
}
: >"$work/rounds.txt"
for round in $(seq "$rounds"); do
  emptied "$work/cache"
  timed busylife "${busy[@]}" sync
  emptied "$work/vdir" "$work/vdirsyncer-status"
  bench-data/venv/bin/vdirsyncer -c "$work/vdirsyncer.conf" discover >/dev/null 2>&1 </dev/null
  timed vdirsyncer bench-data/venv/bin/vdirsyncer -c "$work/vdirsyncer.conf" sync
  tail -n 2 "$work/rounds.txt" | sed "s/^/round $round: /"
done
rm -rf "$work/trash"
synced=$(find "$work/vdir" -name '*.ics' | wc -l)
[ "$synced" -eq "$items" ] || { echo "vdirsyncer synced $synced items, not $items" >&2; exit 1; }
bw=$(stat busylife 2) bc=$(stat busylife 3) bs=$(stat busylife 4)
vw=$(stat vdirsyncer 2) vc=$(stat vdirsyncer 3) vs=$(stat vdirsyncer 4)
printf 'first sync of %d items: busylife %.2f s (cpu %.2f s; Radicale %.2f s, %.0f%%) | vdirsyncer %.2f s (cpu %.2f s; Radicale %.2f s, %.0f%%) | vdirsyncer / busylife %.2f (target >= 3)\n' \
  "$items" "$bw" "$bc" "$bs" "$(awk "BEGIN{print 100 * $bs / $bw}")" \
  "$vw" "$vc" "$vs" "$(awk "BEGIN{print 100 * $vs / $vw}")" "$(awk "BEGIN{print $vw / $bw}")"

# Warm: the cache is the last busylife sync's, the calendar unchanged.
month=(agenda --from 2026-11-01 --to 2026-11-30 --color never --tz UTC)
: >"$work/rounds.txt"
: >"$work/requests.txt"
for _ in $(seq "$rounds"); do
  timed offline "${busy[@]}" "${month[@]}" --offline
  before=$(server_requests)
  timed refresh "${busy[@]}" "${month[@]}" --refresh
  echo $(($(server_requests) - before)) >>"$work/requests.txt"
done
ow=$(stat offline 2) rw=$(stat refresh 2) rs=$(stat refresh 4)
printf 'warm agenda of a month: --offline %.3f s | --refresh %.3f s (Radicale %.3f s), %.3f s more, %s request(s) a run (target: 1)\n' \
  "$ow" "$rw" "$rs" "$(awk "BEGIN{print $rw - $ow}")" "$(sort -u "$work/requests.txt" | paste -sd/)"
