#!/usr/bin/env bash
# Installs busylife for one user (README, Install): the release binaries
# (busylife, and busylife-net beside it: its network part, run for
# subscriptions, serve and html), the man page and completion scripts
# for bash, zsh and fish.
#
#   scripts/install.sh [--prefix DIR] [--binary PATH]
#
#   --prefix DIR    where to install (default: ~/.local):
#                     DIR/bin/busylife
#                     DIR/bin/busylife-net
#                     DIR/share/man/man1/busylife.1
#                     DIR/share/bash-completion/completions/busylife
#                     DIR/share/zsh/site-functions/_busylife
#                     DIR/share/fish/vendor_completions.d/busylife.fish
#   --binary PATH   install this binary (and the busylife-net beside it)
#                   instead of building them
#                   (swift build -c release --static-swift-stdlib: the
#                   Swift runtime linked in, which starts about 5 ms
#                   sooner on every run than loading it)
#
# With the default prefix, `man busylife` works once ~/.local/bin is on
# PATH (man finds ../share/man from there); bash-completion reads
# ~/.local/share/bash-completion/completions by itself; zsh needs
# ~/.local/share/zsh/site-functions in fpath; fish reads
# ~/.local/share/fish/vendor_completions.d by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$HOME/.local"
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix wants a folder}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --binary) binary="${2:?--binary wants a path}"; shift 2 ;;
        --binary=*) binary="${1#--binary=}"; shift ;;
        -h|--help) sed -n '2,26s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done
if [ -z "$binary" ]; then
    swift build -c release --static-swift-stdlib --product busylife
    swift build -c release --static-swift-stdlib --product busylife-net
    binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/busylife"
fi
helper="$(dirname "$binary")/busylife-net"
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 66; }
[ -x "$helper" ] || { echo "install.sh: $helper (busylife's network part) is not an executable" >&2; exit 66; }

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/busylife"
install -m 755 "$helper" "$prefix/bin/busylife-net"
install -m 644 docs/man/busylife.1 "$prefix/share/man/man1/busylife.1"
"$prefix/bin/busylife" --generate-completion-script bash > "$prefix/share/bash-completion/completions/busylife"
"$prefix/bin/busylife" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_busylife"
"$prefix/bin/busylife" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/busylife.fish"

echo "installed busylife $("$prefix/bin/busylife" --version) in $prefix"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "add $prefix/bin to PATH (e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\")" ;;
esac
