#!/usr/bin/env python3
"""What a rendered PNG shows, for tests that look at pictures without an
image library: its size, the colour of its top-left pixel (the
background), how many pixels differ from it, the box they lie in, and how
many distinct colours there are (up to 1000).

    scripts/png-summary.py FILE.png...

Prints one JSON line per file: {"file", "width", "height", "background":
"#rrggbb", "painted", "box": [left, top, right, bottom], "colours"}.
Reads 8-bit RGB and RGBA PNGs without interlacing (what Chromium writes);
exits 1 on anything else.
"""
import json
import struct
import sys
import zlib


def rows(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            header = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError('only 8-bit RGB or RGBA without interlacing')
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(b''.join(idat))
    stride = width * step
    previous = bytearray(stride)
    out = []
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(step, stride):
                line[i] = (line[i] + line[i - step]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - step] if i >= step else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - step] if i >= step else 0
                b = previous[i]
                c = previous[i - step] if i >= step else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(bytes(line))
        previous = line
    return width, height, step, out


def summary(path):
    width, height, step, lines = rows(path)
    background = lines[0][0:3]
    painted, colours = 0, set()
    left, top, right, bottom = width, height, -1, -1
    for y, line in enumerate(lines):
        for x in range(width):
            pixel = line[x * step:x * step + 3]
            if len(colours) < 1000:
                colours.add(pixel)
            if pixel != background:
                painted += 1
                left, right = min(left, x), max(right, x)
                top, bottom = min(top, y), max(bottom, y)
    return {'file': path, 'width': width, 'height': height, 'background': '#' + background.hex(),
            'painted': painted, 'box': [left, top, right, bottom], 'colours': len(colours)}


status = 0
for path in sys.argv[1:]:
    try:
        print(json.dumps(summary(path)))
    except (OSError, ValueError, zlib.error) as error:
        print(f'png-summary: {path}: {error}', file=sys.stderr)
        status = 1
sys.exit(status)
