#!/usr/bin/env python3
"""Fails when a version written for users differs from VERSION.

VERSION holds the release that users install. Markdown, the trait
messages (a `#error` string) and the fixtures' manifests cannot read a
file, so they repeat it; this check keeps every copy equal to VERSION:

- each `from: "X"` that follows the package's URL, in every tracked file
  (the escaped `from: \\"X\\"` of a trait message too);
- the newest released section of CHANGELOG.md, `## [X] - date`.

`--version V` checks against V instead of VERSION, to show that the
check can fail.
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
version = (root / "VERSION").read_text().strip()
if len(sys.argv) == 3 and sys.argv[1] == "--version":
    version = sys.argv[2]
if not re.fullmatch(r"\d+\.\d+\.\d+", version):
    sys.exit(f"version: VERSION holds {version!r}, not a semantic version")

PIN = re.compile(r'CurrentWorld\.git\\?",\s*from:\s*\\?"([^"\\]+)\\?"')
problems = []
pins = 0
files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                       check=True).stdout.splitlines()
for name in files:
    path = root / name
    if path.suffix not in {".md", ".swift", ".py"} or not path.is_file():
        continue
    text = path.read_text(errors="replace")
    for match in PIN.finditer(text):
        pins += 1
        if match.group(1) != version:
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{name}:{line}: from: \"{match.group(1)}\", not {version}")

if pins == 0:
    # A pattern that stopped matching would pass every copy unseen.
    problems.append("no install line found: the README's at least names the package's URL "
                    "with from: — has its form changed?")

released = re.search(r"^## \[(\d+\.\d+\.\d+)\]", (root / "CHANGELOG.md").read_text(), re.M)
if not released or released.group(1) != version:
    found = released.group(1) if released else "none"
    problems.append(f"CHANGELOG.md: the newest release is {found}, not {version}")

for problem in problems:
    print(f"version: {problem}", file=sys.stderr)
if problems:
    sys.exit(f"version: {len(problems)} copies differ from VERSION ({version}); "
             "write VERSION's release in each, or change VERSION")
print(f"version: {pins} install lines and CHANGELOG.md name {version}, as VERSION does")
