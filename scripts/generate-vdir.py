#!/usr/bin/env python3
"""Write a seeded vdir of one-event files and the same events in one file.

    python3 scripts/generate-vdir.py EVENTS VDIR OUT.ics [SEED]

VDIR is laid out as vdirsyncer writes a collection: one `.ics` file per
item, named by its UID, each a whole VCALENDAR with the VTIMEZONE its
event uses, and a `displayname` file. OUT.ics holds the same events in
one VCALENDAR (X-WR-CALNAME the display name, so both read as the same
calendar), each VTIMEZONE once. Events fall in 2026; a tenth recur, and
half of those have an override, kept in their master's file as CalDAV
keeps them.
"""
import os
import random
import sys

args = sys.argv[1:]
if len(args) < 3:
    sys.exit(__doc__)
count = int(args[0])
vdir, single = args[1], args[2]
rng = random.Random(int(args[3]) if len(args) > 3 else 20261128)
name = "Benchmark"

# VTIMEZONEs as calendar servers write them: IANA names with their rules,
# and one Outlook zone that only its VTIMEZONE defines.
TIMEZONES = {
    "Europe/Berlin": ("+0100", "+0200", "CET", "CEST", "3", "-1SU", "10", "-1SU"),
    "America/New_York": ("-0500", "-0400", "EST", "EDT", "3", "2SU", "11", "1SU"),
    "Australia/Sydney": ("+1000", "+1100", "AEST", "AEDT", "10", "1SU", "4", "1SU"),
    "Customized Time Zone": ("+1000", "+1100", "AEST", "AEDT", "10", "1SU", "4", "1SU"),
}
PLAIN = ["Asia/Tokyo"]  # used without a VTIMEZONE of its own (a tz database name)
words = ("review plan sync budget design launch retro coffee lunch call interview "
         "standup planning demo offsite training onboarding workshop").split()
rules = ["FREQ=DAILY;COUNT=30", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=-1FR",
         "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14", "FREQ=WEEKLY;INTERVAL=2;UNTIL=20271231T000000Z"]


def fold(text):
    """A content line folded at 75 octets, as RFC 5545 asks."""
    data = text.encode()
    out = b""
    while len(data) > 75:
        out += data[:75] + b"\r\n "
        data = data[75:]
    return out + data + b"\r\n"


def timezone(tzid):
    std, dst, std_name, dst_name, dst_month, dst_day, std_month, std_day = TIMEZONES[tzid]
    return ["BEGIN:VTIMEZONE", f"TZID:{tzid}",
            "BEGIN:DAYLIGHT", f"TZOFFSETFROM:{std}", f"TZOFFSETTO:{dst}", f"TZNAME:{dst_name}",
            "DTSTART:19700101T020000", f"RRULE:FREQ=YEARLY;BYMONTH={dst_month};BYDAY={dst_day}", "END:DAYLIGHT",
            "BEGIN:STANDARD", f"TZOFFSETFROM:{dst}", f"TZOFFSETTO:{std}", f"TZNAME:{std_name}",
            "DTSTART:19700101T030000", f"RRULE:FREQ=YEARLY;BYMONTH={std_month};BYDAY={std_day}", "END:STANDARD",
            "END:VTIMEZONE"]


def event(n):
    """The lines of item n (a VEVENT, perhaps with an override) and its zone."""
    zone = rng.choice(list(TIMEZONES) + PLAIN)
    mo, d = rng.randint(1, 12), rng.randint(1, 28)
    h, mi = rng.randint(7, 19), rng.choice([0, 15, 30, 45])
    start = f"2026{mo:02d}{d:02d}T{h:02d}{mi:02d}00"
    end = f"2026{mo:02d}{d:02d}T{min(h + rng.randint(1, 3), 23):02d}{mi:02d}00"
    uid = f"{rng.getrandbits(64):016x}-{n}@busylife.example"
    title = " ".join(rng.choice(words) for _ in range(3)).capitalize()
    common = [f"DTSTAMP:20261101T120000Z", f"SUMMARY:{title}", f"LOCATION:Room {rng.randint(1, 40)}",
              "DESCRIPTION:" + " ".join(rng.choice(words) for _ in range(8)),
              f"ATTENDEE;PARTSTAT=ACCEPTED;CN=Person {rng.randint(1, 99)}:mailto:p{rng.randint(1, 99)}@example.com",
              "SEQUENCE:0", "STATUS:CONFIRMED", "TRANSP:OPAQUE"]
    lines = ["BEGIN:VEVENT", f"UID:{uid}", f"DTSTART;TZID={zone}:{start}", f"DTEND;TZID={zone}:{end}"] + common
    recurring = rng.random() < 0.1
    if recurring:
        lines.append("RRULE:" + rng.choice(rules))
    lines.append("END:VEVENT")
    if recurring and rng.random() < 0.5:
        moved = f"{start[:9]}{min(h + 1, 22):02d}{mi:02d}00"
        lines += ["BEGIN:VEVENT", f"UID:{uid}", f"RECURRENCE-ID;TZID={zone}:{start}",
                  f"DTSTART;TZID={zone}:{moved}", f"DTEND;TZID={zone}:{end[:9]}{min(h + 2, 23):02d}{mi:02d}00"]
        lines += common + ["END:VEVENT"]
    return uid, zone, lines


head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//busylife//vdir benchmark//EN"]
os.makedirs(vdir, exist_ok=True)
with open(os.path.join(vdir, "displayname"), "w") as f:
    f.write(name + "\n")
items = [event(n) for n in range(1, count + 1)]
for uid, zone, lines in items:
    # vdirsyncer names a file by its UID when the UID is safe as a name.
    zones = timezone(zone) if zone in TIMEZONES else []
    with open(os.path.join(vdir, uid + ".ics"), "wb") as f:
        f.write(b"".join(fold(line) for line in head + zones + lines + ["END:VCALENDAR"]))
with open(single, "wb") as f:
    f.write(b"".join(fold(line) for line in head + [f"X-WR-CALNAME:{name}"]))
    for zone in TIMEZONES:
        f.write(b"".join(fold(line) for line in timezone(zone)))
    for _, _, lines in items:
        f.write(b"".join(fold(line) for line in lines))
    f.write(fold("END:VCALENDAR"))
