#!/usr/bin/env python3
"""Runs busylife (the path in BUSYLIFE) with the arguments given and
prints its output with every character beyond ASCII spelt as UNIxxxxEND:
swift-argument-parser's generate-manual drops such characters (±, –, ↦),
and scripts/manual-fix.py turns the spelling into groff's \\[uxxxx]."""
import os
import subprocess
import sys

output = subprocess.run([os.environ["BUSYLIFE"]] + sys.argv[1:], check=True, capture_output=True).stdout.decode("utf-8")
sys.stdout.write("".join(c if ord(c) < 128 else "UNI%04XEND" % ord(c) for c in output))
