#!/bin/sh
# Render SVG files in headless Chromium: a PNG of each, and a measure of
# every <text> (its bounding box as the browser lays it out) checked
# against the canvas.
#
#   scripts/render-svg.sh [--png DIR] FILE.svg...
#
# Prints one JSON line per file: {"file", "width", "height", "texts":
# [{"text", "x", "y", "w", "h"}...], "outside": [texts not wholly inside
# the canvas]}; exits 1 when any text lies outside, 2 without chromium.
# Works offline (file:// pages, no network).
set -eu
png=""
if [ "${1:-}" = "--png" ]; then png=$2; shift 2; fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "render-svg: chromium is not installed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Chromium keeps its profile and crash reports under these: in the
# temporary folder, never in the caller's (or a test's made-up) home.
export XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache"
status=0
for svg in "$@"; do
    page="$work/measure.html"
    {
        printf '<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>\n'
        cat "$svg"
        cat <<'JS'
<script>
const svg = document.querySelector('svg');
const W = +svg.getAttribute('width'), H = +svg.getAttribute('height');
const texts = [], outside = [];
for (const t of svg.querySelectorAll('text')) {
  const b = t.getBBox();
  const item = {text: t.textContent, x: +b.x.toFixed(1), y: +b.y.toFixed(1), w: +b.width.toFixed(1), h: +b.height.toFixed(1)};
  texts.push(item);
  if (b.x < 0 || b.y < 0 || b.x + b.width > W || b.y + b.height > H) outside.push(item);
}
const pre = document.createElement('pre');
pre.id = 'measure';
pre.textContent = JSON.stringify({width: W, height: H, texts, outside});
document.body.appendChild(pre);
</script></body></html>
JS
    } > "$page"
    json=$(timeout 60 "$browser" --headless --no-sandbox --disable-gpu --dump-dom "file://$page" 2>/dev/null \
        | sed -n 's/.*<pre id="measure">\(.*\)<\/pre>.*/\1/p' | sed 's/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g')
    [ -n "$json" ] || { echo "render-svg: no measure for $svg" >&2; status=1; continue; }
    printf '{"file":"%s",%s\n' "$svg" "${json#\{}"
    case "$json" in *'"outside":[]'*) ;; *) status=1 ;; esac
    if [ -n "$png" ]; then
        mkdir -p "$png"
        size=$(printf '%s' "$json" | sed -n 's/^{"width":\([0-9]*\),"height":\([0-9]*\).*/\1,\2/p')
        timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$png/$(basename "$svg" .svg).png" \
            --window-size="$size" "file://$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")" >/dev/null 2>&1 || status=1
    fi
done
exit $status
