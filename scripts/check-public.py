#!/usr/bin/env python3
"""Checks the access policy of docs/architecture.md: `public` is only what
BusyLifeKit offers and re-exports.

- BusyLifeKit's own public declarations are its API.
- EventModel is re-exported whole.
- In Import, Settle, FreeBusy and Statistics, every public top-level type must be named
  by an `@_exported import struct|enum|class Module.Type` line of
  Sources/BusyLifeKit; a public extension must extend such a type (or a
  model type).
- ICal, Export and Convert (and the command line) have nothing public.
- Plumbing has nothing public but the writers named in INLINED, each a
  public type with no public member, uncounted: Swift inlines a `package`
  member into another module only when its type is public, and the
  other targets write through these a few bytes at a time.
- At most LIMIT public declarations in all: the library's surface is chosen
  on purpose, and what is added must push something out or come with a
  reason to raise the bound. 150 held the readers, settling, free and
  busy time and conversion; statistics (issue 42) added 50: the value
  `busylife stats` prints (42: its five types and their fields, kept
  whole for the text and SVG renderers and for apps that draw their own
  chart), `StatsRequest` (6) and the two calls that make one. Each line that starts with `public` is one
  declaration (enum cases belong to their enum); `public extension` is
  refused, since its members would be public without saying so and go
  uncounted.

Prints what breaks the policy and exits 1; prints the count of public
declarations by target and exits 0 when all is well. Run from anywhere,
on this package or on another folder that holds a Sources (the tests do):

    scripts/check-public.py [ROOT]
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, 'Sources')
PUBLIC = re.compile(r'^\s*(@[A-Za-z]+\s+)*public\s')
TOP_TYPE = re.compile(r'^(?:@[A-Za-z]+\s+)*public\s+(?:final\s+)?(struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)')
TOP_EXTENSION = re.compile(r'^(?:@[A-Za-z]+\s+)*public\s+extension\s+([A-Za-z_][\w.]*)')
EXTENSION = re.compile(r'^extension\s+([A-Za-z_][\w.]*)')
# 150 for reading, settling and conversion; 7 for subscriptions read by
# the library (CalendarSource.url: SourceLogin, SourceRefresh, the async
# read, ReadOptions.cacheFolder); 50 for statistics (see above); 9 for
# CalDAV read by the library (CalendarSource.caldav: CalDAVSource, its
# seven settings and its init).
LIMIT = 216
INLINED = {'Plumbing': {'ByteWriter', 'SpillWriter'}}
EXPORTED = re.compile(r'^@_exported\s+import\s+(?:struct|enum|class|protocol|typealias)\s+(\w+)\.(\w+)')


def swift_files(target):
    for root, _, files in os.walk(os.path.join(SOURCES, target)):
        for name in sorted(files):
            if name.endswith('.swift'):
                yield os.path.join(root, name)


def main():
    exported = {}
    for path in swift_files('BusyLifeKit'):
        for line in open(path, encoding='utf-8'):
            m = EXPORTED.match(line)
            if m:
                exported.setdefault(m.group(1), set()).add(m.group(2))
    model_types = set()
    for path in swift_files('EventModel'):
        for line in open(path, encoding='utf-8'):
            m = TOP_TYPE.match(line)
            if m:
                model_types.add(m.group(2))

    problems, counts = [], {}
    for target in sorted(os.listdir(SOURCES)):
        if not os.path.isdir(os.path.join(SOURCES, target)):
            continue
        for path in swift_files(target):
            extended = None  # the type a top-level `extension` line opens
            for number, line in enumerate(open(path, encoding='utf-8'), 1):
                m = EXTENSION.match(line)
                if m:
                    extended = m.group(1)
                if not PUBLIC.match(line):
                    continue
                top = TOP_TYPE.match(line)
                if top and top.group(2) in INLINED.get(target, set()):
                    continue
                counts[target] = counts.get(target, 0) + 1
                where = f'{os.path.relpath(path, ROOT)}:{number}'
                if TOP_EXTENSION.match(line):
                    problems.append(f'{where}: `public extension` makes its members public uncounted '
                                    '(write `extension`, and `public` on each member)')
                if target in ('BusyLifeKit', 'EventModel'):
                    continue
                if target not in ('Import', 'Settle', 'FreeBusy', 'Statistics'):
                    problems.append(f'{where}: {target} has nothing public (make it package): {line.strip()}')
                    continue
                allowed = exported.get(target, set())
                top = TOP_TYPE.match(line)
                if top and top.group(2) not in allowed:
                    problems.append(f'{where}: public {top.group(2)} is not re-exported by BusyLifeKit '
                                    f'(make it package, or add @_exported import {top.group(1)} {target}.{top.group(2)})')
                ext = TOP_EXTENSION.match(line)
                if line.startswith('extension') or ext:
                    extended = (ext.group(1) if ext else extended)
                if not line[0].isspace() and not top and not ext:
                    continue
                if line[0].isspace() and extended:
                    base = extended.split('.')[0]
                    if base not in allowed and base not in model_types and not any(base in v for v in exported.values()):
                        problems.append(f'{where}: a public member of an extension of {extended}, '
                                        'which BusyLifeKit does not offer')
    total = sum(counts.values())
    summary = f'{total} public declarations: ' + ', '.join(f'{t} {n}' for t, n in sorted(counts.items()))
    if total > LIMIT:
        problems.append(f'{summary}; at most {LIMIT} (make what an app does not need package)')
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(summary)
    return 0


if __name__ == '__main__':
    sys.exit(main())
