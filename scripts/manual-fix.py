#!/usr/bin/env python3
"""Turn swift-argument-parser's generated mdoc page into one that groff
reads without warnings and that keeps --help's layout:

- a blank line in a discussion becomes a paragraph break (.Pp);
- a heading line of a discussion (EXAMPLES:, EXIT CODES:...) becomes .Ss;
- characters beyond ASCII, spelt UNIxxxxEND by scripts/manual-dump-help.py
  (the generator drops them), become groff's \\[uxxxx];
- lines indented by two spaces or more (examples, lists) are kept as they
  are, in a literal display (.Bd -literal ... .Ed), never re-filled, so
  an example is never broken in the middle of a command.

   scripts/manual-fix.py IN OUT
"""
import re
import sys

source, target = sys.argv[1], sys.argv[2]
text = open(source, encoding="utf-8").read()
text = re.sub(r"UNI([0-9A-F]{4,6})END", lambda m: "\\[u%s]" % m.group(1), text)
lines = text.split("\n")
out = []
literal = False
depth = 0  # .Bl lists open: a .Ss inside one would end it


def close():
    global literal
    if literal:
        out.append(".Ed")
        literal = False


for line in lines:
    if line.startswith("."):
        close()
        depth += line.startswith(".Bl") - line.startswith(".El")
        out.append(line)
    elif line.strip() == "":
        close()
        if out and out[-1] != ".Pp" and not out[-1].startswith(".S"):
            out.append(".Pp")
    elif re.fullmatch(r"[A-Z][A-Z ]+:", line):
        close()
        if depth == 0:
            out.append(".Ss " + line[:-1])
        else:
            if out and out[-1] != ".Pp":
                out.append(".Pp")
            out.append(".Sy " + line)
    elif line.startswith("  "):
        if not literal:
            out.append(".Bd -literal -offset indent")
            literal = True
        # Drop the two spaces --help indents with: the display indents.
        text = line[2:]
        # A line that starts with a dot or quote would be read as a request.
        if text.startswith(".") or text.startswith("'"):
            text = "\\&" + text
        out.append(text)
    else:
        close()
        out.append("\\&" + line if line.startswith("'") else line)
close()
# A paragraph break just before a section or list is one too many.
cleaned = []
for index, line in enumerate(out):
    following = out[index + 1] if index + 1 < len(out) else ""
    if line == ".Pp" and (following.startswith(".Sh") or following.startswith(".Ss") or following.startswith(".It")
                          or following.startswith(".El") or following.startswith(".Bl") or following == ""):
        continue
    cleaned.append(line)
open(target, "w", encoding="utf-8").write("\n".join(cleaned))
