#!/usr/bin/env python3
"""Checks `busylife convert` with independent readers (docs/convert.md, "Tests").

For each calendar given (or found under --corpus) that busylife reads
without error or warning:

  stored     .ics -> .ics as stored, compared with the original by parsed
             content (Python's icalendar): the same components in order,
             the same properties, parameters and values.
  jcal       .ics -> jCal -> .ics, compared the same way (when --jcal).
  expanded   .ics -> .ics --expand over a window: recurring-ical-events
             reading our file gives the same occurrences as reading the
             original over that window.

Prints one JSON object per calendar and check, then a summary line;
exits 0 unless a check failed for a calendar not listed in --known.
"""
import argparse, datetime, json, os, subprocess, sys

import icalendar
import recurring_ical_events

ZONEINFO = os.environ.get("TZDIR", "/usr/share/zoneinfo")


def run(busylife, args):
    return subprocess.run([busylife] + args, capture_output=True, timeout=120)


def stripped_tzid(tzid):
    """The vendor prefix rule of docs/semantics.md section 2, step 1."""
    name = tzid.strip().strip('"')
    if not name.startswith("/"):
        return name
    parts = [p for p in name.split("/") if p]
    if parts and "." in parts[0]:
        parts = parts[1:]
    while len(parts) > 1 and (parts[0] == "Tzfile" or parts[0].startswith("Olson") or parts[0][:1].isdigit()):
        parts = parts[1:]
    return "/".join(parts)


def is_iana(name):
    return os.path.isfile(os.path.join(ZONEINFO, name)) and not name.startswith("/")


# The type a property has without VALUE (RFC 5545 3.8, RFC 7986): a VALUE
# naming it says nothing, and jCal has no place for it (docs/convert.md, jCal).
DEFAULT_TYPES = {
    "DATE-TIME": {"DTSTART", "DTEND", "DTSTAMP", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE", "CREATED",
                  "LAST-MODIFIED", "COMPLETED"},
    "DURATION": {"DURATION", "TRIGGER", "REFRESH-INTERVAL"},
    "URI": {"URL", "ATTACH", "TZURL", "SOURCE", "IMAGE", "CONFERENCE"},
    "CAL-ADDRESS": {"ATTENDEE", "ORGANIZER"},
    "TEXT": {"SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "CATEGORIES", "UID"},
}


def without_default_value(name, params):
    value = params.get("VALUE", "").upper()
    if value and name in DEFAULT_TYPES.get(value, ()):
        params = {k: v for k, v in params.items() if k != "VALUE"}
    return params


def needless_escapes_undone(text):
    """A backslash before anything but \\ ; , n N taken as the character alone."""
    out, index = [], 0
    while index < len(text):
        if text[index] == "\\" and index + 1 < len(text):
            nxt = text[index + 1]
            out.append(text[index:index + 2] if nxt in "\\;,nN" else nxt)
            index += 2
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


def value_text(value):
    try:
        raw = value.to_ical()
    except Exception:
        raw = str(value)
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "replace")
    return raw


def content(component, skip_timezones):
    """A component as a comparable list: name, properties (name, params, value), children."""
    props = []
    for name, value in component.property_items(recursive=False):
        if name in ("BEGIN", "END"):
            continue
        params = {}
        if hasattr(value, "params"):
            for key, param in value.params.items():
                params[key.upper()] = param if isinstance(param, str) else ",".join(map(str, param))
        text = value_text(value)
        if isinstance(value, str):
            # TEXT compared unescaped; an escape RFC 5545 does not define
            # (`\"`, `\:`) stands for the character (docs/convert.md, jCal).
            text = needless_escapes_undone(str(value))
        props.append((name.upper(), without_default_value(name.upper(), params), text))
    children = [content(child, skip_timezones) for child in component.subcomponents
                if not (skip_timezones and child.name == "VTIMEZONE")]
    return (component.name, props, children)


def same_params(original, converted, tzids_ok):
    if set(original) != set(converted):
        return False
    for key in original:
        if original[key] == converted[key]:
            continue
        if key == "TZID" and tzids_ok(original[key], converted[key]):
            continue
        return False
    return True


