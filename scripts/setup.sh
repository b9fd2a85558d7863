#!/usr/bin/env bash
# Installs what busylife needs on Debian or Ubuntu: libical's headers,
# mimalloc (the allocator busylife links), pkg-config, the tz database and
# the system's trust store (subscriptions over https; AsyncHTTPClient's TLS
# library is built from source and needs no other package); for the tests,
# openssl (the TLS test makes its own certificate), curl and Chromium
# (the tests of busylife serve's API and pages), Python's jsonschema (the
# day JSON is validated against docs/days.schema.json) and, in a virtual
# environment at .venv/, Python's icalendar and recurring-ical-events (the
# independent engines the conversion tests check our output with) and the
# CalDAV servers Radicale and Xandikos (the CalDAV tests run them). Swift 6
# itself is expected on PATH.
set -euo pipefail
need=()
dpkg -s libical-dev >/dev/null 2>&1 || need+=(libical-dev)
dpkg -s libmimalloc-dev >/dev/null 2>&1 || need+=(libmimalloc-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
[ -d /usr/share/zoneinfo/America ] || need+=(tzdata)
[ -f /etc/ssl/certs/ca-certificates.crt ] || need+=(ca-certificates)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
python3 -c "import jsonschema" >/dev/null 2>&1 || need+=(python3-jsonschema)
python3 -c "import ensurepip, venv" >/dev/null 2>&1 || need+=(python3-venv)
# The serve tests: curl asks the API, headless Chromium shows the page.
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  run=""
  [ "$(id -u)" -ne 0 ] && run="sudo"
  $run apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $run apt-get install -y -qq "${need[@]}" >/dev/null
fi
command -v swift >/dev/null 2>&1 || { echo "setup: Swift 6 is not on PATH (https://www.swift.org/install/linux/)" >&2; exit 1; }
# The conversion tests' independent readers, and the real CalDAV servers
# the CalDAV tests start (Radicale, Xandikos), pinned (skipped when absent).
cd "$(dirname "$0")/.."
if ! .venv/bin/python3 -c "import icalendar, recurring_ical_events, radicale, xandikos" >/dev/null 2>&1; then
  [ -x .venv/bin/python3 ] || python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check icalendar==7.2.2 recurring-ical-events==3.8.2 \
    radicale==3.9.0 xandikos==0.4.10
fi
