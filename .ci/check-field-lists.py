#!/usr/bin/env python3
"""Checks that every prose list of the built-in fields names every field.

The fields are read from `WorldStorage.Field.all` in BuiltInFields.swift, and
from CurrentWorldHTTP's `NetworkFields` (URLSession+World.swift), so a field
added there fails this check until each list names it. A list is
the paragraph after a marker:

    // Names every built-in field (.ci/check-field-lists.py).
    <!-- Names every built-in field (.ci/check-field-lists.py). -->

A DocC catalog's list is found by the words it begins with (`anchors`). In
Swift, the paragraph is the `///` lines that follow, up to the first
empty one; in Markdown, the lines up to the next blank line. A field is
named by its property name or by its words (`timeZone` as "time zone"),
in any case, singular or plural. A marker may end `except: a, b` for a
list that leaves fields out on purpose (a one-line summary).
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
table = (root / "Sources/CurrentWorld/World/BuiltInFields.swift").read_text(encoding="utf-8")
listed = re.search(r"static let all: \[Self\] = \[(.*?)\]", table, re.S)
if not listed:
    sys.exit("check-field-lists: no `static let all` in BuiltInFields.swift")
fields = re.findall(r"\.(\w+)", listed.group(1))
# The fields CurrentWorldHTTP adds (`Current.urlSession`): a dependency in its
# `NetworkFields` namespace, listed with the core's.
network = (root / "Sources/CurrentWorldHTTP/Sessions/URLSession+World.swift").read_text(encoding="utf-8")
added = re.findall(r"^  static let (\w+) = WorldDependency", network, re.M)
if not added:
    sys.exit("check-field-lists: no `static let … = WorldDependency` in URLSession+World.swift")
fields += added

# The lists that must carry a marker: a deleted marker fails too.
expected = {
    "Sources/CurrentWorld/World/World.swift",
    "Sources/CurrentWorld/World/World+Fixed.swift",
    "Sources/CurrentWorldTesting/World+Test.swift",
    "README.md",
}
# DocC renders an HTML comment as text, so a catalog's list is found by the
# words it begins with instead, and may leave out the fields named here.
anchors = {
    "Sources/CurrentWorld/CurrentWorld.docc/GettingStarted.md": ("A ``World`` holds everything", set()),
    "Sources/CurrentWorld/CurrentWorld.docc/CurrentWorld.md": (
        "Make the outside world controllable", {"context"}),
}
marker = re.compile(r"Names every built-in field \(\.ci/check-field-lists\.py\)\.(?:\s*except:\s*([\w, ]+))?")


def paragraph(lines, start, swift):
    """The lines of the list that follows the marker on line `start`."""
    found = []
    for line in lines[start + 1:]:
        text = line.strip()
        if swift:
            if not text.startswith("///") or text == "///":
                break
            found.append(text[3:])
        else:
            if not text:
                if found:
                    break
                continue
            found.append(text)
    return " ".join(" ".join(found).split())


def names(field, text):
    """Whether `text` names `field`, as a whole word."""
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", field).lower()
    forms = {field.lower(), words, words.rstrip("s")}
    lowered = text.lower()
    return any(re.search(rf"\b{re.escape(form)}s?\b", lowered) for form in forms)


def check(relative, number, text, exempt):
    if not text:
        problems.append(f"{relative}:{number + 1}: the marker is followed by no list")
    for field in fields:
        if field not in exempt and not names(field, text):
            problems.append(
                f"{relative}:{number + 1}: the list after this line does not name `{field}`: "
                f"name it, or add it to the marker's `except:`")


problems = []
seen = set()
candidates = [root / "README.md"] + sorted((root / "Sources").rglob("*.swift")) + sorted(
    (root / "Sources").rglob("*.md"))
for path in candidates:
    relative = str(path.relative_to(root))
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        found = marker.search(line)
        if not found:
            continue
        seen.add(relative)
        exempt = {name.strip() for name in (found.group(1) or "").split(",") if name.strip()}
        check(relative, number, paragraph(lines, number, path.suffix == ".swift"), exempt)
for relative, (start, exempt) in anchors.items():
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    number = next((n for n, line in enumerate(lines) if line.startswith(start)), None)
    if number is None:
        problems.append(f"{relative}: no paragraph begins \"{start}\" (.ci/check-field-lists.py)")
        continue
    seen.add(relative)
    check(relative, number, paragraph(lines, number - 1, False), exempt)
for missing in sorted(expected - seen):
    problems.append(f"{missing}: its list of the built-in fields has no marker")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"check-field-lists: {len(seen)} lists name all {len(fields)} built-in fields")
