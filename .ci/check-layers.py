#!/usr/bin/env python3
"""Checks the rules of the package's shape that no compiler checks.

- Raw memory lives in the support target's lock only: no unsafe pointer,
  memory binding or `unsafelyUnwrapped` anywhere else in Sources.
- Every `@unchecked Sendable` says why, in the comment right above it, on
  a line that names `@unchecked Sendable`.
- The core never imports CurrentWorldHTTP: HTTP is layered on the core, so
  importing CurrentWorld alone shows no HTTP name.
- CurrentWorldHTTP reads the world in two files only: HTTPClient+World.swift,
  by an internal import, and URLSession+World.swift, which adds
  `Current.urlSession` and so imports the core publicly; it never imports
  the testing module.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sources = root / "Sources"
support = sources / "CurrentWorldSupport"
raw_memory = re.compile(
    r"\b(Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|bindMemory|assumingMemoryBound|unsafelyUnwrapped"
    r"|withUnsafe\w+|unsafeBitCast|unsafeDowncast|Unmanaged)\b")
problems = []

for path in sorted(sources.rglob("*.swift")):
    if path.is_relative_to(support):
        continue
    relative = path.relative_to(root)
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        code = line.split("//", 1)[0]
        if raw_memory.search(code):
            problems.append(f"{relative}:{number}: raw memory outside the support target's lock")
        if "@unchecked Sendable" in code:
            above, index = [], number - 2
            while index >= 0 and lines[index].strip().startswith("//"):
                above.append(lines[index])
                index -= 1
            if not any("@unchecked Sendable" in comment for comment in above):
                problems.append(
                    f"{relative}:{number}: `@unchecked Sendable` without a reason in the comment above")
        if re.match(r"\s*(\w+\s+)?import CurrentWorldHTTP\b", code) and path.is_relative_to(
                sources / "CurrentWorld"):
            problems.append(f"{relative}:{number}: the core imports CurrentWorldHTTP")
        if path.is_relative_to(sources / "CurrentWorldHTTP"):
            if re.match(r"\s*(\w+\s+)?import CurrentWorldTesting\b", code):
                problems.append(f"{relative}:{number}: CurrentWorldHTTP imports the testing module")
            core = re.match(r"\s*(\w+\s+)?import CurrentWorld\s*$", code)
            allowed = {"HTTPClient+World.swift": "internal ", "URLSession+World.swift": "public "}
            if core and allowed.get(path.name) != core.group(1):
                problems.append(
                    f"{relative}:{number}: CurrentWorldHTTP imports the core outside "
                    "HTTPClient+World.swift (by `internal import`) and URLSession+World.swift "
                    "(by `public import`)")

for problem in problems:
    print(problem)
if problems:
    sys.exit(f"{len(problems)} shape rule(s) broken; see ARCHITECTURE.md")
print("shape rules hold")
