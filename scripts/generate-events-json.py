#!/usr/bin/env python3
"""Write a seeded synthetic BusyLife events.json for benchmarks.

    python3 scripts/generate-events-json.py EVENTS OUT.json [SEED]

Events start between 2020 and 2030 (so a one-month window holds about a
120th of them), in the layout BusyLife writes: pretty-printed objects with
startDate (integer or fractional seconds), range, type, title, desc,
attends and a location object (or, for some, an older plain string).
About 400 bytes per event (1,000,000 events make about 400 MB).
"""
import json
import random
import sys

count = int(sys.argv[1])
out = sys.argv[2]
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 20261122)
words = ("review plan sync budget design launch retro coffee lunch call interview "
         "standup planning demo offsite training onboarding workshop").split()
people = ["Mia", "Noah", "Ava", "Liam", "Zoé", "Jürgen", "李雷", "Hanako"]
places = [("Cafe", "Tokyo", 35.6, 139.7), ("Office", "Berlin", 52.52, 13.405), ("坐忘书房", "苏州", 31.3035, 120.7396)]
first, last = 1577836800, 1893456000  # 2020-01-01 .. 2030-01-01

with open(out, "w", encoding="utf-8") as f:
    f.write("[\n")
    for i in range(count):
        start = rng.randrange(first, last) // 60 * 60
        event = {
            "startDate": start + (0.5 if i % 50 == 0 else 0),
            "range": rng.choice([900, 1800, 3600, 5400, 7200, 86400]),
            "type": rng.randrange(1, 6),
            "title": " ".join(rng.choice(words) for _ in range(rng.randrange(1, 4))).capitalize(),
            "desc": " ".join(rng.choice(words) for _ in range(rng.randrange(0, 8))),
            "attends": [{"name": p, "email": p.lower() + "@example.com", "avatar": p.lower()}
                        for p in rng.sample(people, rng.randrange(0, 3))],
        }
        place = rng.choice(places)
        if i % 10 == 0:
            event["location"] = place[0]
        else:
            event["location"] = {"name": place[0], "city": place[1], "latitude": place[2], "longitude": place[3]}
        text = json.dumps(event, ensure_ascii=False, indent=2)
        f.write(("  " + text.replace("\n", "\n  ")) + (",\n" if i + 1 < count else "\n"))
    f.write("]\n")
