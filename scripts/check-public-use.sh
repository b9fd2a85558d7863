#!/usr/bin/env bash
# Type-checks Tests/BusyLifeKitTests (and any Swift FILEs given) as another
# package sees BusyLifeKit: without our package name, so that a `package`
# declaration is out of reach. SwiftPM builds the test target inside the
# package, where `package` is visible, so only this tells that the tests
# use the public API alone. Needs the debug build with its tests
# (`swift build --build-tests`); run from anywhere:
#
#     scripts/check-public-use.sh [FILE...]
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/debug
if [ ! -d "$build/Modules" ]; then
    echo "no $build/Modules: run swift build --build-tests first" >&2
    exit 2
fi
# The C modules our targets import, declared by their module maps: the
# system libraries' own, those SwiftPM made for C targets, and those the
# dependencies' C targets ship (the HTTP client's, below BusyLifeKit).
maps=()
for map in Sources/*/module.modulemap "$build"/*.build/module.modulemap .build/checkouts/*/Sources/*/include/module.modulemap; do
    [ -f "$map" ] && maps+=(-Xcc "-fmodule-map-file=$map")
done
swiftc -typecheck -I "$build/Modules" "${maps[@]}" \
    Tests/BusyLifeKitTests/*.swift "$@"
