#!/usr/bin/env python3
"""Fails when a public symbol lacks a /// comment, or when a module's
top-level public symbol is missing from the Topics of its DocC landing page.
Examples belong where they teach (types, entry points, anything whose use the
signature does not show), so none is demanded of a property; an example that
only prints, or only says that you do not call the symbol, fails. So do doc
comments that grow past 35% of the lines in Sources.

Reads the symbol graphs that `swift build -emit-symbol-graph` (or
`swift-symbolgraph-extract`) wrote into the folder given as the first
argument, for the modules named after it.
"""
import json
import os
import pathlib
import re
import sys

DOC_SHARE_LIMIT = 0.35

arguments = sys.argv[1:]
folder = pathlib.Path(arguments[0]).resolve()
modules = arguments[1:]
problems = []
checked = 0
for module in modules:
    landing = pathlib.Path(f"Sources/{module}/{module}.docc/{module}.md").read_text()
    paths = [folder / f"{module}.symbols.json", *folder.glob(f"{module}@*.symbols.json")]
    if not paths[0].exists():
        # A module whose graph was not written was not checked at all.
        problems.append(f"{module}: no symbol graph in {folder}; was the module built?")
        continue
    for path in sorted(p for p in paths if p.exists()):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            # An extension block is documented by its members.
            if symbol.get("kind", {}).get("identifier") == "swift.extension":
                continue
            # Synthesized conformances and members inherited from the standard
            # library carry the standard library's docs, not ours.
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location:
                continue
            checked += 1
            name = ".".join(symbol["pathComponents"])
            lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
            where = f'{location.split("/Sources/")[-1]}:{symbol["location"]["position"]["line"] + 1}'
            top_level = len(symbol["pathComponents"]) == 1 and not path.name.count("@")
            if top_level and f"``{symbol['pathComponents'][0]}" not in landing:
                problems.append(f"{where}: {module}.{name} is not in the Topics of {module}.md")
            if not any(line.strip() for line in lines):
                problems.append(f"{where}: public symbol {module}.{name} has no /// comment")
# The doc comments of Sources as a whole, and their example blocks.
total_lines = doc_lines = 0
for path in sorted(pathlib.Path("Sources").rglob("*.swift")):
    lines = path.read_text().splitlines()
    total_lines += len(lines)
    docs = [(number, line.strip()[3:].strip()) for number, line in enumerate(lines, 1)
            if line.strip().startswith("///")]
    doc_lines += len(docs)
    example, start = None, 0
    for number, text in docs:
        if text.startswith("```"):
            if example is None:
                example, start = [], number
                continue
            code = [line for line in example if line and not line.startswith("//")]
            if not code or all(re.match(r"(print|dump)\(", line) for line in code):
                problems.append(f"{path}:{start}: this example only prints; show a use, or drop it")
            if any("you do not call it" in line.lower() for line in example):
                problems.append(f"{path}:{start}: an example that says not to call the symbol teaches nothing")
            example = None
        elif example is not None:
            example.append(text)
share = doc_lines / max(total_lines, 1)
if share > DOC_SHARE_LIMIT:
    problems.append(
        f"Sources: /// lines are {share:.0%} of all lines, above {DOC_SHARE_LIMIT:.0%}; "
        "keep examples to types and entry points")

for problem in problems:
    print(problem)
print(f"docs: {checked} public symbols checked, /// lines {share:.1%} of Sources, "
      f"{len(problems)} problems")
sys.exit(1 if problems or checked == 0 else 0)
