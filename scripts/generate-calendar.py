#!/usr/bin/env python3
"""Write a seeded synthetic calendar for benchmarks.

    python3 scripts/generate-calendar.py EVENTS OUT.ics [SEED]
    python3 scripts/generate-calendar.py --series SERIES OUT.ics [SEED]
    python3 scripts/generate-calendar.py --far-series SERIES OUT.ics [SEED]
    python3 scripts/generate-calendar.py --people EVENTS OUT.ics [SEED]

About 250 bytes per event (200,000 events make about 50 MB). A tenth of the
events are recurring masters, each followed by an override; zones are
IANA names, a Windows name, and a VTIMEZONE-defined "Customized Time Zone".
With --series, every event is a recurring master followed by an override:
SERIES series, twice as many VEVENTs (50,000 make about 24 MB).
With --far-series, the same, but every series starts in 2018-2024 and ends
within a year (a daily rule with COUNT or UNTIL): none reaches 2026, so a
window there shows none of them (memory per series, benchmark.sh).
With --people, the calendar of EVENTS events, the same events at the same
times, each with an ORGANIZER, one to four ATTENDEEs (now and then a
room) and one or two CATEGORIES, for `busylife stats` (about 120 bytes
more per event). They come from a generator of their own, so that the
events stay those of the calendar without them.
"""
import random
import sys

args = sys.argv[1:]
people = args[:1] == ["--people"]
if people:
    args = args[1:]
far = args[:1] == ["--far-series"]
all_series = args[:1] == ["--series"] or far
if all_series:
    args = args[1:]
count = int(args[0]) * (2 if all_series else 1)
out = args[1]
seed = int(args[2]) if len(args) > 2 else 20261122
rng = random.Random(seed)
# Seeded apart: the events' own draws stay those of the calendar without people.
people_rng = random.Random(seed + 1)
projects = ["Atlas", "Borealis", "Cobalt", "Delta", "Ember", "Fjord", "Granite", "Harbor"]
zones = ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "W. Europe Standard Time",
         "Customized Time Zone", "Australia/Sydney"]
words = ("review plan sync budget design launch retro coffee lunch call interview "
         "standup planning demo offsite training onboarding workshop").split()
rules = ["FREQ=DAILY;COUNT=30", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=-1FR",
         "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14", "FREQ=WEEKLY;INTERVAL=2;UNTIL=20291231T000000Z"]

def line(f, text):
    # Fold at 75 octets as RFC 5545 asks.
    data = text.encode()
    while len(data) > 75:
        f.write(data[:75] + b"\r\n ")
        data = data[75:]
    f.write(data + b"\r\n")

with open(out, "wb") as f:
    line(f, "BEGIN:VCALENDAR")
    line(f, "VERSION:2.0")
    line(f, "PRODID:-//busylife//benchmark//EN")
    line(f, "X-WR-CALNAME:Benchmark")
    for l in ["BEGIN:VTIMEZONE", "TZID:Customized Time Zone",
              "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+1100", "TZOFFSETTO:+1000",
              "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:STANDARD",
              "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+1000", "TZOFFSETTO:+1100",
              "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU", "END:DAYLIGHT", "END:VTIMEZONE"]:
        line(f, l)
    written = 0
    n = 0
    while written < count:
        n += 1
        zone = rng.choice(zones)
        y, mo, d = rng.randint(2018, 2024) if far else rng.randint(2020, 2030), rng.randint(1, 12), rng.randint(1, 28)
        h, mi = rng.randint(7, 19), rng.choice([0, 15, 30, 45])
        start = f"{y:04d}{mo:02d}{d:02d}T{h:02d}{mi:02d}00"
        end = f"{y:04d}{mo:02d}{d:02d}T{min(h + rng.randint(1, 3), 23):02d}{mi:02d}00"
        title = " ".join(rng.choice(words) for _ in range(3)).capitalize()
        uid = f"bench-{n}@busylife.example"
        recurring = all_series or rng.random() < 0.1
        line(f, "BEGIN:VEVENT")
        line(f, f"UID:{uid}")
        line(f, f"DTSTART;TZID={zone}:{start}")
        line(f, f"DTEND;TZID={zone}:{end}")
        line(f, f"SUMMARY:{title}")
        line(f, f"LOCATION:Room {rng.randint(1, 40)}")
        line(f, "DESCRIPTION:" + " ".join(rng.choice(words) for _ in range(2)))
        line(f, f"ATTENDEE;PARTSTAT=ACCEPTED:mailto:p{rng.randint(1, 99)}@example.com")
        if people:
            line(f, f"ORGANIZER:mailto:p{people_rng.randint(1, 99)}@example.com")
            for _ in range(people_rng.randint(0, 3)):
                line(f, f"ATTENDEE:mailto:p{people_rng.randint(1, 99)}@example.com")
            if people_rng.random() < 0.2:
                line(f, f"ATTENDEE;CUTYPE=ROOM:mailto:room-{people_rng.randint(1, 40)}@example.com")
            line(f, "CATEGORIES:" + ",".join(people_rng.sample(projects, people_rng.randint(1, 2))))
        if far:
            line(f, rng.choice(["RRULE:FREQ=DAILY;COUNT=30", f"RRULE:FREQ=WEEKLY;UNTIL={y + 1:04d}0101T000000Z"]))
        elif recurring:
            line(f, f"RRULE:{rng.choice(rules)}")
        line(f, "END:VEVENT")
        written += 1
        if recurring and written < count:
            line(f, "BEGIN:VEVENT")
            line(f, f"UID:{uid}")
            line(f, f"RECURRENCE-ID;TZID={zone}:{start}")
            line(f, f"DTSTART;TZID={zone}:{start[:9]}{min(h + 1, 22):02d}{mi:02d}00")
            line(f, f"DTEND;TZID={zone}:{end[:9]}23{mi:02d}00")
            line(f, "SEQUENCE:1")
            line(f, f"SUMMARY:{title} (moved)")
            line(f, "END:VEVENT")
            written += 1
    line(f, "END:VCALENDAR")
