#!/usr/bin/env python3
"""Fails when a Swift code block in a DocC article or the README is not
compiled anywhere.

Every ```swift block in the articles of Sources/*/*.docc and in README.md
must appear, line by line (indentation and blank lines aside), in one Swift
file that a build compiles: the documentation tests, the examples, the
sources, or the Benchmarks package (the only place swift-dependencies code
may live). Manifest fragments are the exception (the README's two, and any
block that starts a `.package(url:` line): a manifest that names the
published URL cannot be built here.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
compiled = {}
for folder in ["Tests", "Examples", "Sources", "Benchmarks/Sources"]:
    for path in (root / folder).rglob("*.swift"):
        if any(part.startswith(".build") for part in path.parts):
            continue  # a build folder's copies of other packages
        lines = [line.strip() for line in path.read_text().splitlines()]
        compiled[path.relative_to(root)] = [line for line in lines if line]

def found(block):
    size = len(block)
    for path, lines in compiled.items():
        for start in range(len(lines) - size + 1):
            if lines[start:start + size] == block:
                return path
    return None

problems = []
checked = 0
MANIFEST_FRAGMENTS = ("dependencies: [", ".target(name: \"MyApp\"")

for article in sorted(root.glob("Sources/*/*.docc/*.md")) + [root / "README.md"]:
    text = article.read_text()
    for match in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        block = [line.strip() for line in match.group(1).splitlines() if line.strip()]
        if article.name == "README.md" and block and block[0].startswith(MANIFEST_FRAGMENTS):
            continue
        if block and block[0] == ".package(" and block[1].startswith("url: "):
            continue  # a manifest that names the published URL, in an article too
        checked += 1
        if not found(block):
            line = text[: match.start()].count("\n") + 1
            problems.append(f"{article.relative_to(root)}:{line}: this snippet is not in any compiled file")
for problem in problems:
    print(problem)
print(f"snippets: {checked} article and README snippets checked, {len(problems)} not compiled")
sys.exit(1 if problems or checked == 0 else 0)
