#!/usr/bin/env python3
"""Lists Swift functions, initializers, subscripts and computed properties whose
bodies are longer than a limit (default 60 lines), in the directories given.

    scripts/long-functions.py Sources/Settle Sources/Export
    scripts/long-functions.py --limit 40 Sources

A body's length counts its lines from the line after the opening brace to
the line before the closing one. Braces inside strings (also multi-line
\"\"\" strings) and comments are skipped. Each line of output is
`LENGTH path:line name`, longest first; the exit status is 0 either way.
A function that stays long on purpose says why in the comment just above
it, with the words `Long on purpose:`; `--unexplained` lists only those
that do not (Tests/BusyLifeKitTests/AccessPolicyTests.swift runs it on
Sources/Settle and Sources/Export and expects nothing).
"""
import argparse
import os
import re
import sys

# Functions, initializers, subscripts, and computed properties (a `var`
# whose type is followed by its body, not by `=`).
DECL = re.compile(r'\b(func\s+([^\s(<]+)|init[?!]?|deinit|subscript|var\s+([A-Za-z_]\w*)\s*:[^=\n{]*(?=\{))')


def strip_code(text):
    """The text with string literals and comments blanked (newlines kept),
    so that braces in them do not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif text.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == '"' or (c == '#' and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r'#*', text[i:]).group(0))
            j = i + hashes
            triple = text.startswith('"""', j)
            quote = '"""' if triple else '"'
            close = quote + '#' * hashes
            j += len(quote)
            depth = 0  # interpolations \( ... ) may hold strings of their own
            while j < n:
                if text[j] == '\\' and hashes == 0:
                    if text.startswith('\\(', j):
                        depth += 1
                        j += 2
                        continue
                    j += 2
                    continue
                if depth and text[j] == ')':
                    depth -= 1
                elif depth and text[j] == '(':
                    depth += 1
                elif not depth and text.startswith(close, j):
                    j += len(close)
                    break
                elif not triple and not depth and text[j] == '\n':
                    break
                j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def explained(lines, index):
    """Whether the comment lines just above line `index` (0-based) say
    `Long on purpose:` (attributes between are skipped)."""
    index -= 1
    while index >= 0 and lines[index].strip().startswith('@'):
        index -= 1
    while index >= 0 and lines[index].strip().startswith('//'):
        if 'long on purpose:' in lines[index].lower():
            return True
        index -= 1
    return False


def long_bodies(path, limit, unexplained=False):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    lines = text.split('\n')
    code = strip_code(text)
    found = []
    for m in DECL.finditer(code):
        # The body opens at the first '{' at the declaration's own nesting
        # (parameters' default closures are inside parentheses).
        i, paren = m.end(), 0
        while i < len(code):
            ch = code[i]
            if ch in '([':
                paren += 1
            elif ch in ')]':
                paren -= 1
            elif ch == '{' and paren == 0:
                break
            elif ch in ';}' and paren == 0:
                i = -1  # a protocol requirement: no body
                break
            i += 1
        if i < 0 or i >= len(code):
            continue
        depth, j = 0, i
        while j < len(code):
            if code[j] == '{':
                depth += 1
            elif code[j] == '}':
                depth -= 1
                if depth == 0:
                    break
            j += 1
        first = code.count('\n', 0, i) + 1
        last = code.count('\n', 0, j) + 1
        length = last - first - 1
        if length > limit:
            name = m.group(2) or (m.group(3) and 'var ' + m.group(3)) or m.group(1)
            line = code.count('\n', 0, m.start()) + 1
            if unexplained and explained(lines, line - 1):
                continue
            found.append((length, path, line, name))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--limit', type=int, default=60)
    parser.add_argument('--unexplained', action='store_true',
                        help='leave out functions whose comment says "Long on purpose:"')
    parser.add_argument('dirs', nargs='+')
    args = parser.parse_args()
    found = []
    for d in args.dirs:
        for root, _, files in os.walk(d):
            for name in sorted(files):
                if name.endswith('.swift'):
                    found += long_bodies(os.path.join(root, name), args.limit, args.unexplained)
    for length, path, line, name in sorted(found, key=lambda f: (-f[0], f[1], f[2])):
        print(f'{length:4d} {path}:{line} {name}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