def compare(original, converted, tzids_ok, path="VCALENDAR"):
    name_a, props_a, children_a = original
    name_b, props_b, children_b = converted
    if name_a != name_b:
        return f"{path}: component {name_a} became {name_b}"
    if len(props_a) != len(props_b):
        missing = [p[0] for p in props_a if p[0] not in [q[0] for q in props_b]]
        return f"{path}: {len(props_a)} properties became {len(props_b)} (missing {missing[:5]})"
    for a, b in zip(sorted(props_a, key=lambda p: p[0]), sorted(props_b, key=lambda p: p[0])):
        if a[0] != b[0] or a[2] != b[2] or not same_params(a[1], b[1], tzids_ok):
            return f"{path}: {a[0]} {a[1]} {a[2][:60]!r} became {b[0]} {b[1]} {b[2][:60]!r}"
    if len(children_a) != len(children_b):
        return f"{path}: {len(children_a)} components became {len(children_b)}"
    for index, (a, b) in enumerate(zip(children_a, children_b)):
        found = compare(a, b, tzids_ok, f"{path}/{a[0]}[{index}]")
        if found:
            return found
    return None


def timezones(calendar):
    return {str(tz.get("TZID")): tz for tz in calendar.walk("VTIMEZONE")}


def check_stored(original_bytes, converted_bytes):
    original = icalendar.Calendar.from_ical(original_bytes)
    converted = icalendar.Calendar.from_ical(converted_bytes)
    defined = set(timezones(original))

    def tzids_ok(a, b):
        # Written TZIDs are the resolved zone's name: a prefix stripped, or
        # the IANA zone a Windows or display name maps to (docs/convert.md).
        return stripped_tzid(a) == b or (a not in defined and is_iana(b))

    mine = content(original, True)
    theirs = content(converted, True)
    if mine[0] != "VCALENDAR":
        # A bare component (no VCALENDAR around it) comes back inside one.
        mine = ("VCALENDAR", [], [] if mine[0] == "VTIMEZONE" else [mine])
    # VERSION and PRODID are required: added when the original has none.
    present = {p[0] for p in mine[1]}
    theirs = (theirs[0], [p for p in theirs[1] if p[0] in present or p[0] not in ("VERSION", "PRODID")], theirs[2])
    found = compare(mine, theirs, tzids_ok)
    if found:
        return found
    # Every VTIMEZONE of the original comes back (its TZID maybe stripped), as read.
    written = timezones(converted)
    for tzid, tz in timezones(original).items():
        match = written.get(tzid) or written.get(stripped_tzid(tzid))
        if match is None:
            return f"VTIMEZONE {tzid} lost"
        problem = compare(content(tz, False), content(match, False), tzids_ok, f"VTIMEZONE {tzid}")
        if problem and "TZID" not in problem:
            return problem
    return None


def occurrence_keys(calendar_bytes, start, end):
    calendar = icalendar.Calendar.from_ical(calendar_bytes)
    keys = set()
    for event in recurring_ical_events.of(calendar).between(start, end):
        def moment(name):
            value = event.get(name)
            if value is None:
                return None
            dt = value.dt
            if isinstance(dt, datetime.datetime):
                # Floating times are read in the viewer's zone: UTC here (--tz UTC).
                if dt.tzinfo is not None:
                    dt = dt.astimezone(datetime.timezone.utc)
                return dt.strftime("%Y%m%dT%H%M%SZ")
            return dt.strftime("%Y%m%d")
        keys.add((str(event.get("UID")), moment("DTSTART"), moment("DTEND") or moment("DTSTART")))
    return keys


def check_expanded(busylife, path, original_bytes, converted_bytes, start, end):
    a = occurrence_keys(original_bytes, start, end)
    b = occurrence_keys(converted_bytes, start, end)
    if a == b:
        return None, len(a)
    only_a = sorted(a - b)[:3]
    only_b = sorted(b - a)[:3]
    return f"{len(a)} occurrences read from the original, {len(b)} from ours; only original: {only_a}; only ours: {only_b}", len(a)


