#!/usr/bin/env python3
"""Checks the access policy of docs/architecture.md: `public` is only what
BusyLifeKit offers and re-exports.

- BusyLifeKit's own public declarations are its API.
- EventModel is re-exported whole.
- In Import, Settle and FreeBusy, every public top-level type must be named
  by an `@_exported import struct|enum|class Module.Type` line of
  Sources/BusyLifeKit; a public extension must extend such a type (or a
  model type).
- ICal, Export and Convert (and the command line) have nothing public.

Prints what breaks the policy and exits 1; prints the count of public
declarations by target and exits 0 when all is well. Run from anywhere:

    scripts/check-public.py
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, 'Sources')
PUBLIC = re.compile(r'^\s*(@[A-Za-z]+\s+)*public\s')
TOP_TYPE = re.compile(r'^(?:@[A-Za-z]+\s+)*public\s+(?:final\s+)?(struct|enum|class|protocol|actor|typealias)\s+([A-Za-z_]\w*)')
TOP_EXTENSION = re.compile(r'^(?:@[A-Za-z]+\s+)*public\s+extension\s+([A-Za-z_][\w.]*)')
EXTENSION = re.compile(r'^extension\s+([A-Za-z_][\w.]*)')
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
                counts[target] = counts.get(target, 0) + 1
                where = f'{os.path.relpath(path, ROOT)}:{number}'
                if target in ('BusyLifeKit', 'EventModel'):
                    continue
                if target not in ('Import', 'Settle', 'FreeBusy'):
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
    for problem in problems:
        print(problem)
    if problems:
        return 1
    total = sum(counts.values())
    print(f'{total} public declarations: ' + ', '.join(f'{t} {n}' for t, n in sorted(counts.items())))
    return 0


if __name__ == '__main__':
    sys.exit(main())