def first_start(original_bytes):
    calendar = icalendar.Calendar.from_ical(original_bytes)
    starts = []
    for event in calendar.walk("VEVENT"):
        value = event.get("DTSTART")
        if isinstance(value, list):
            value = value[0] if value else None
        if value is None:
            continue
        dt = value.dt
        starts.append(dt.date() if isinstance(dt, datetime.datetime) else dt)
    return min(starts) if starts else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--busylife", required=True)
    parser.add_argument("--corpus", action="append", default=[])
    parser.add_argument("--known", default=None, help="a file of `check path` lines: deliberate differences")
    parser.add_argument("--jcal", action="store_true")
    parser.add_argument("--jcal-if-supported", action="store_true",
                        help="add the jCal check when this busylife writes jCal")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.jcal_if_supported:
        probe = subprocess.run([args.busylife, "convert", "-", "--format", "jcal"], input=b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
                               capture_output=True)
        args.jcal = probe.returncode == 0 and probe.stdout.lstrip().startswith(b"[")
    files = list(args.files)
    for folder in args.corpus:
        for root, _, names in os.walk(folder):
            files += [os.path.join(root, n) for n in sorted(names) if n.lower().endswith(".ics")]
    files.sort()
    known = set()
    if args.known:
        for line in open(args.known, encoding="utf-8"):
            line = line.split("#")[0].strip()
            if line:
                known.add(tuple(line.split(None, 1)))
    counts = {"checked": 0, "passed": 0, "known": 0, "failed": 0, "skipped": 0}
    failed = []
    for path in files:
        label = os.path.relpath(path)
        check = run(args.busylife, ["check", path, "--strict"])
        if check.returncode != 0:
            counts["skipped"] += 1
            continue
        original = open(path, "rb").read()
        try:
            icalendar.Calendar.from_ical(original)
        except Exception:
            counts["skipped"] += 1  # icalendar itself cannot read the original
            continue
        checks = ["stored", "expanded"] + (["jcal"] if args.jcal else [])
        for name in checks:
            counts["checked"] += 1
            problem = None
            try:
                if name == "stored":
                    out = run(args.busylife, ["convert", path, "--format", "ics"])
                    problem = f"exit {out.returncode}: {out.stderr[:200]!r}" if out.returncode != 0 else check_stored(original, out.stdout)
                    if problem is None:
                        again = subprocess.run([args.busylife, "check", "-", "--strict"], input=out.stdout, capture_output=True)
                        if again.returncode != 0:
                            problem = f"our output draws diagnostics: {again.stderr[:300]!r}"
                elif name == "jcal":
                    jcal = run(args.busylife, ["convert", path, "--format", "jcal"])
                    back = subprocess.run([args.busylife, "convert", "-", "--format", "ics"], input=jcal.stdout, capture_output=True)
                    problem = (f"exit {jcal.returncode}/{back.returncode}: {(jcal.stderr + back.stderr)[:200]!r}"
                               if jcal.returncode != 0 or back.returncode != 0 else check_stored(original, back.stdout))
                else:
                    first = first_start(original)
                    if first is None:
                        counts["checked"] -= 1
                        continue
                    start = first - datetime.timedelta(days=1)
                    end = first + datetime.timedelta(days=366)
                    out = run(args.busylife, ["convert", path, "--format", "ics", "--expand", "--tz", "UTC",
                                              "--from", start.isoformat(), "--to", end.isoformat()])
                    try:
                        occurrence_keys(original, datetime.datetime.combine(start, datetime.time(), datetime.timezone.utc),
                                        datetime.datetime.combine(end, datetime.time(), datetime.timezone.utc))
                    except Exception:
                        counts["checked"] -= 1
                        counts["skipped"] += 1  # recurring-ical-events cannot expand the original
                        continue
                    # Exit 2: a warning of the expansion (an override of a deleted instance...).
                    if out.returncode not in (0, 2):
                        problem = f"exit {out.returncode}: {out.stderr[:200]!r}"
                    else:
                        # Whole days of the window, as busylife reads --from/--to (UTC here).
                        problem, _ = check_expanded(args.busylife, path, original, out.stdout,
                                                    datetime.datetime.combine(start, datetime.time(), datetime.timezone.utc),
                                                    datetime.datetime.combine(end + datetime.timedelta(days=1), datetime.time(), datetime.timezone.utc))
            except subprocess.TimeoutExpired:
                problem = "timed out"
            except Exception as error:  # an independent reader failing on our output is a failure
                problem = f"{type(error).__name__}: {error}"
            if problem is None:
                counts["passed"] += 1
                if (name, label) in known:
                    # A listed difference that is gone: the list must say so.
                    failed.append({"check": name, "file": label, "problem": "listed as a known difference, but passes"})
                    counts["failed"] += 1
            elif (name, label) in known:
                counts["known"] += 1
            else:
                counts["failed"] += 1
                failed.append({"check": name, "file": label, "problem": problem})
    for item in failed:
        print(json.dumps(item))
    print(json.dumps({"summary": counts}))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
